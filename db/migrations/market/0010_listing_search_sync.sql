-- Keeps market.listing_search (the narrow search table) in step with market.listings: a listing
-- visitors can find has one row there, any other listing none. Deletes cascade by foreign key.
CREATE OR REPLACE FUNCTION market.sync_listing_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('active', 'under_offer', 'sold_stc', 'let_agreed')
     AND NEW.deleted_at IS NULL AND NEW.published_at IS NOT NULL THEN
    INSERT INTO market.listing_search (listing_id, channel, status, property_type, monthly_price,
      bedrooms, floor_area_sq_ft, furnished, let_type, town, outcode, earth, published_at)
    VALUES (NEW.id, NEW.channel, NEW.status, NEW.property_type, NEW.monthly_price, NEW.bedrooms,
      NEW.floor_area_sq_ft, NEW.furnished, NEW.let_type, lower(NEW.town), NEW.outcode,
      public.ll_to_earth(NEW.lat, NEW.lng), NEW.published_at)
    ON CONFLICT (listing_id) DO UPDATE SET
      channel = EXCLUDED.channel, status = EXCLUDED.status, property_type = EXCLUDED.property_type,
      monthly_price = EXCLUDED.monthly_price, bedrooms = EXCLUDED.bedrooms,
      floor_area_sq_ft = EXCLUDED.floor_area_sq_ft, furnished = EXCLUDED.furnished,
      let_type = EXCLUDED.let_type, town = EXCLUDED.town, outcode = EXCLUDED.outcode,
      earth = EXCLUDED.earth, published_at = EXCLUDED.published_at;
  ELSE
    DELETE FROM market.listing_search WHERE listing_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER listing_search_sync
AFTER INSERT OR UPDATE ON market.listings
FOR EACH ROW EXECUTE FUNCTION market.sync_listing_search();
--> statement-breakpoint
INSERT INTO market.listing_search (listing_id, channel, status, property_type, monthly_price,
  bedrooms, floor_area_sq_ft, furnished, let_type, town, outcode, earth, published_at)
SELECT id, channel, status, property_type, monthly_price, bedrooms, floor_area_sq_ft, furnished,
  let_type, lower(town), outcode, public.ll_to_earth(lat, lng), published_at
FROM market.listings
WHERE status IN ('active', 'under_offer', 'sold_stc', 'let_agreed')
  AND deleted_at IS NULL AND published_at IS NOT NULL;
