/**
 * Many made-up users, for trying the users screen at scale (docs/performance.md). Deterministic: user n is
 * always the same person, so running it again adds nothing, and a larger count adds only the missing ones.
 * They have placeholder uids (`bulk-<n>`), not sign-in accounts.
 *
 *   npm run seed:users -- 10000    # into the database the API uses (DATABASE_URL, or PGlite in DATA_DIR/db)
 *
 * With PGlite, stop the API first: one process owns the data directory.
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import * as t from '../schema';
import { exitOnFailure, runBulkSeed } from './bulk-cli';

// prettier-ignore
const FIRST = ['Avery', 'Blake', 'Camila', 'Dana', 'Elena', 'Farah', 'Gabriel', 'Hana', 'Isaac', 'Jamal', 'Keiko', 'Liam', 'Maya', 'Nikhil', 'Olivia', 'Pedro', 'Quinn', 'Rosa', 'Sven', 'Tara', 'Uma', 'Victor', 'Wen', 'Ximena', 'Yusuf', 'Zoe'];
// prettier-ignore
const LAST = ['Abbott', 'Bianchi', 'Castillo', 'Dubois', 'Eriksen', 'Fujita', 'Gonzalez', 'Horvat', 'Ibrahim', 'Jensen', 'Kowalski', 'Lindqvist', 'Moreau', 'Nakamura', "O'Neil", 'Petrov', 'Quintero', 'Rossi', 'Silva', 'Tanaka', 'Usman', 'Varga', 'Walsh', 'Xu', 'Yilmaz', 'Zhang'];

const BATCH = 1_000;

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

/** Makes users 1…count exist; returns how many it inserted. */
export async function seedBulkUsers(db: Db, count: number): Promise<number> {
  let inserted = 0;
  for (let start = 1; start <= count; start += BATCH) {
    const rows = [];
    for (let n = start; n < Math.min(start + BATCH, count + 1); n += 1) rows.push(bulkUser(n));
    const created = await db.insert(t.users).values(rows).onConflictDoNothing().returning({ id: t.users.id });
    inserted += created.length;
  }
  // Fresh statistics (and visibility map) for the planner, as autovacuum would give PostgreSQL in time;
  // PGlite has no autovacuum, and without statistics a search may not be planned on its trigram index.
  if (inserted > 0) await db.execute(sql`vacuum analyze users`);
  return inserted;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  exitOnFailure(
    runBulkSeed({
      what: 'Bulk users',
      script: 'seed:users',
      defaultCount: 10000,
      max: 1_000_000,
      seed: seedBulkUsers,
    }),
  );
}
