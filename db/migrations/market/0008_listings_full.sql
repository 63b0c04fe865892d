CREATE TYPE "market"."council_tax_band" AS ENUM('A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'domestic_rates');--> statement-breakpoint
CREATE TYPE "market"."epc_rating" AS ENUM('A', 'B', 'C', 'D', 'E', 'F', 'G', 'exempt', 'pending');--> statement-breakpoint
CREATE TYPE "market"."furnished_state" AS ENUM('furnished', 'part_furnished', 'unfurnished');--> statement-breakpoint
CREATE TYPE "market"."let_type" AS ENUM('long_term', 'short_term', 'student');--> statement-breakpoint
CREATE TYPE "market"."tenure" AS ENUM('freehold', 'leasehold', 'share_of_freehold', 'commonhold', 'shared_ownership');--> statement-breakpoint
CREATE TYPE "market"."report_reason" AS ENUM('scam', 'unavailable', 'wrong_information', 'offensive', 'duplicate', 'discrimination', 'other');--> statement-breakpoint
CREATE TYPE "market"."report_status" AS ENUM('open', 'upheld', 'dismissed');--> statement-breakpoint
CREATE TABLE "market"."listing_drafts" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_sub" text,
	"listing_id" bigint,
	"step" smallint DEFAULT 1 NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market"."listing_price_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market"."listing_price_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"listing_id" bigint NOT NULL,
	"price" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market"."enquiries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market"."enquiries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"listing_id" bigint NOT NULL,
	"sender_sub" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"message" text NOT NULL,
	"wants_viewing" boolean DEFAULT false NOT NULL,
	"sender_hash" text NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market"."listing_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market"."listing_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"listing_id" bigint NOT NULL,
	"reporter_key" text NOT NULL,
	"reason" "market"."report_reason" NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" "market"."report_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "market"."favourites" (
	"user_sub" text NOT NULL,
	"listing_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_user_sub_listing_id_pk" PRIMARY KEY("user_sub","listing_id")
);
--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "furnished" "market"."furnished_state";--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "let_type" "market"."let_type";--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "available_from" date;--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "deposit" integer;--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "holding_deposit" integer;--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "bills_included" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "pets_considered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "tenure" "market"."tenure";--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "lease_years_remaining" integer;--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "ground_rent_per_year" integer;--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "service_charge_per_year" integer;--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "council_tax_band" "market"."council_tax_band";--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "domestic_rates_per_year" integer;--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "epc_rating" "market"."epc_rating";--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "material_info" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "tours" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "address_line2" text;--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "is_full_address_shown" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "confirm_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "market"."listing_drafts" ADD CONSTRAINT "listing_drafts_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "market"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market"."listing_price_history" ADD CONSTRAINT "listing_price_history_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "market"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market"."enquiries" ADD CONSTRAINT "enquiries_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "market"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market"."listing_reports" ADD CONSTRAINT "listing_reports_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "market"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market"."favourites" ADD CONSTRAINT "favourites_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "market"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_drafts_owner_idx" ON "market"."listing_drafts" USING btree ("owner_sub");--> statement-breakpoint
CREATE INDEX "listing_price_history_listing_idx" ON "market"."listing_price_history" USING btree ("listing_id","changed_at");--> statement-breakpoint
CREATE INDEX "enquiries_listing_idx" ON "market"."enquiries" USING btree ("listing_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enquiries_sender_idx" ON "market"."enquiries" USING btree ("sender_hash","created_at");--> statement-breakpoint
CREATE INDEX "enquiries_email_idx" ON "market"."enquiries" USING btree (lower("email"),"created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_reports_one_open_idx" ON "market"."listing_reports" USING btree ("listing_id","reporter_key") WHERE "market"."listing_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "listing_reports_reporter_idx" ON "market"."listing_reports" USING btree ("reporter_key","created_at");--> statement-breakpoint
CREATE INDEX "listing_reports_status_idx" ON "market"."listing_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "favourites_listing_idx" ON "market"."favourites" USING btree ("listing_id");