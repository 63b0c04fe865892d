ALTER TABLE "market"."listing_search" ADD COLUMN "words" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Keyword search without reading every candidate's keyword vector (docs/performance.md): bit i of
-- "words" is set when the listing's search_vector holds SIGNATURE_WORDS[i]
-- (server/marketplace/search/keyword-signature.ts; only ever append to that list).
CREATE FUNCTION market.listing_words_mask(v tsvector) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(bit_or(1::bigint << (array_position(ARRAY['acr','annex','auction','balconi','basement','bathroom','build','bungalow','bus','cellar','central','chain','cloakroom','conservatori','cottag','countrysid','detach','doubl','driveway','en-suit','ensuit','extens','face','featur','fireplac','flat','free','garag','garden','gas','heat','kitchen','lift','loft','modern','new','offic','paddock','park','patio','penthous','period','pool','quiet','refurbish','retir','river','school','sea','semi','share','shop','south','stabl','station','studi','terrac','transport','util','view','villag','walk','wardrob','glaze']::text[], w) - 1)), 0)
  FROM unnest(tsvector_to_array(v)) AS w
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION market.sync_listing_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('active', 'under_offer', 'sold_stc', 'let_agreed')
     AND NEW.deleted_at IS NULL AND NEW.published_at IS NOT NULL THEN
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
$$;--> statement-breakpoint
-- The covering indexes gain "words" (dropped first, so the backfill does not update them).
DROP INDEX "market"."listing_search_sale_earth_idx";--> statement-breakpoint
DROP INDEX "market"."listing_search_rent_earth_idx";--> statement-breakpoint
DROP INDEX "market"."listing_search_cell_price_idx";--> statement-breakpoint
DROP INDEX "market"."listing_search_cell_newest_idx";--> statement-breakpoint
DROP INDEX "market"."listing_search_town_newest_idx";--> statement-breakpoint
DROP INDEX "market"."listing_search_town_price_idx";--> statement-breakpoint
DROP INDEX "market"."listing_search_outcode_newest_idx";--> statement-breakpoint
DROP INDEX "market"."listing_search_outcode_price_idx";--> statement-breakpoint
UPDATE "market"."listing_search" AS s SET "words" = market.listing_words_mask(l."search_vector")
FROM "market"."listings" AS l WHERE l."id" = s."listing_id"
  AND market.listing_words_mask(l."search_vector") <> 0;--> statement-breakpoint
CREATE INDEX "listing_search_sale_earth_idx" ON "market"."listing_search" USING gist ("earth")
  INCLUDE ("listing_id", "status", "property_type", "monthly_price", "bedrooms", "floor_area_sq_ft",
    "features", "published_at", "town", "outcode", "words")
  WHERE "market"."listing_search"."channel" = 'sale';--> statement-breakpoint
CREATE INDEX "listing_search_rent_earth_idx" ON "market"."listing_search" USING gist ("earth")
  INCLUDE ("listing_id", "status", "property_type", "monthly_price", "bedrooms", "floor_area_sq_ft",
    "furnished", "let_type", "features", "published_at", "town", "outcode", "words")
  WHERE "market"."listing_search"."channel" = 'rent';--> statement-breakpoint
CREATE INDEX "listing_search_cell_price_idx" ON "market"."listing_search" USING btree ("channel","grid_cell","monthly_price","listing_id")
  INCLUDE ("earth", "status", "property_type", "bedrooms", "floor_area_sq_ft", "furnished",
    "let_type", "features", "published_at", "words");--> statement-breakpoint
CREATE INDEX "listing_search_cell_newest_idx" ON "market"."listing_search" USING btree ("channel","grid_cell","published_at" DESC NULLS FIRST,"listing_id" DESC NULLS FIRST)
  INCLUDE ("earth", "status", "property_type", "monthly_price", "bedrooms", "floor_area_sq_ft",
    "furnished", "let_type", "features", "words");--> statement-breakpoint
CREATE INDEX "listing_search_town_newest_idx" ON "market"."listing_search" USING btree ("channel","town","published_at" DESC NULLS FIRST,"listing_id" DESC NULLS FIRST)
  INCLUDE ("earth", "status", "property_type", "monthly_price", "bedrooms", "floor_area_sq_ft",
    "furnished", "let_type", "features", "words");--> statement-breakpoint
CREATE INDEX "listing_search_town_price_idx" ON "market"."listing_search" USING btree ("channel","town","monthly_price","listing_id")
  INCLUDE ("earth", "status", "property_type", "bedrooms", "floor_area_sq_ft", "furnished",
    "let_type", "features", "published_at", "words");--> statement-breakpoint
CREATE INDEX "listing_search_outcode_newest_idx" ON "market"."listing_search" USING btree ("channel","outcode","published_at" DESC NULLS FIRST,"listing_id" DESC NULLS FIRST)
  INCLUDE ("earth", "status", "property_type", "monthly_price", "bedrooms", "floor_area_sq_ft",
    "furnished", "let_type", "features", "words");--> statement-breakpoint
CREATE INDEX "listing_search_outcode_price_idx" ON "market"."listing_search" USING btree ("channel","outcode","monthly_price","listing_id")
  INCLUDE ("earth", "status", "property_type", "bedrooms", "floor_area_sq_ft", "furnished",
    "let_type", "features", "published_at", "words");
