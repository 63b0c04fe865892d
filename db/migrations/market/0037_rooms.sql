ALTER TABLE "market"."listings" ADD COLUMN "rooms" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "room_unit" text DEFAULT 'm' NOT NULL;