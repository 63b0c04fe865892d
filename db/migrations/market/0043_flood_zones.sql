CREATE TABLE "market"."flood_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"zone" smallint NOT NULL,
	"feature_id" text,
	"flood_source" text,
	"origin" text,
	"outline" "polygon" NOT NULL,
	"holes" "polygon"[] DEFAULT '{}' NOT NULL,
	"bbox" "box" NOT NULL,
	"vertices" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "flood_zones_bbox_idx" ON "market"."flood_zones" USING gist ("bbox");--> statement-breakpoint
CREATE INDEX "flood_zones_source_idx" ON "market"."flood_zones" USING btree ("source");