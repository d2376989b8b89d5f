CREATE INDEX "service_items_category_order_idx" ON "service_items" USING btree ("service_category_id","display_order" asc nulls last,"id");--> statement-breakpoint
CREATE INDEX "providers_name_idx" ON "providers" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "credits_title_idx" ON "credits" USING btree ("title","id");