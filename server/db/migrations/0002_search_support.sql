-- Trigram indexes (pg_trgm) serve the users search: LIKE '%term%' without reading every row.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Everything the users search matches, lowercased, in one text (concat_ws skips the missing parts). Declared
-- IMMUTABLE (it is: text in, text out) so a generated column and its index can use it.
CREATE OR REPLACE FUNCTION users_search_text(display_name text, first_name text, last_name text, email text, phone text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT lower(concat_ws(' ', display_name, first_name, last_name, email, phone)) $$;
