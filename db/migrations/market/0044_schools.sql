CREATE TABLE "market"."schools" (
	"urn" integer PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"is_open" boolean NOT NULL,
	"phase" text NOT NULL,
	"is_primary" boolean NOT NULL,
	"is_secondary" boolean NOT NULL,
	"low_age" integer,
	"high_age" integer,
	"street" text NOT NULL,
	"town" text NOT NULL,
	"postcode" text NOT NULL,
	"local_authority" text NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"ofsted_rating" text,
	"ofsted_inspected_on" date,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "schools_open_primary_idx" ON "market"."schools" USING btree ("lat","lng") WHERE "market"."schools"."is_open" and "market"."schools"."is_primary";--> statement-breakpoint
CREATE INDEX "schools_open_secondary_idx" ON "market"."schools" USING btree ("lat","lng") WHERE "market"."schools"."is_open" and "market"."schools"."is_secondary";