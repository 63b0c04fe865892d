CREATE TABLE "market"."repost_fingerprints" (
	"listing_id" bigint PRIMARY KEY NOT NULL,
	"address_key" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"photo_keys" text[] DEFAULT '{}' NOT NULL,
	"photo_hashes" text[] DEFAULT '{}' NOT NULL,
	"moderated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market"."media_phashes" (
	"blob_key" text PRIMARY KEY NOT NULL,
	"phash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market"."moderation_actions" ADD COLUMN "repost_of" bigint;--> statement-breakpoint
CREATE INDEX "repost_fingerprints_address_idx" ON "market"."repost_fingerprints" USING btree ("address_key");--> statement-breakpoint
CREATE INDEX "repost_fingerprints_moderated_idx" ON "market"."repost_fingerprints" USING btree ("moderated_at");