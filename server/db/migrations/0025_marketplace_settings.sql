CREATE TABLE "marketplace_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"late_cancel_hours" integer DEFAULT 24 NOT NULL,
	"commission_presets" integer[] DEFAULT '{15,20}'::integer[] NOT NULL,
	"default_commission" integer DEFAULT 20 NOT NULL,
	"available_after_days_options" integer[] DEFAULT '{0,1,2,7}'::integer[] NOT NULL,
	"default_timezone" text DEFAULT 'America/Los_Angeles' NOT NULL,
	"activity_window_days" integer DEFAULT 30 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "marketplace_settings_one_row" CHECK ("marketplace_settings"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "marketplace_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "marketplace_settings" FOR EACH ROW EXECUTE FUNCTION "audit_row"('settings', 'id', '', '');
