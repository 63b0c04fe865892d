-- A wide area's Featured homes, covering the filters like the other featured indexes (0019,
-- 0024, 0026): read cell by cell from a channel's b-tree, a third of the earth GiST's cost per
-- row for a 40-mile search (loadFeatured in server/marketplace/search/search-listings.ts,
-- docs/performance.md §1).
CREATE INDEX "listing_search_featured_cell_idx" ON "market"."listing_search" USING btree ("channel","grid_cell")
  INCLUDE ("listing_id", "earth", "status", "property_type", "monthly_price", "bedrooms",
    "floor_area_sq_ft", "furnished", "let_type", "features", "published_at", "town", "outcode",
    "featured_until", "words")
  WHERE "market"."listing_search"."featured_until" is not null;
