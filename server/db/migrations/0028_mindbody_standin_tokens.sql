CREATE TABLE "mindbody_standin_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"username" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mindbody_standin_tokens_expires_idx" ON "mindbody_standin_tokens" USING btree ("expires_at");