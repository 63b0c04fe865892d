ALTER TABLE "market"."listing_drafts" ADD COLUMN "creator_hash" text;--> statement-breakpoint
CREATE INDEX "listing_drafts_creator_idx" ON "market"."listing_drafts" USING btree ("creator_hash","created_at");--> statement-breakpoint
CREATE INDEX "listing_media_blob_idx" ON "market"."listing_media" USING btree ("blob_key");