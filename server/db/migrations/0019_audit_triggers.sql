-- The audit trail's writes (server/README.md, "Audit trail"). A row trigger on every
-- product table records each row a request inserts, updates or deletes in audit_events, in the same
-- transaction as the write. Who made it and from where come from the transaction-local setting
-- upkeep.audit (a JSON object the API sets at the start of every transaction of a write request); without
-- it (the demo seed, the identity worker, a migration) nothing is recorded.
-- Trigger arguments: the record type, the key columns (joined with ':' as the record id), the columns whose
-- values are hidden ("[hidden]" when set) and the columns left out. A column named like a secret (password,
-- token, secret, account or routing number) is left out of a create or delete; an update that changes it says
-- so with "[hidden]" for both values, so a password change is on record without the password.
CREATE FUNCTION "audit_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	ctx jsonb := nullif(current_setting('upkeep.audit', true), '')::jsonb;
	record_type text := TG_ARGV[0];
	id_columns text[] := string_to_array(TG_ARGV[1], ',');
	hidden text[] := coalesce(string_to_array(nullif(TG_ARGV[2], ''), ','), '{}');
	dropped text[] := coalesce(string_to_array(nullif(TG_ARGV[3], ''), ','), '{}');
	secret text := '(password|token|secret|account_?number|routing_?number)';
	old_row jsonb;
	new_row jsonb;
	the_row jsonb;
	event_kind text;
	diff jsonb;
	the_id text;
BEGIN
	IF ctx IS NULL THEN
		RETURN NULL;
	END IF;
	IF TG_OP <> 'INSERT' THEN
		old_row := to_jsonb(OLD);
	END IF;
	IF TG_OP <> 'DELETE' THEN
		new_row := to_jsonb(NEW);
	END IF;
	the_row := coalesce(new_row, old_row);
	SELECT string_agg(the_row ->> c, ':' ORDER BY o) INTO the_id
		FROM unnest(id_columns) WITH ORDINALITY AS k(c, o);
	IF TG_OP = 'UPDATE' THEN
		event_kind := 'update';
		SELECT jsonb_object_agg(n.key, jsonb_build_object(
				'from', CASE WHEN (n.key = ANY(hidden) OR n.key ~* secret) AND jsonb_typeof(o.value) <> 'null'
					THEN '"[hidden]"'::jsonb ELSE o.value END,
				'to', CASE WHEN (n.key = ANY(hidden) OR n.key ~* secret) AND jsonb_typeof(n.value) <> 'null'
					THEN '"[hidden]"'::jsonb ELSE n.value END))
			INTO diff
			FROM jsonb_each(new_row) n JOIN jsonb_each(old_row) o ON o.key = n.key
			WHERE n.value IS DISTINCT FROM o.value AND NOT (n.key = ANY(dropped));
		IF diff IS NULL THEN
			RETURN NULL;
		END IF;
	ELSE
		event_kind := CASE TG_OP WHEN 'INSERT' THEN 'create' ELSE 'delete' END;
		SELECT coalesce(jsonb_object_agg(key,
				CASE WHEN key = ANY(hidden) AND jsonb_typeof(value) <> 'null' THEN '"[hidden]"'::jsonb ELSE value END),
				'{}'::jsonb)
			INTO diff
			FROM jsonb_each(the_row)
			WHERE key !~* secret AND NOT (key = ANY(dropped));
	END IF;
	INSERT INTO "audit_events" ("actor_uid", "actor_email", "actor_role", "viewing_as", "kind", "record_type",
			"record_id", "method", "path", "changes", "address")
		VALUES (ctx ->> 'uid', ctx ->> 'email', ctx ->> 'role', ctx ->> 'viewingAs', event_kind, record_type,
			the_id, ctx ->> 'method', ctx ->> 'path', diff, ctx ->> 'address');
	IF record_type = 'user' AND TG_OP = 'UPDATE' AND diff ? 'role' THEN
		INSERT INTO "audit_events" ("actor_uid", "actor_email", "actor_role", "viewing_as", "kind", "record_type",
				"record_id", "method", "path", "changes", "address")
			VALUES (ctx ->> 'uid', ctx ->> 'email', ctx ->> 'role', ctx ->> 'viewingAs', 'role-change', record_type,
				the_id, ctx ->> 'method', ctx ->> 'path', jsonb_build_object('role', diff -> 'role'), ctx ->> 'address');
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "service_categories" FOR EACH ROW EXECUTE FUNCTION "audit_row"('service-category', 'id', '', '');--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "service_items" FOR EACH ROW EXECUTE FUNCTION "audit_row"('service-item', 'id', '', '');--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "bundles" FOR EACH ROW EXECUTE FUNCTION "audit_row"('bundle', 'id', '', '');--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "bundle_service_items" FOR EACH ROW EXECUTE FUNCTION "audit_row"('bundle-service-item', 'bundle_id,service_item_id', '', '');--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "credits" FOR EACH ROW EXECUTE FUNCTION "audit_row"('credit', 'id', '', '');--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "user_credits" FOR EACH ROW EXECUTE FUNCTION "audit_row"('user-credit', 'id', '', '');--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "promo_codes" FOR EACH ROW EXECUTE FUNCTION "audit_row"('promo', 'id', '', '');--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "promo_code_services" FOR EACH ROW EXECUTE FUNCTION "audit_row"('promo-service', 'promo_code_id,service_item_id', '', '');--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "price_tiers" FOR EACH ROW EXECUTE FUNCTION "audit_row"('price-tier', 'id', '', '');--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "price_tier_service_items" FOR EACH ROW EXECUTE FUNCTION "audit_row"('price-tier-service-item', 'price_tier_id,service_item_id', '', '');--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "polygons" FOR EACH ROW EXECUTE FUNCTION "audit_row"('polygon', 'id', '', '');--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "settlement_accounts" FOR EACH ROW EXECUTE FUNCTION "audit_row"('settlement-account', 'id', '', '');--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "audit_row"('user', 'id', '', 'search_text,phone_digits');--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "user_providers" FOR EACH ROW EXECUTE FUNCTION "audit_row"('user-provider', 'user_id,provider_id', '', '');--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "invites" FOR EACH ROW EXECUTE FUNCTION "audit_row"('invite', 'id', 'code', '');--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "leads" FOR EACH ROW EXECUTE FUNCTION "audit_row"('lead', 'id', '', '');--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "credentials" FOR EACH ROW EXECUTE FUNCTION "audit_row"('credentials', 'id', 'username,site_id,token_type,merchant_id,business_id', '');--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "locations" FOR EACH ROW EXECUTE FUNCTION "audit_row"('location', 'id', '', '');--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "providers" FOR EACH ROW EXECUTE FUNCTION "audit_row"('provider', 'id', '', '');--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "provider_service_items" FOR EACH ROW EXECUTE FUNCTION "audit_row"('provider-svc-item', 'id', '', '');--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "availabilities" FOR EACH ROW EXECUTE FUNCTION "audit_row"('availability', 'id', '', '');--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "special_dates" FOR EACH ROW EXECUTE FUNCTION "audit_row"('special-date', 'id', '', '');--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "special_date_service_items" FOR EACH ROW EXECUTE FUNCTION "audit_row"('special-date-service-item', 'id', '', '');--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "commissions" FOR EACH ROW EXECUTE FUNCTION "audit_row"('commission', 'id', '', '');--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "appointments" FOR EACH ROW EXECUTE FUNCTION "audit_row"('appointment', 'id', '', '');--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "appointment_cancellations" FOR EACH ROW EXECUTE FUNCTION "audit_row"('appointment-cancellation', 'id', '', '');--> statement-breakpoint
CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON "receipts" FOR EACH ROW EXECUTE FUNCTION "audit_row"('receipt', 'id', '', '');--> statement-breakpoint
CREATE INDEX "audit_events_actor_email_idx" ON "audit_events" USING btree (lower("actor_email"), "at" DESC);
