CREATE TABLE "market"."account_erasure_requests" (
	"user_sub" text PRIMARY KEY NOT NULL,
	"email" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "owner_suspended_at" timestamp with time zone;--> statement-breakpoint
-- A disabled lister's listings leave search (admin portal, user information): same sync as
-- 0020_search_words, plus the owner-suspended check.
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
      market.listing_features_mask(NEW.features), market.grid_cell(NEW.lat, NEW.lng),
      market.listing_words_mask(NEW.search_vector))
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
$$;
