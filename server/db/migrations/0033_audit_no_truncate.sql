-- audit_events is append-only (server/README.md, "Audit trail"). Migration 0017's row trigger refuses UPDATE
-- and DELETE; TRUNCATE fires no row trigger, so it emptied the trail. A statement trigger refuses it too.
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events" FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_append_only"();
