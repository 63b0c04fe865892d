CREATE TABLE "market"."viewing_availability" (
	"listing_id" bigint PRIMARY KEY NOT NULL,
	"weekly" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dates_off" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"slot_minutes" integer NOT NULL,
	"gap_minutes" integer NOT NULL,
	"book_ahead_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market"."viewings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market"."viewings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"listing_id" bigint NOT NULL,
	"booker_sub" text NOT NULL,
	"booker_name" text NOT NULL,
	"booker_email" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"cancelled_by" text,
	"sequence" integer DEFAULT 0 NOT NULL,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "viewings_ends_after_start" CHECK ("market"."viewings"."ends_at" > "market"."viewings"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "market"."viewing_availability" ADD CONSTRAINT "viewing_availability_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "market"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market"."viewings" ADD CONSTRAINT "viewings_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "market"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "viewings_one_booking_per_slot" ON "market"."viewings" USING btree ("listing_id","starts_at") WHERE "market"."viewings"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "viewings_booker_idx" ON "market"."viewings" USING btree ("booker_sub","created_at");--> statement-breakpoint
CREATE INDEX "viewings_due_reminder_idx" ON "market"."viewings" USING btree ("starts_at") WHERE "market"."viewings"."status" = 'booked' and "market"."viewings"."reminded_at" is null;