CREATE TYPE "market"."favourite_alert_choice" AS ENUM('instant', 'daily', 'off');--> statement-breakpoint
CREATE TYPE "market"."favourite_alert_kind" AS ENUM('reduced', 'under_offer', 'let_agreed', 'withdrawn');--> statement-breakpoint
CREATE TABLE "market"."favourite_alert_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market"."favourite_alert_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_sub" text NOT NULL,
	"listing_id" bigint NOT NULL,
	"kind" "market"."favourite_alert_kind" NOT NULL,
	"event" text NOT NULL,
	"event_at" timestamp with time zone NOT NULL,
	"price_before" integer,
	"price_after" integer,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "favourite_alert_events_once" UNIQUE("user_sub","listing_id","kind","event_at")
);
--> statement-breakpoint
CREATE TABLE "market"."favourite_alert_settings" (
	"user_sub" text PRIMARY KEY NOT NULL,
	"email" text,
	"reduced" "market"."favourite_alert_choice" DEFAULT 'instant' NOT NULL,
	"under_offer" "market"."favourite_alert_choice" DEFAULT 'instant' NOT NULL,
	"let_agreed" "market"."favourite_alert_choice" DEFAULT 'instant' NOT NULL,
	"withdrawn" "market"."favourite_alert_choice" DEFAULT 'instant' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market"."favourite_alert_events" ADD CONSTRAINT "favourite_alert_events_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "market"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favourite_alert_events_pending_idx" ON "market"."favourite_alert_events" USING btree ("user_sub") WHERE "market"."favourite_alert_events"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "favourite_alert_events_listing_idx" ON "market"."favourite_alert_events" USING btree ("listing_id");