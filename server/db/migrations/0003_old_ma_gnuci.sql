ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (users_search_text(display_name, first_name, last_name, email, phone)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_digits" text GENERATED ALWAYS AS (regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "users_live_order_idx" ON "users" USING btree (lower(coalesce("display_name", "email")),"id") WHERE "users"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "users_search_text_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_digits_trgm_idx" ON "users" USING gin ("phone_digits" gin_trgm_ops);