-- A town's or a district's Featured homes, covering the filters like the other featured indexes
-- (0019, 0024): a 'this area only' search found its Featured homes through the town's or
-- district's covering index and then read each home's row for `featured_until` (8,403 rows of
-- one town for none pinned, 10-21 ms at 1,000,000 listings; docs/performance.md §1).
CREATE INDEX "listing_search_featured_town_idx" ON "market"."listing_search" USING btree ("channel","town")
  INCLUDE ("listing_id", "earth", "status", "property_type", "monthly_price", "bedrooms",
    "floor_area_sq_ft", "furnished", "let_type", "features", "published_at", "outcode",
    "featured_until", "words")
  WHERE "market"."listing_search"."featured_until" is not null;--> statement-breakpoint
CREATE INDEX "listing_search_featured_outcode_idx" ON "market"."listing_search" USING btree ("channel","outcode")
  INCLUDE ("listing_id", "earth", "status", "property_type", "monthly_price", "bedrooms",
    "floor_area_sq_ft", "furnished", "let_type", "features", "published_at", "town",
    "featured_until", "words")
  WHERE "market"."listing_search"."featured_until" is not null;
