/**
 * Many made-up users, for trying the users screen at scale (docs/performance.md). Deterministic: user n is
 * always the same person, so running it again adds nothing, and a larger count adds only the missing ones.
 * They have placeholder uids (`bulk-<n>`), not sign-in accounts.
 *
 *   npm run seed:users -- 10000    # into the database the API uses (DATABASE_URL, or PGlite in DATA_DIR/db)
 *
 * With PGlite, stop the API first: one process owns the data directory.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Db } from '../client';
import * as t from '../schema';

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
  return inserted;
}

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? '10000');
  if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
    throw new Error(`Usage: npm run seed:users -- <count from 1 to 1000000>; got "${process.argv[2]}"`);
  }
  const { readEnv } = await import('../../env');
  const { migrate, openDatabase } = await import('../client');
  const env = readEnv();
  const database = await openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: join(env.DATA_DIR, 'db') },
  );
  try {
    await migrate(database);
    const inserted = await seedBulkUsers(database.db, count);
    console.log(`Bulk users: ${inserted} inserted (${count - inserted} were there already)`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
