CREATE TABLE "market"."payment_alerts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market"."payment_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"payment_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"provider_refund_id" text,
	"amount_pence" integer NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market"."refunds" ADD COLUMN "provider_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "market"."payment_alerts" ADD CONSTRAINT "payment_alerts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "market"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_alerts_payment_idx" ON "market"."payment_alerts" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_alerts_provider_refund_idx" ON "market"."payment_alerts" USING btree ("provider_refund_id");--> statement-breakpoint
-- Hand-written: TRUNCATE fires no row triggers, so the append-only audit log refuses it with a
-- statement-level trigger of its own (the function 0017 made raises whoever asks).
CREATE TRIGGER admin_audit_log_no_truncate
BEFORE TRUNCATE ON market.admin_audit_log
FOR EACH STATEMENT EXECUTE FUNCTION market.admin_audit_log_append_only();
