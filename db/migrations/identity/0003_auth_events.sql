CREATE TABLE "identity"."auth_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"event_response" text NOT NULL,
	"challenge_responses" jsonb NOT NULL,
	"address_class" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity"."auth_events" ADD CONSTRAINT "auth_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "identity"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_events_user_created_idx" ON "identity"."auth_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "auth_events_created_idx" ON "identity"."auth_events" USING btree ("created_at");