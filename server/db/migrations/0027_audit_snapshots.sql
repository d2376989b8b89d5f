DROP INDEX "audit_events_kind_idx";--> statement-breakpoint
CREATE INDEX "audit_events_kind_idx" ON "audit_events" USING btree ("kind","at" DESC NULLS LAST) WHERE "audit_events"."kind" not in ('create', 'update', 'delete');--> statement-breakpoint
-- The audit trail's row trigger at a lower cost per written row (the write path's goal: under 10%):
-- - An update stores the row before and after, `{ "$from": …, "$to": … }`, less the left-out columns, with
--   the hidden ones taken out and their changes (only those) in `"$hidden"` as `{ column: { from: "[hidden]",
--   to: "[hidden]" } }` (a null stays null). The fields that changed are worked out when the trail is read
--   (server/audit/repository.ts), not for every write: the trigger runs no per-column loop and no query.
--   An update that changes nothing still records nothing, and a role change still adds `role-change`.
-- - The columns named like a secret are found once, when a table's trigger is attached by audit_attach(),
--   and passed as its fifth argument, instead of a pattern tested on every column of every written row.
--   audit_row() refuses to run without it, so no table can be audited without its secrets known. A
--   migration that adds a column to an audited table attaches the trigger again (a test checks that every
--   trigger's secrets are its table's).
-- What a create or delete records is unchanged: the row less the left-out and secret columns, hidden
-- values as "[hidden]".
CREATE OR REPLACE FUNCTION "audit_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	ctx jsonb := nullif(current_setting('upkeep.audit', true), '')::jsonb;
	record_type text := TG_ARGV[0];
	id_columns text[];
	hidden text[];
	dropped text[];
	secrets text[];
	masked_columns text[];
	old_row jsonb;
	new_row jsonb;
	the_row jsonb;
	changes jsonb;
	masked jsonb;
	event_kind text;
	the_id text;
	k text;
BEGIN
	IF ctx IS NULL THEN
		RETURN NULL;
	END IF;
	IF TG_NARGS < 5 THEN
		RAISE EXCEPTION 'audit_row on % has no list of secret columns: attach it with audit_attach()', TG_TABLE_NAME;
	END IF;
	id_columns := string_to_array(TG_ARGV[1], ',');
	hidden := string_to_array(TG_ARGV[2], ',');
	dropped := string_to_array(TG_ARGV[3], ',');
	secrets := string_to_array(TG_ARGV[4], ',');
	IF TG_OP = 'UPDATE' THEN
		event_kind := 'update';
		old_row := to_jsonb(OLD) - dropped;
		new_row := to_jsonb(NEW) - dropped;
		IF old_row = new_row THEN
			RETURN NULL;
		END IF;
		the_row := new_row;
		masked_columns := hidden || secrets;
		IF cardinality(masked_columns) > 0 THEN
			FOREACH k IN ARRAY masked_columns LOOP
				IF old_row -> k IS DISTINCT FROM new_row -> k THEN
					masked := coalesce(masked, '{}'::jsonb) || jsonb_build_object(k, jsonb_build_object(
						'from', CASE WHEN jsonb_typeof(old_row -> k) <> 'null' THEN '"[hidden]"'::jsonb ELSE old_row -> k END,
						'to', CASE WHEN jsonb_typeof(new_row -> k) <> 'null' THEN '"[hidden]"'::jsonb ELSE new_row -> k END));
				END IF;
			END LOOP;
			old_row := old_row - masked_columns;
			new_row := new_row - masked_columns;
		END IF;
		changes := jsonb_build_object('$from', old_row, '$to', new_row);
		IF masked IS NOT NULL THEN
			changes := changes || jsonb_build_object('$hidden', masked);
		END IF;
	ELSE
		event_kind := CASE TG_OP WHEN 'INSERT' THEN 'create' ELSE 'delete' END;
		the_row := CASE TG_OP WHEN 'INSERT' THEN to_jsonb(NEW) ELSE to_jsonb(OLD) END;
		changes := the_row - dropped - secrets;
		FOREACH k IN ARRAY hidden LOOP
			IF jsonb_typeof(changes -> k) <> 'null' THEN
				changes := jsonb_set(changes, ARRAY[k], '"[hidden]"'::jsonb);
			END IF;
		END LOOP;
	END IF;
	IF cardinality(id_columns) = 1 THEN
		the_id := the_row ->> id_columns[1];
	ELSE
		SELECT string_agg(the_row ->> c, ':' ORDER BY o) INTO the_id
			FROM unnest(id_columns) WITH ORDINALITY AS key_column(c, o);
	END IF;
	INSERT INTO "audit_events" ("actor_uid", "actor_email", "actor_role", "viewing_as", "kind", "record_type",
			"record_id", "method", "path", "changes", "address")
		VALUES (ctx ->> 'uid', ctx ->> 'email', ctx ->> 'role', ctx ->> 'viewingAs', event_kind, record_type,
			the_id, ctx ->> 'method', ctx ->> 'path', changes, ctx ->> 'address');
	IF record_type = 'user' AND TG_OP = 'UPDATE' AND old_row -> 'role' IS DISTINCT FROM new_row -> 'role' THEN
		INSERT INTO "audit_events" ("actor_uid", "actor_email", "actor_role", "viewing_as", "kind", "record_type",
				"record_id", "method", "path", "changes", "address")
			VALUES (ctx ->> 'uid', ctx ->> 'email', ctx ->> 'role', ctx ->> 'viewingAs', 'role-change', record_type,
				the_id, ctx ->> 'method', ctx ->> 'path',
				jsonb_build_object('role', jsonb_build_object('from', old_row -> 'role', 'to', new_row -> 'role')),
				ctx ->> 'address');
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The columns of a table named like a secret (password, token, secret, account or routing number), joined
-- with commas: what audit_row() leaves out of a create or delete and hides in an update.
CREATE OR REPLACE FUNCTION "audit_secret_columns"(target regclass) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT coalesce(string_agg(attname, ',' ORDER BY attnum), '')
		FROM pg_attribute
		WHERE attrelid = target AND attnum > 0 AND NOT attisdropped
			AND attname ~* '(password|token|secret|account_?number|routing_?number)';
$$;
--> statement-breakpoint
-- Attaches (or attaches again) the audit trigger to a table: its record type, its key columns (joined with
-- commas; a link table's two), the columns whose values are hidden, the columns left out, and its secret
-- columns as they are now.
CREATE OR REPLACE FUNCTION "audit_attach"(target regclass, record_type text, id_columns text, hidden text,
		dropped text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE format('DROP TRIGGER IF EXISTS "audit_row" ON %s', target);
	EXECUTE format('CREATE TRIGGER "audit_row" AFTER INSERT OR UPDATE OR DELETE ON %s FOR EACH ROW '
		'EXECUTE FUNCTION "audit_row"(%L, %L, %L, %L, %L)', target, record_type, id_columns, hidden, dropped,
		audit_secret_columns(target));
END;
$$;
--> statement-breakpoint
SELECT audit_attach('bundle_service_items', 'bundle-service-item', 'bundle_id,service_item_id', '', '');--> statement-breakpoint
SELECT audit_attach('bundles', 'bundle', 'id', '', '');--> statement-breakpoint
SELECT audit_attach('service_categories', 'service-category', 'id', '', '');--> statement-breakpoint
SELECT audit_attach('service_items', 'service-item', 'id', '', '');--> statement-breakpoint
SELECT audit_attach('availabilities', 'availability', 'id', '', '');--> statement-breakpoint
SELECT audit_attach('commissions', 'commission', 'id', '', '');--> statement-breakpoint
SELECT audit_attach('credentials', 'credentials', 'id', 'username,site_id,token_type,merchant_id,business_id', '');--> statement-breakpoint
SELECT audit_attach('locations', 'location', 'id', '', '');--> statement-breakpoint
SELECT audit_attach('provider_service_items', 'provider-svc-item', 'id', '', '');--> statement-breakpoint
SELECT audit_attach('providers', 'provider', 'id', '', '');--> statement-breakpoint
SELECT audit_attach('special_date_service_items', 'special-date-service-item', 'id', '', '');--> statement-breakpoint
SELECT audit_attach('special_dates', 'special-date', 'id', '', '');--> statement-breakpoint
SELECT audit_attach('invites', 'invite', 'id', 'code', '');--> statement-breakpoint
SELECT audit_attach('leads', 'lead', 'id', '', '');--> statement-breakpoint
SELECT audit_attach('user_providers', 'user-provider', 'user_id,provider_id', '', '');--> statement-breakpoint
SELECT audit_attach('users', 'user', 'id', '', 'search_text,phone_digits');--> statement-breakpoint
SELECT audit_attach('credits', 'credit', 'id', '', '');--> statement-breakpoint
SELECT audit_attach('polygons', 'polygon', 'id', '', '');--> statement-breakpoint
SELECT audit_attach('price_tier_service_items', 'price-tier-service-item', 'price_tier_id,service_item_id', '', '');--> statement-breakpoint
SELECT audit_attach('price_tiers', 'price-tier', 'id', '', '');--> statement-breakpoint
SELECT audit_attach('promo_code_services', 'promo-service', 'promo_code_id,service_item_id', '', '');--> statement-breakpoint
SELECT audit_attach('promo_codes', 'promo', 'id', '', '');--> statement-breakpoint
SELECT audit_attach('user_credits', 'user-credit', 'id', '', '');--> statement-breakpoint
SELECT audit_attach('appointments', 'appointment', 'id', '', '');--> statement-breakpoint
SELECT audit_attach('settlement_accounts', 'settlement-account', 'id', '', '');--> statement-breakpoint
SELECT audit_attach('appointment_cancellations', 'appointment-cancellation', 'id', '', '');--> statement-breakpoint
SELECT audit_attach('receipts', 'receipt', 'id', '', '');--> statement-breakpoint
SELECT audit_attach('marketplace_settings', 'settings', 'id', '', '');
