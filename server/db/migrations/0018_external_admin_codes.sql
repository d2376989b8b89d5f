CREATE TABLE "external_admin_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"firebase_uid" text NOT NULL,
	"email" text,
	"role" text NOT NULL,
	"page" text NOT NULL,
	"target_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "external_admin_codes_expires_idx" ON "external_admin_codes" USING btree ("expires_at");