/**
 * Where the in-process benches measure: a fresh in-memory PGlite, and PostgreSQL in a scratch database of their
 * own (created from BENCH_DATABASE_URL, default the local `test` database, and dropped afterwards) when it
 * answers. Each is migrated before `measure` runs.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate, openDatabase, type DatabaseHandle } from '../../server/db/client';

type Measure<T> = (handle: DatabaseHandle, engine: 'PGlite' | 'PostgreSQL') => Promise<T>;

export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function onPglite<T>(measure: Measure<T>): Promise<T> {
  const pglite = await openDatabase({ inMemory: true });
  try {
    await migrate(pglite);
    return await measure(pglite, 'PGlite');
  } finally {
    await pglite.close();
  }
}

/** `measure` on a scratch PostgreSQL database named after `what`; null when PostgreSQL does not answer. */
export async function onScratchPostgres<T>(
  what: string,
  measure: Measure<T>,
  adminUrl = BENCH_DATABASE_URL,
): Promise<T | null> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2_000 });
  try {
    await admin.connect();
  } catch {
    console.log(`bench: PostgreSQL at ${adminUrl} does not answer; the ${what} figures are PGlite's only`);
    return null;
  }
  // Generated (letters, digits, underscores), never taken from input.
  const name = `upkeep_bench_${what.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const handle = await openDatabase({ databaseUrl: url.toString() });
    try {
      await migrate(handle);
      return await measure(handle, 'PostgreSQL');
    } finally {
      await handle.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
