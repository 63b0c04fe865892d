-- 'Pets considered' as a search filter on lets: one more bit (64, after the six must-haves of
-- market.listing_features_mask; PETS_CONSIDERED_MASK in domain/listing/enums.ts) in the search
-- table's features mask, set from the listing's pets_considered. Same sync as 0021 otherwise.
CREATE OR REPLACE FUNCTION market.sync_listing_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('active', 'under_offer', 'sold_stc', 'let_agreed')
     AND NEW.deleted_at IS NULL AND NEW.published_at IS NOT NULL
     AND NEW.owner_suspended_at IS NULL THEN
    INSERT INTO market.listing_search (listing_id, channel, status, property_type, monthly_price,
      bedrooms, floor_area_sq_ft, furnished, let_type, town, outcode, earth, published_at,
      features, grid_cell, words)
    VALUES (NEW.id, NEW.channel, NEW.status, NEW.property_type, NEW.monthly_price, NEW.bedrooms,
      NEW.floor_area_sq_ft, NEW.furnished, NEW.let_type, lower(NEW.town), NEW.outcode,
      public.ll_to_earth(NEW.lat, NEW.lng), NEW.published_at,
      (market.listing_features_mask(NEW.features)
        | CASE WHEN NEW.pets_considered THEN 64 ELSE 0 END)::smallint,
      market.grid_cell(NEW.lat, NEW.lng), market.listing_words_mask(NEW.search_vector))
    ON CONFLICT (listing_id) DO UPDATE SET
      channel = EXCLUDED.channel, status = EXCLUDED.status, property_type = EXCLUDED.property_type,
      monthly_price = EXCLUDED.monthly_price, bedrooms = EXCLUDED.bedrooms,
      floor_area_sq_ft = EXCLUDED.floor_area_sq_ft, furnished = EXCLUDED.furnished,
      let_type = EXCLUDED.let_type, town = EXCLUDED.town, outcode = EXCLUDED.outcode,
      earth = EXCLUDED.earth, published_at = EXCLUDED.published_at,
      features = EXCLUDED.features, grid_cell = EXCLUDED.grid_cell, words = EXCLUDED.words;
  ELSE
    DELETE FROM market.listing_search WHERE listing_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER listing_search_sync ON market.listings;--> statement-breakpoint
CREATE TRIGGER listing_search_sync
AFTER INSERT OR UPDATE OF status, deleted_at, published_at, owner_suspended_at, channel,
  property_type, price, rent_period, bedrooms, floor_area_sq_ft, furnished,
  let_type, town, outcode, lat, lng, features, pets_considered, search_vector, title, description,
  key_features
ON market.listings
FOR EACH ROW EXECUTE FUNCTION market.sync_listing_search();--> statement-breakpoint
DROP TRIGGER listing_search_sync_placements ON market.listings;--> statement-breakpoint
-- After the sync above (triggers fire in name order), on the same columns (0027).
CREATE TRIGGER listing_search_sync_placements
AFTER INSERT OR UPDATE OF status, deleted_at, published_at, owner_suspended_at, channel,
  property_type, price, rent_period, bedrooms, floor_area_sq_ft, furnished,
  let_type, town, outcode, lat, lng, features, pets_considered, search_vector, title, description,
  key_features
ON market.listings
FOR EACH ROW EXECUTE FUNCTION market.sync_listing_search_placements();--> statement-breakpoint
UPDATE market.listing_search AS s SET features = (s.features | 64)::smallint
FROM market.listings AS l
WHERE l.id = s.listing_id AND l.pets_considered;
