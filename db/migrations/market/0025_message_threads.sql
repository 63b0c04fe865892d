CREATE TYPE "market"."participant_role" AS ENUM('enquirer', 'lister');--> statement-breakpoint
CREATE TABLE "market"."message_threads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market"."message_threads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"enquiry_id" bigint NOT NULL,
	"listing_id" bigint NOT NULL,
	"enquirer_sub" text,
	"lister_sub" text NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"last_sender_role" "market"."participant_role" NOT NULL,
	"enquirer_read_at" timestamp with time zone,
	"lister_read_at" timestamp with time zone,
	"enquirer_notified_at" timestamp with time zone,
	"lister_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_threads_enquiry_id_unique" UNIQUE("enquiry_id")
);
--> statement-breakpoint
CREATE TABLE "market"."thread_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market"."thread_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"thread_id" bigint NOT NULL,
	"sender_role" "market"."participant_role" NOT NULL,
	"sender_sub" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "market"."listing_reports_one_open_idx";--> statement-breakpoint
ALTER TABLE "market"."listing_reports" ADD COLUMN "message_id" bigint;--> statement-breakpoint
ALTER TABLE "market"."message_threads" ADD CONSTRAINT "message_threads_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "market"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market"."message_threads" ADD CONSTRAINT "message_threads_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "market"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market"."thread_messages" ADD CONSTRAINT "thread_messages_thread_id_message_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "market"."message_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_threads_enquirer_idx" ON "market"."message_threads" USING btree ("enquirer_sub","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "message_threads_lister_idx" ON "market"."message_threads" USING btree ("lister_sub","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "thread_messages_thread_idx" ON "market"."thread_messages" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE INDEX "thread_messages_sender_idx" ON "market"."thread_messages" USING btree ("sender_sub","created_at") WHERE "market"."thread_messages"."sender_sub" is not null;--> statement-breakpoint
ALTER TABLE "market"."listing_reports" ADD CONSTRAINT "listing_reports_message_id_thread_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "market"."thread_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_reports_one_open_message_idx" ON "market"."listing_reports" USING btree ("message_id","reporter_key") WHERE "market"."listing_reports"."status" = 'open' and "market"."listing_reports"."message_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_reports_one_open_idx" ON "market"."listing_reports" USING btree ("listing_id","reporter_key") WHERE "market"."listing_reports"."status" = 'open' and "market"."listing_reports"."message_id" is null;--> statement-breakpoint
-- Every enquiry already saved becomes a thread: its message first, then the lister's answer if
-- there was one. Both sides were e-mailed at the time, so the migrated threads start read.
INSERT INTO "market"."message_threads" ("enquiry_id", "listing_id", "enquirer_sub", "lister_sub", "last_message_at", "last_sender_role", "enquirer_read_at", "lister_read_at", "created_at")
SELECT e."id", e."listing_id", e."sender_sub", l."owner_sub",
	coalesce(e."replied_at", e."created_at"),
	CASE WHEN e."reply" IS NULL THEN 'enquirer'::"market"."participant_role" ELSE 'lister'::"market"."participant_role" END,
	coalesce(e."replied_at", e."created_at"), coalesce(e."replied_at", e."created_at"), e."created_at"
FROM "market"."enquiries" e
JOIN "market"."listings" l ON l."id" = e."listing_id";--> statement-breakpoint
INSERT INTO "market"."thread_messages" ("thread_id", "sender_role", "sender_sub", "body", "created_at")
SELECT t."id", 'enquirer', e."sender_sub", e."message", e."created_at"
FROM "market"."message_threads" t
JOIN "market"."enquiries" e ON e."id" = t."enquiry_id";--> statement-breakpoint
INSERT INTO "market"."thread_messages" ("thread_id", "sender_role", "sender_sub", "body", "created_at")
SELECT t."id", 'lister', t."lister_sub", e."reply", coalesce(e."replied_at", e."created_at")
FROM "market"."message_threads" t
JOIN "market"."enquiries" e ON e."id" = t."enquiry_id"
WHERE e."reply" IS NOT NULL;
