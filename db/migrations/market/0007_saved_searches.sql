CREATE TYPE "market"."alert_frequency" AS ENUM('instant', 'daily', 'weekly');--> statement-breakpoint
CREATE TABLE "market"."alert_deliveries" (
	"saved_search_id" bigint NOT NULL,
	"listing_id" bigint NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_deliveries_saved_search_id_listing_id_pk" PRIMARY KEY("saved_search_id","listing_id")
);
--> statement-breakpoint
CREATE TABLE "market"."hidden_listings" (
	"owner_sub" text NOT NULL,
	"listing_id" bigint NOT NULL,
	"hidden_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hidden_listings_owner_sub_listing_id_pk" PRIMARY KEY("owner_sub","listing_id")
);
--> statement-breakpoint
CREATE TABLE "market"."saved_searches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market"."saved_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_sub" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"channel" "market"."listing_channel" NOT NULL,
	"place_slug" text,
	"params" text DEFAULT '' NOT NULL,
	"frequency" "market"."alert_frequency" DEFAULT 'daily' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "market"."alert_deliveries" ADD CONSTRAINT "alert_deliveries_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "market"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market"."alert_deliveries" ADD CONSTRAINT "alert_deliveries_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "market"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market"."hidden_listings" ADD CONSTRAINT "hidden_listings_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "market"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_searches_owner_idx" ON "market"."saved_searches" USING btree ("owner_sub");