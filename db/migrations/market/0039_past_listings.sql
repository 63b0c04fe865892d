CREATE TABLE "market"."past_listings" (
	"listing_id" bigint PRIMARY KEY NOT NULL,
	"address_key" text NOT NULL,
	"channel" text NOT NULL,
	"rent_period" text,
	"first_price" integer NOT NULL,
	"last_price" integer NOT NULL,
	"listed_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "past_listings_address_idx" ON "market"."past_listings" USING btree ("address_key");