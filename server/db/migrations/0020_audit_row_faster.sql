-- The audit trail's row trigger (0019) records the same events at a lower cost per row:
-- - a create or delete takes the row as JSON less the left-out columns with the jsonb minus operator, then
--   walks its keys once in PL/pgSQL (a secret is dropped, a hidden value replaced), where 0019 rebuilt the
--   object with jsonb_each and jsonb_object_agg and ran the secret pattern in a set-returning query;
-- - an update compares the old and new values key by key and tests the secret pattern only on the keys that
--   changed;
-- - a single-column key is read directly instead of through unnest and string_agg.
-- What is written (kinds, record ids, changes with "[hidden]" values, the role-change event) is unchanged.
CREATE OR REPLACE FUNCTION "audit_row"() RETURNS trigger LANGUAGE plpgsql AS $$
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
	k text;
	new_value jsonb;
	old_value jsonb;
	masked boolean;
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
	IF cardinality(id_columns) = 1 THEN
		the_id := the_row ->> id_columns[1];
	ELSE
		SELECT string_agg(the_row ->> c, ':' ORDER BY o) INTO the_id
			FROM unnest(id_columns) WITH ORDINALITY AS key_column(c, o);
	END IF;
	IF TG_OP = 'UPDATE' THEN
		event_kind := 'update';
		FOR k, new_value IN SELECT key, value FROM jsonb_each(new_row) LOOP
			old_value := old_row -> k;
			IF new_value IS DISTINCT FROM old_value AND NOT (k = ANY(dropped)) THEN
				masked := k = ANY(hidden) OR k ~* secret;
				diff := coalesce(diff, '{}'::jsonb) || jsonb_build_object(k, jsonb_build_object(
					'from', CASE WHEN masked AND jsonb_typeof(old_value) <> 'null' THEN '"[hidden]"'::jsonb ELSE old_value END,
					'to', CASE WHEN masked AND jsonb_typeof(new_value) <> 'null' THEN '"[hidden]"'::jsonb ELSE new_value END));
			END IF;
		END LOOP;
		IF diff IS NULL THEN
			RETURN NULL;
		END IF;
	ELSE
		event_kind := CASE TG_OP WHEN 'INSERT' THEN 'create' ELSE 'delete' END;
		diff := the_row - dropped;
		FOR k IN SELECT jsonb_object_keys(the_row - dropped) LOOP
			IF k ~* secret THEN
				diff := diff - k;
			ELSIF k = ANY(hidden) AND jsonb_typeof(diff -> k) <> 'null' THEN
				diff := jsonb_set(diff, ARRAY[k], '"[hidden]"'::jsonb);
			END IF;
		END LOOP;
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
$$;
