CREATE TABLE "market"."broadband_coverage" (
	"postcode" text PRIMARY KEY NOT NULL,
	"postcode_area" text NOT NULL,
	"source" text NOT NULL,
	"snapshot" date NOT NULL,
	"superfast_pct" double precision,
	"ultrafast100_pct" double precision,
	"ultrafast_pct" double precision,
	"gigabit_pct" double precision,
	"full_fibre_pct" double precision,
	"below10_pct" double precision,
	"below30_pct" double precision,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market"."stations" (
	"atco_code" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"locality" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "broadband_coverage_area_idx" ON "market"."broadband_coverage" USING btree ("postcode_area","snapshot");--> statement-breakpoint
CREATE INDEX "stations_lat_lng_idx" ON "market"."stations" USING btree ("lat","lng");