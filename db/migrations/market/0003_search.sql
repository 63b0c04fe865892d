CREATE TABLE "market"."places" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"nation" text NOT NULL,
	"population" integer NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "monthly_price" integer GENERATED ALWAYS AS (CASE WHEN rent_period = 'week' THEN round(price * 52 / 12.0)::integer ELSE price END) STORED;--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
CREATE UNIQUE INDEX "places_slug_idx" ON "market"."places" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "places_name_lower_idx" ON "market"."places" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "places_name_trgm_idx" ON "market"."places" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "listings_earth_idx" ON "market"."listings" USING gist (ll_to_earth("lat", "lng"));--> statement-breakpoint
CREATE INDEX "listings_channel_status_price_idx" ON "market"."listings" USING btree ("channel","status","monthly_price");--> statement-breakpoint
CREATE INDEX "listings_channel_status_bedrooms_idx" ON "market"."listings" USING btree ("channel","status","bedrooms");--> statement-breakpoint
CREATE INDEX "listings_search_vector_idx" ON "market"."listings" USING gin ("search_vector");