DROP INDEX "providers_name_idx";--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "created_by_uid" text;--> statement-breakpoint
CREATE INDEX "locations_country_city_idx" ON "locations" USING btree (lower("country"),lower("city"));--> statement-breakpoint
CREATE INDEX "providers_list_order_idx" ON "providers" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "special_date_service_items_special_date_idx" ON "special_date_service_items" USING btree ("special_date_id");