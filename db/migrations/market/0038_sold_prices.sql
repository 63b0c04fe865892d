CREATE TABLE "market"."sold_prices" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"price" integer NOT NULL,
	"sold_on" date NOT NULL,
	"postcode" text NOT NULL,
	"postcode_district" text NOT NULL,
	"postcode_sector" text NOT NULL,
	"property_type" text NOT NULL,
	"is_new_build" boolean NOT NULL,
	"tenure" text NOT NULL,
	"paon" text NOT NULL,
	"saon" text NOT NULL,
	"street" text NOT NULL,
	"locality" text NOT NULL,
	"town" text NOT NULL,
	"district" text NOT NULL,
	"county" text NOT NULL,
	"category" text NOT NULL,
	"address_key" text NOT NULL,
	"street_key" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sold_prices_address_idx" ON "market"."sold_prices" USING btree ("address_key");--> statement-breakpoint
CREATE INDEX "sold_prices_postcode_idx" ON "market"."sold_prices" USING btree ("postcode");--> statement-breakpoint
CREATE INDEX "sold_prices_street_idx" ON "market"."sold_prices" USING btree ("postcode_district","street_key","sold_on" desc);--> statement-breakpoint
CREATE INDEX "sold_prices_sector_idx" ON "market"."sold_prices" USING btree ("postcode_sector","sold_on" desc);