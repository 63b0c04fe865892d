CREATE TYPE "market"."appeal_status" AS ENUM('open', 'upheld', 'rejected');--> statement-breakpoint
CREATE TABLE "market"."moderation_appeals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market"."moderation_appeals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"listing_id" bigint NOT NULL,
	"moderation_action_id" bigint NOT NULL,
	"lister_sub" text NOT NULL,
	"statement" text NOT NULL,
	"status" "market"."appeal_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_action_id" bigint,
	"decided_at" timestamp with time zone,
	CONSTRAINT "moderation_appeals_moderation_action_id_unique" UNIQUE("moderation_action_id")
);
--> statement-breakpoint
ALTER TABLE "market"."listing_reports" ADD COLUMN "reporter_email" text;--> statement-breakpoint
ALTER TABLE "market"."moderation_appeals" ADD CONSTRAINT "moderation_appeals_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "market"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market"."moderation_appeals" ADD CONSTRAINT "moderation_appeals_moderation_action_id_moderation_actions_id_fk" FOREIGN KEY ("moderation_action_id") REFERENCES "market"."moderation_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market"."moderation_appeals" ADD CONSTRAINT "moderation_appeals_decided_by_action_id_moderation_actions_id_fk" FOREIGN KEY ("decided_by_action_id") REFERENCES "market"."moderation_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_appeals_listing_idx" ON "market"."moderation_appeals" USING btree ("listing_id","created_at" DESC NULLS LAST);