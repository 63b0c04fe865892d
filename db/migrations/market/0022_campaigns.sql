ALTER TYPE "market"."payment_provider" ADD VALUE 'none';--> statement-breakpoint
CREATE TABLE "market"."campaign_deliveries" (
	"campaign_id" bigint NOT NULL,
	"recipient_sub" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "market"."email_campaigns" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market"."email_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subject" text NOT NULL,
	"body_markdown" text NOT NULL,
	"audience" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"rate_per_minute" integer DEFAULT 100 NOT NULL,
	"created_by" text NOT NULL,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "email_campaigns_rate_check" CHECK ("market"."email_campaigns"."rate_per_minute" between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "market"."marketing_consents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market"."marketing_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_sub" text NOT NULL,
	"email" text NOT NULL,
	"is_granted" boolean NOT NULL,
	"wording" text NOT NULL,
	"source" text NOT NULL,
	"campaign_id" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market"."promo_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market"."promo_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent_off" smallint,
	"amount_off_pence" integer,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"max_uses" integer,
	"uses_count" integer DEFAULT 0 NOT NULL,
	"is_once_per_user" boolean DEFAULT true NOT NULL,
	"product_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_kind_check" CHECK (("market"."promo_codes"."kind" = 'percent' and "market"."promo_codes"."percent_off" between 1 and 100) or ("market"."promo_codes"."kind" = 'amount' and "market"."promo_codes"."amount_off_pence" > 0)),
	CONSTRAINT "promo_codes_uses_check" CHECK ("market"."promo_codes"."max_uses" is null or "market"."promo_codes"."uses_count" <= "market"."promo_codes"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "market"."promo_redemptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market"."promo_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"promo_code_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"buyer_sub" text NOT NULL,
	"discount_pence" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market"."orders" DROP CONSTRAINT "orders_amount_check";--> statement-breakpoint
ALTER TABLE "market"."campaign_deliveries" ADD CONSTRAINT "campaign_deliveries_campaign_id_email_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "market"."email_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market"."promo_redemptions" ADD CONSTRAINT "promo_redemptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "market"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market"."promo_redemptions" ADD CONSTRAINT "promo_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "market"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_deliveries_recipient_idx" ON "market"."campaign_deliveries" USING btree ("campaign_id","recipient_sub");--> statement-breakpoint
CREATE INDEX "marketing_consents_user_idx" ON "market"."marketing_consents" USING btree ("user_sub","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "marketing_consents_campaign_idx" ON "market"."marketing_consents" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_idx" ON "market"."promo_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_redemptions_order_idx" ON "market"."promo_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "promo_redemptions_code_buyer_idx" ON "market"."promo_redemptions" USING btree ("promo_code_id","buyer_sub");--> statement-breakpoint
ALTER TABLE "market"."orders" ADD CONSTRAINT "orders_amount_check" CHECK ("market"."orders"."amount_pence" = "market"."orders"."price_pence" - "market"."orders"."discount_pence" and "market"."orders"."amount_pence" >= 0);