CREATE TABLE "market"."contact_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market"."contact_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"sender_hash" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"emailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "contact_messages_sender_created_idx" ON "market"."contact_messages" USING btree ("sender_hash","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_email_created_idx" ON "market"."contact_messages" USING btree ("email","created_at");