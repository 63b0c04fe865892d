CREATE TYPE "market"."moderation_outcome" AS ENUM('dismissed', 'paused', 'removed');--> statement-breakpoint
CREATE TABLE "market"."moderation_actions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market"."moderation_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"listing_id" bigint NOT NULL,
	"admin_sub" text NOT NULL,
	"admin_email" text,
	"outcome" "market"."moderation_outcome" NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reports_closed" integer NOT NULL,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market"."listing_reports" ADD COLUMN "moderation_action_id" bigint;--> statement-breakpoint
ALTER TABLE "market"."moderation_actions" ADD CONSTRAINT "moderation_actions_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "market"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_actions_listing_idx" ON "market"."moderation_actions" USING btree ("listing_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_actions_created_idx" ON "market"."moderation_actions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "market"."listing_reports" ADD CONSTRAINT "listing_reports_moderation_action_id_moderation_actions_id_fk" FOREIGN KEY ("moderation_action_id") REFERENCES "market"."moderation_actions"("id") ON DELETE set null ON UPDATE no action;