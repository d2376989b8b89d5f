ALTER TABLE "payments_sandbox_accounts" RENAME TO "stripe_standin_accounts";--> statement-breakpoint
ALTER TABLE "payments_sandbox_bank_tokens" RENAME TO "stripe_standin_bank_tokens";--> statement-breakpoint
ALTER TABLE "payments_sandbox_bank_accounts" RENAME TO "stripe_standin_bank_accounts";--> statement-breakpoint
ALTER TABLE "stripe_standin_accounts" ADD COLUMN "payout_interval" text DEFAULT 'daily' NOT NULL;--> statement-breakpoint
ALTER TABLE "stripe_standin_accounts" ADD COLUMN "payout_delay_days" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "stripe_standin_accounts" ADD COLUMN "payout_weekly_anchor" text;--> statement-breakpoint
ALTER TABLE "stripe_standin_accounts" ADD COLUMN "payout_monthly_anchor" integer;--> statement-breakpoint
ALTER TABLE "stripe_standin_bank_tokens" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "stripe_standin_bank_tokens" ADD COLUMN "account_holder_type" text;--> statement-breakpoint
ALTER TABLE "stripe_standin_bank_accounts" ADD COLUMN "country" text DEFAULT 'US' NOT NULL;--> statement-breakpoint
ALTER TABLE "stripe_standin_bank_accounts" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;--> statement-breakpoint
ALTER TABLE "stripe_standin_bank_accounts" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "stripe_standin_bank_accounts" RENAME CONSTRAINT "payments_sandbox_bank_accounts_account_id_payments_sandbox_accounts_id_fk" TO "stripe_standin_bank_accounts_account_id_stripe_standin_accounts_id_fk";
