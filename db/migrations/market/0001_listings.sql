CREATE SCHEMA "market";
--> statement-breakpoint
CREATE TYPE "market"."listing_channel" AS ENUM('sale', 'rent');--> statement-breakpoint
CREATE TYPE "market"."listing_status" AS ENUM('draft', 'active', 'under_offer', 'sold_stc', 'let_agreed', 'paused', 'removed');--> statement-breakpoint
CREATE TYPE "market"."media_kind" AS ENUM('photo', 'floorplan');--> statement-breakpoint
CREATE TYPE "market"."price_qualifier" AS ENUM('guide_price', 'offers_over', 'offers_in_region_of', 'fixed_price', 'from', 'poa');--> statement-breakpoint
CREATE TYPE "market"."property_type" AS ENUM('detached', 'semi_detached', 'terraced', 'end_of_terrace', 'flat', 'maisonette', 'bungalow', 'cottage', 'land', 'park_home', 'other');--> statement-breakpoint
CREATE TYPE "market"."rent_period" AS ENUM('month', 'week');--> statement-breakpoint
CREATE TABLE "market"."app_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market"."listing_media" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market"."listing_media_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"listing_id" bigint NOT NULL,
	"kind" "market"."media_kind" DEFAULT 'photo' NOT NULL,
	"position" smallint NOT NULL,
	"blob_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market"."listings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market"."listings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_sub" text NOT NULL,
	"channel" "market"."listing_channel" NOT NULL,
	"status" "market"."listing_status" DEFAULT 'draft' NOT NULL,
	"property_type" "market"."property_type" NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"key_features" text[] DEFAULT '{}'::text[] NOT NULL,
	"price" integer NOT NULL,
	"price_qualifier" "market"."price_qualifier",
	"rent_period" "market"."rent_period",
	"bedrooms" smallint DEFAULT 0 NOT NULL,
	"bathrooms" smallint DEFAULT 0 NOT NULL,
	"receptions" smallint DEFAULT 0 NOT NULL,
	"floor_area_sq_ft" integer,
	"address_line1" text NOT NULL,
	"town" text NOT NULL,
	"county" text,
	"country" text NOT NULL,
	"postcode" text NOT NULL,
	"outcode" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"published_at" timestamp with time zone,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"enquiry_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market"."listing_media" ADD CONSTRAINT "listing_media_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "market"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_media_listing_idx" ON "market"."listing_media" USING btree ("listing_id","kind","position");--> statement-breakpoint
CREATE INDEX "listings_channel_status_published_idx" ON "market"."listings" USING btree ("channel","status","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_owner_idx" ON "market"."listings" USING btree ("owner_sub");--> statement-breakpoint
CREATE INDEX "listings_outcode_idx" ON "market"."listings" USING btree ("outcode");