DROP TABLE "payouts" CASCADE;--> statement-breakpoint
DROP TABLE "payments_sandbox_payouts" CASCADE;