ALTER TABLE "credentials" ADD COLUMN "created_by_uid" text;--> statement-breakpoint
CREATE INDEX "availabilities_location_idx" ON "availabilities" USING btree ("location_id");