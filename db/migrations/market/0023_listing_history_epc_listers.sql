CREATE TABLE "market"."listers" (
	"sub" text PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"display_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listers_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "market"."listing_status_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market"."listing_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"listing_id" bigint NOT NULL,
	"event" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "epc_potential" "market"."epc_rating";--> statement-breakpoint
ALTER TABLE "market"."listing_status_history" ADD CONSTRAINT "listing_status_history_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "market"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_status_history_listing_idx" ON "market"."listing_status_history" USING btree ("listing_id","changed_at");