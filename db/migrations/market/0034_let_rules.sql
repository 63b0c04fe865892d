ALTER TABLE "market"."listings" ADD COLUMN "registration_number" text;--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "let_rule_issues" jsonb;--> statement-breakpoint
ALTER TABLE "market"."listings" ADD COLUMN "let_rules_due_at" timestamp with time zone;