-- The newest-first indexes in the order the reads ask for: `order by at desc, id desc` sorts nulls first in
-- PostgreSQL, and an index sorted DESC NULLS LAST does not serve it, so GET /audit and GET /notifications read
-- and sorted the whole table for each page (tests/api/explain-lists.test.ts). The columns are NOT NULL either way.
DROP INDEX "audit_events_at_idx";--> statement-breakpoint
DROP INDEX "audit_events_record_idx";--> statement-breakpoint
DROP INDEX "audit_events_actor_idx";--> statement-breakpoint
DROP INDEX "audit_events_kind_idx";--> statement-breakpoint
DROP INDEX "notifications_created_idx";--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_events_record_idx" ON "audit_events" USING btree ("record_type","record_id","at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_uid","at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_events_kind_idx" ON "audit_events" USING btree ("kind","at" DESC NULLS FIRST) WHERE "audit_events"."kind" not in ('create', 'update', 'delete');--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);