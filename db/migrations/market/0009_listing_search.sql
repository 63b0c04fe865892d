CREATE TABLE "market"."listing_search" (
	"listing_id" bigint PRIMARY KEY NOT NULL,
	"channel" "market"."listing_channel" NOT NULL,
	"status" "market"."listing_status" NOT NULL,
	"property_type" "market"."property_type" NOT NULL,
	"monthly_price" integer NOT NULL,
	"bedrooms" smallint NOT NULL,
	"floor_area_sq_ft" integer,
	"furnished" "market"."furnished_state",
	"let_type" "market"."let_type",
	"town" text NOT NULL,
	"outcode" text NOT NULL,
	"earth" "cube" NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market"."listing_search" ADD CONSTRAINT "listing_search_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "market"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_search_earth_idx" ON "market"."listing_search" USING gist ("earth");--> statement-breakpoint
CREATE INDEX "listing_search_newest_idx" ON "market"."listing_search" USING btree ("channel","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listing_search_price_idx" ON "market"."listing_search" USING btree ("channel","monthly_price");--> statement-breakpoint
CREATE INDEX "listing_search_town_idx" ON "market"."listing_search" USING btree ("channel","town");--> statement-breakpoint
CREATE INDEX "listing_search_outcode_idx" ON "market"."listing_search" USING btree ("channel","outcode");