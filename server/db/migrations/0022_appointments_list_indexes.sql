DROP INDEX "appointments_provider_start_idx";--> statement-breakpoint
CREATE INDEX "appointments_start_idx" ON "appointments" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "appointments_provider_start_idx" ON "appointments" USING btree ("provider_id","start_date","id");