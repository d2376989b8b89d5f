/**
 * Many made-up users, for trying the users screen at scale (docs/performance.md). Deterministic: user n is
 * always the same person, so running it again adds nothing, and a larger count adds only the missing ones.
 * They have placeholder uids (`bulk-<n>`), not sign-in accounts.
 *
 *   npm run seed:users -- 10000    # into the database the API uses (DATABASE_URL, or PGlite in DATA_DIR/db)
 *
 * With PGlite, stop the API first: one process owns the data directory.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { runWhenMain } from './bulk-cli';

// prettier-ignore
const FIRST = ['Avery', 'Blake', 'Camila', 'Dana', 'Elena', 'Farah', 'Gabriel', 'Hana', 'Isaac', 'Jamal', 'Keiko', 'Liam', 'Maya', 'Nikhil', 'Olivia', 'Pedro', 'Quinn', 'Rosa', 'Sven', 'Tara', 'Uma', 'Victor', 'Wen', 'Ximena', 'Yusuf', 'Zoe'];
// prettier-ignore
const LAST = ['Abbott', 'Bianchi', 'Castillo', 'Dubois', 'Eriksen', 'Fujita', 'Gonzalez', 'Horvat', 'Ibrahim', 'Jensen', 'Kowalski', 'Lindqvist', 'Moreau', 'Nakamura', "O'Neil", 'Petrov', 'Quintero', 'Rossi', 'Silva', 'Tanaka', 'Usman', 'Varga', 'Walsh', 'Xu', 'Yilmaz', 'Zhang'];

/** Users per INSERT … SELECT FROM generate_series: the rows are made in the database, none sent over the wire. */
const BATCH = 50_000;

export function bulkUser(n: number) {
  const first = FIRST[n % FIRST.length] as string;
  const last = LAST[Math.floor(n / FIRST.length) % LAST.length] as string;
  const local = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
  const day = (n % 28) + 1;
  const month = (n % 12) + 1;
  return {
    firebaseUid: `bulk-${n}`,
    displayName: `${first} ${last}`,
    firstName: first,
    lastName: last,
    email: `${local}.${n}@bulk.example.com`,
    phone: `+1555${String(n).padStart(7, '0')}`,
    birthdate: `${1960 + (n % 45)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    availablePoints: (n * 7) % 500,
    role: 'USER' as const,
  };
}

/** Past this many users to add, the list's indexes are built once after the rows rather than row by row. */
const REBUILD_FROM = 100_000;

type Rows<T> = { rows: T[] };

/**
 * Makes users 1…count exist; returns how many it inserted. Each batch is one INSERT … SELECT over
 * generate_series that builds the same rows as `bulkUser` in SQL (tests/api/explain-lists.test.ts checks the two
 * agree), so no row crosses the wire. Adding many (a million: `npm run seed:users -- 1000000`), it runs in
 * one transaction that drops the users table's non-unique indexes (the list orders and the trigram GIN
 * indexes: kept up row by row they cost most of the time) and creates them again from their own definitions
 * (pg_indexes) once the rows are in; the unique ones stay, for ON CONFLICT. The table is locked meanwhile.
 */
export async function seedBulkUsers(db: Db, count: number): Promise<number> {
  const [present] = (
    (await db.execute(
      sql`select count(*)::int as n from users
        where firebase_uid ~ '^bulk-[0-9]+$' and substr(firebase_uid, 6)::int <= ${count}`,
    )) as unknown as Rows<{ n: number }>
  ).rows;
  const missing = count - (present?.n ?? 0);
  if (missing <= 0) return 0;
  const inserted =
    missing < REBUILD_FROM
      ? await insertBulkUsers(db, count)
      : await db.transaction(async (tx) => {
          const indexes = (
            (await tx.execute(sql`
              select indexname as name, indexdef as definition from pg_indexes
              where schemaname = current_schema() and tablename = 'users' and indexdef not like 'CREATE UNIQUE %'`)) as unknown as Rows<{
              name: string;
              definition: string;
            }>
          ).rows;
          for (const index of indexes) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
          const added = await insertBulkUsers(tx as unknown as Db, count);
          await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
          for (const index of indexes) await tx.execute(sql.raw(index.definition));
          return added;
        });
  // Fresh statistics (and visibility map) for the planner, as autovacuum would give PostgreSQL in time;
  // PGlite has no autovacuum, and without statistics a search may not be planned on its trigram index.
  if (inserted > 0) await db.execute(sql`vacuum analyze users`);
  return inserted;
}

async function insertBulkUsers(db: Db, count: number): Promise<number> {
  let inserted = 0;
  const names = (list: string[]) =>
    sql`array[${sql.join(
      list.map((name) => sql`${name}`),
      sql`, `,
    )}]::text[]`;
  for (let start = 1; start <= count; start += BATCH) {
    const end = Math.min(start + BATCH - 1, count);
    const result = (await db.execute(sql`
      with person as (
        select n, (${names(FIRST)})[n % ${FIRST.length} + 1] as first,
          (${names(LAST)})[(n / ${FIRST.length}) % ${LAST.length} + 1] as last
        from generate_series(${start}::int, ${end}::int) as n
      ), added as (
        insert into users (firebase_uid, display_name, first_name, last_name, email, phone, birthdate, available_points, role)
        select 'bulk-' || n, first || ' ' || last, first, last,
          regexp_replace(lower(first || '.' || last), '[^a-z.]', '', 'g') || '.' || n || '@bulk.example.com',
          '+1555' || lpad(n::text, 7, '0'),
          make_date(1960 + n % 45, n % 12 + 1, n % 28 + 1),
          (n * 7) % 500, 'USER'
        from person order by n
        on conflict do nothing
        returning 1
      )
      select count(*)::int as added from added`)) as unknown as Rows<{ added: number }>;
    inserted += result.rows[0]?.added ?? 0;
  }
  return inserted;
}

runWhenMain(import.meta.url, () => ({
  what: 'Bulk users',
  script: 'seed:users',
  defaultCount: 10000,
  max: 1_000_000,
  seed: seedBulkUsers,
}));
