CREATE TABLE "square_standin_grants" (
	"secret_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"merchant_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "credentials" ADD COLUMN "access_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "square_standin_grants_expires_idx" ON "square_standin_grants" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "square_standin_grants_merchant_idx" ON "square_standin_grants" USING btree ("merchant_id");