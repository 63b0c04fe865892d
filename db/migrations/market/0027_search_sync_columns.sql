-- The search table's triggers fire only when a column they read is written. They fired on every
-- update of a listing, so each property page view (`view_count + 1`) rewrote the listing's search
-- row (every column, in ~20 covering indexes) and then its placements: the busiest write in
-- the site, for a counter search never reads (docs/performance.md §2). The lists are the columns
-- `sync_listing_search` (0021) reads, with those that feed them: title, description and
-- key features (the search vector, set by a BEFORE trigger, which UPDATE OF does not see), and
-- price and rent period for the generated monthly price (naming a stored generated column would
-- fire the trigger on every update: PostgreSQL recomputes it on each one).
DROP TRIGGER listing_search_sync ON market.listings;--> statement-breakpoint
CREATE TRIGGER listing_search_sync
AFTER INSERT OR UPDATE OF status, deleted_at, published_at, owner_suspended_at, channel,
  property_type, price, rent_period, bedrooms, floor_area_sq_ft, furnished,
  let_type, town, outcode, lat, lng, features, search_vector, title, description, key_features
ON market.listings
FOR EACH ROW EXECUTE FUNCTION market.sync_listing_search();--> statement-breakpoint
DROP TRIGGER listing_search_sync_placements ON market.listings;--> statement-breakpoint
-- After the sync above (triggers fire in name order), which resets the bumped date.
CREATE TRIGGER listing_search_sync_placements
AFTER INSERT OR UPDATE OF status, deleted_at, published_at, owner_suspended_at, channel,
  property_type, price, rent_period, bedrooms, floor_area_sq_ft, furnished,
  let_type, town, outcode, lat, lng, features, search_vector, title, description, key_features
ON market.listings
FOR EACH ROW EXECUTE FUNCTION market.sync_listing_search_placements();
