CREATE TYPE "market"."payment_provider" AS ENUM('stripe', 'test');--> statement-breakpoint
CREATE TYPE "market"."payment_status" AS ENUM('pending', 'requires_action', 'processing', 'failed', 'paid', 'partially_refunded', 'refunded', 'canceled');--> statement-breakpoint
CREATE TYPE "market"."refund_reason" AS ENUM('requested_by_customer', 'duplicate', 'fraudulent', 'upgrade_not_delivered', 'goodwill', 'other', 'cancellation', 'provider');--> statement-breakpoint
CREATE TYPE "market"."refund_status" AS ENUM('pending', 'succeeded', 'failed', 'canceled');--> statement-breakpoint
CREATE TYPE "market"."upgrade_kind" AS ENUM('featured', 'bump', 'showcase', 'alert_boost');--> statement-breakpoint
CREATE TABLE "market"."invoice_counter" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_number" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counter_single_row" CHECK ("market"."invoice_counter"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "market"."invoices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market"."invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"number" bigint NOT NULL,
	"payment_id" bigint NOT NULL,
	"supplier_name" text NOT NULL,
	"supplier_address" text NOT NULL,
	"supplier_vat_number" text NOT NULL,
	"customer_name" text,
	"customer_email" text,
	"supply_date" date NOT NULL,
	"description" text NOT NULL,
	"net_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"gross_pence" integer NOT NULL,
	"discount_pence" integer DEFAULT 0 NOT NULL,
	"vat_rate_percent" smallint NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_sum_check" CHECK ("market"."invoices"."net_pence" + "market"."invoices"."vat_pence" = "market"."invoices"."gross_pence")
);
--> statement-breakpoint
CREATE TABLE "market"."orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market"."orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"buyer_sub" text NOT NULL,
	"buyer_email" text,
	"buyer_name" text,
	"listing_id" bigint,
	"listing_title" text NOT NULL,
	"product_code" text NOT NULL,
	"product_name" text NOT NULL,
	"entitlements" jsonb NOT NULL,
	"price_pence" integer NOT NULL,
	"discount_pence" integer DEFAULT 0 NOT NULL,
	"amount_pence" integer NOT NULL,
	"currency" text DEFAULT 'gbp' NOT NULL,
	"idempotency_key" text NOT NULL,
	"start_immediately" boolean NOT NULL,
	"immediate_start_acknowledged_at" timestamp with time zone NOT NULL,
	"immediate_start_wording" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_amount_check" CHECK ("market"."orders"."amount_pence" = "market"."orders"."price_pence" - "market"."orders"."discount_pence" and "market"."orders"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "market"."payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market"."payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"provider" "market"."payment_provider" NOT NULL,
	"provider_payment_id" text NOT NULL,
	"status" "market"."payment_status" DEFAULT 'pending' NOT NULL,
	"amount_pence" integer NOT NULL,
	"refunded_pence" integer DEFAULT 0 NOT NULL,
	"failure_message" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market"."products" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price_pence" integer NOT NULL,
	"entitlements" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market"."refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market"."refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"payment_id" bigint NOT NULL,
	"amount_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"reason" "market"."refund_reason" NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"requested_by" text NOT NULL,
	"requester_email" text,
	"status" "market"."refund_status" DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"failure_message" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("market"."refunds"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "market"."test_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"description" text,
	"metadata" jsonb NOT NULL,
	"last_payment_error" jsonb,
	"amount_refunded" integer DEFAULT 0 NOT NULL,
	"refunds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market"."upgrades" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market"."upgrades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"listing_id" bigint,
	"kind" "market"."upgrade_kind" NOT NULL,
	"days" smallint,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"uses_total" smallint,
	"uses_spent" smallint DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone,
	"ended_early_at" timestamp with time zone,
	"ended_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market"."payment_webhook_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market"."payment_webhook_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" "market"."payment_provider" NOT NULL,
	"provider_event_id" text NOT NULL,
	"type" text NOT NULL,
	"object_id" text,
	"payment_id" bigint,
	"outcome" text DEFAULT '' NOT NULL,
	"event_created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market"."invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "market"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market"."orders" ADD CONSTRAINT "orders_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "market"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market"."orders" ADD CONSTRAINT "orders_product_code_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "market"."products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market"."payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "market"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market"."refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "market"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market"."upgrades" ADD CONSTRAINT "upgrades_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "market"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market"."upgrades" ADD CONSTRAINT "upgrades_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "market"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market"."payment_webhook_events" ADD CONSTRAINT "payment_webhook_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "market"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "market"."invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payment_idx" ON "market"."invoices" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_buyer_idempotency_idx" ON "market"."orders" USING btree ("buyer_sub","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_buyer_created_idx" ON "market"."orders" USING btree ("buyer_sub","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_listing_idx" ON "market"."orders" USING btree ("listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_idx" ON "market"."payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_idx" ON "market"."payments" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_status_created_idx" ON "market"."payments" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "market"."payments" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "market"."refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_idx" ON "market"."refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_idx" ON "market"."refunds" USING btree ("payment_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "test_payment_intents_idempotency_idx" ON "market"."test_payment_intents" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "upgrades_order_idx" ON "market"."upgrades" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "upgrades_live_idx" ON "market"."upgrades" USING btree ("kind","listing_id","ends_at") WHERE "market"."upgrades"."ended_early_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_webhook_events_event_idx" ON "market"."payment_webhook_events" USING btree ("provider_event_id");--> statement-breakpoint
CREATE INDEX "payment_webhook_events_payment_idx" ON "market"."payment_webhook_events" USING btree ("payment_id");
--> statement-breakpoint
-- Seed data (hand-written): the default catalogue (domain/payments/catalogue.ts) and the invoice counter.
INSERT INTO "market"."products" ("code", "name", "description", "price_pence", "entitlements", "is_active", "position") VALUES
('featured_7', 'Featured, 7 days', 'Pinned above ordinary results in searches that include your home, with a Featured badge.', 999, '[{"kind":"featured","days":7}]'::jsonb, true, 0),
('featured_14', 'Featured, 14 days', 'Pinned above ordinary results in searches that include your home, with a Featured badge.', 1799, '[{"kind":"featured","days":14}]'::jsonb, true, 1),
('featured_28', 'Featured, 28 days', 'Pinned above ordinary results in searches that include your home, with a Featured badge.', 2999, '[{"kind":"featured","days":28}]'::jsonb, true, 2),
('bump', 'Bump', 'Back to the top of ''Newest first'' once. Your home''s original listing date stays visible.', 499, '[{"kind":"bump","uses":1}]'::jsonb, true, 3),
('showcase_7', 'Showcase, 7 days', 'A slot on the home page and on your town’s page for 7 days.', 2499, '[{"kind":"showcase","days":7}]'::jsonb, true, 4),
('alert_boost', 'Alert boost', 'Shown first in the next saved-search alerts your home matches (only to people who asked for alerts).', 1499, '[{"kind":"alert_boost","uses":1}]'::jsonb, true, 5),
('faster_bundle', 'Sell or let faster', 'Featured for 28 days, 2 bumps and 1 alert boost.', 3999, '[{"kind":"featured","days":28},{"kind":"bump","uses":2},{"kind":"alert_boost","uses":1}]'::jsonb, true, 6);--> statement-breakpoint
INSERT INTO "market"."invoice_counter" ("id", "last_number") VALUES (1, 0);
