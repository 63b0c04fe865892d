-- A channel's Featured homes in 64 buckets by id, covering the filters like the other featured
-- indexes (0019): a search with thousands of Featured homes reads only this rotation's buckets
-- (loadFeatured in server/marketplace/search/search-listings.ts, docs/search.md).
CREATE INDEX "listing_search_featured_bucket_idx" ON "market"."listing_search" USING btree ("channel",("listing_id" % 64))
  INCLUDE ("listing_id", "earth", "status", "property_type", "monthly_price", "bedrooms",
    "floor_area_sq_ft", "furnished", "let_type", "features", "published_at", "town", "outcode",
    "featured_until", "words")
  WHERE "market"."listing_search"."featured_until" is not null;
