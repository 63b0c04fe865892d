CREATE TABLE "market"."postcode_districts" (
	"district" text PRIMARY KEY NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"postcodes" integer NOT NULL,
	"nation" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market"."postcode_sectors" (
	"sector" text PRIMARY KEY NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"postcodes" integer NOT NULL,
	"nation" text NOT NULL
);
