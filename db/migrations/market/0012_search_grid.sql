-- Search whose cost follows the page rather than the area (docs/search.md): per-channel earth
-- GiST indexes that cover the filters (index-only counts), a ~17-mile grid cell with covering
-- price and date indexes per cell, b-trees whose tie-breaker matches each sort, and the
-- must-have features ('garden', 'parking', …) on listings and, as a bit mask, in the search table.
DROP INDEX "market"."listing_search_earth_idx";--> statement-breakpoint
DROP INDEX "market"."listing_search_town_idx";--> statement-breakpoint
DROP INDEX "market"."listing_search_outcode_idx";--> statement-breakpoint
DROP INDEX "market"."listing_search_newest_idx";--> statement-breakpoint
DROP INDEX "market"."listing_search_price_idx";--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "features" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "market"."listings" ADD CONSTRAINT "listings_features_known" CHECK ("features" <@ ARRAY['garden', 'parking', 'new_build', 'retirement', 'shared_ownership', 'auction']::text[]);--> statement-breakpoint
ALTER TABLE "market"."listing_search" ADD COLUMN "features" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "market"."listing_search" ADD COLUMN "grid_cell" integer;--> statement-breakpoint
-- Bit i (from 0) is LISTING_FEATURES[i] (app/lib/search-params.ts): only ever append to that list.
CREATE FUNCTION market.listing_features_mask(features text[]) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(sum(1 << (array_position(
    ARRAY['garden', 'parking', 'new_build', 'retirement', 'shared_ownership', 'auction']::text[], f) - 1)), 0)::smallint
  FROM unnest(features) AS f
$$;--> statement-breakpoint
-- A quarter of a degree of latitude by 0.4° of longitude: server/marketplace/search/grid-cells.ts.
CREATE FUNCTION market.grid_cell(lat float8, lng float8) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (floor(lat * 4)::integer * 1000) + floor(lng * 2.5)::integer + 500
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION market.sync_listing_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('active', 'under_offer', 'sold_stc', 'let_agreed')
     AND NEW.deleted_at IS NULL AND NEW.published_at IS NOT NULL THEN
    INSERT INTO market.listing_search (listing_id, channel, status, property_type, monthly_price,
      bedrooms, floor_area_sq_ft, furnished, let_type, town, outcode, earth, published_at,
      features, grid_cell)
    VALUES (NEW.id, NEW.channel, NEW.status, NEW.property_type, NEW.monthly_price, NEW.bedrooms,
      NEW.floor_area_sq_ft, NEW.furnished, NEW.let_type, lower(NEW.town), NEW.outcode,
      public.ll_to_earth(NEW.lat, NEW.lng), NEW.published_at,
      market.listing_features_mask(NEW.features), market.grid_cell(NEW.lat, NEW.lng))
    ON CONFLICT (listing_id) DO UPDATE SET
      channel = EXCLUDED.channel, status = EXCLUDED.status, property_type = EXCLUDED.property_type,
      monthly_price = EXCLUDED.monthly_price, bedrooms = EXCLUDED.bedrooms,
      floor_area_sq_ft = EXCLUDED.floor_area_sq_ft, furnished = EXCLUDED.furnished,
      let_type = EXCLUDED.let_type, town = EXCLUDED.town, outcode = EXCLUDED.outcode,
      earth = EXCLUDED.earth, published_at = EXCLUDED.published_at,
      features = EXCLUDED.features, grid_cell = EXCLUDED.grid_cell;
  ELSE
    DELETE FROM market.listing_search WHERE listing_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE "market"."listing_search" SET "grid_cell" = market.grid_cell(public.latitude("earth"), public.longitude("earth"));--> statement-breakpoint
UPDATE "market"."listing_search" AS s SET "features" = market.listing_features_mask(l."features")
FROM "market"."listings" AS l WHERE l."id" = s."listing_id" AND l."features" <> '{}';--> statement-breakpoint
ALTER TABLE "market"."listing_search" ALTER COLUMN "grid_cell" SET NOT NULL;--> statement-breakpoint
-- Covering (here and below): counts and pages read only the index (once VACUUM has marked the table's
-- pages all-visible; see refresh-search-statistics.ts), and nearest-first comes in its order.
CREATE INDEX "listing_search_sale_earth_idx" ON "market"."listing_search" USING gist ("earth")
  INCLUDE ("listing_id", "status", "property_type", "monthly_price", "bedrooms", "floor_area_sq_ft",
    "features", "published_at", "town", "outcode")
  WHERE "market"."listing_search"."channel" = 'sale';--> statement-breakpoint
CREATE INDEX "listing_search_rent_earth_idx" ON "market"."listing_search" USING gist ("earth")
  INCLUDE ("listing_id", "status", "property_type", "monthly_price", "bedrooms", "floor_area_sq_ft",
    "furnished", "let_type", "features", "published_at", "town", "outcode")
  WHERE "market"."listing_search"."channel" = 'rent';--> statement-breakpoint
CREATE INDEX "listing_search_cell_price_idx" ON "market"."listing_search" USING btree ("channel","grid_cell","monthly_price","listing_id")
  INCLUDE ("earth", "status", "property_type", "bedrooms", "floor_area_sq_ft", "furnished",
    "let_type", "features", "published_at");--> statement-breakpoint
CREATE INDEX "listing_search_cell_newest_idx" ON "market"."listing_search" USING btree ("channel","grid_cell","published_at" DESC NULLS FIRST,"listing_id" DESC NULLS FIRST)
  INCLUDE ("earth", "status", "property_type", "monthly_price", "bedrooms", "floor_area_sq_ft",
    "furnished", "let_type", "features");--> statement-breakpoint
CREATE INDEX "listing_search_town_newest_idx" ON "market"."listing_search" USING btree ("channel","town","published_at" DESC NULLS FIRST,"listing_id" DESC NULLS FIRST)
  INCLUDE ("earth", "status", "property_type", "monthly_price", "bedrooms", "floor_area_sq_ft",
    "furnished", "let_type", "features");--> statement-breakpoint
CREATE INDEX "listing_search_town_price_idx" ON "market"."listing_search" USING btree ("channel","town","monthly_price","listing_id")
  INCLUDE ("earth", "status", "property_type", "bedrooms", "floor_area_sq_ft", "furnished",
    "let_type", "features", "published_at");--> statement-breakpoint
CREATE INDEX "listing_search_outcode_newest_idx" ON "market"."listing_search" USING btree ("channel","outcode","published_at" DESC NULLS FIRST,"listing_id" DESC NULLS FIRST)
  INCLUDE ("earth", "status", "property_type", "monthly_price", "bedrooms", "floor_area_sq_ft",
    "furnished", "let_type", "features");--> statement-breakpoint
CREATE INDEX "listing_search_outcode_price_idx" ON "market"."listing_search" USING btree ("channel","outcode","monthly_price","listing_id")
  INCLUDE ("earth", "status", "property_type", "bedrooms", "floor_area_sq_ft", "furnished",
    "let_type", "features", "published_at");--> statement-breakpoint
CREATE INDEX "listing_search_newest_idx" ON "market"."listing_search" USING btree ("channel","published_at" DESC NULLS FIRST,"listing_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "listing_search_price_idx" ON "market"."listing_search" USING btree ("channel","monthly_price","listing_id");
