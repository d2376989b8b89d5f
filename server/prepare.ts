/**
 * Makes a database ready to serve: migrations, then the demo data and accounts when SEED_DEMO.
 *
 * On a new PGlite directory this runs in a child process (server/prepare.main.ts) that exits when it is done:
 * creating, migrating and seeding a database grows PGlite's WebAssembly memory (which never shrinks) and the
 * heap far past what serving needs, so the API then opens the prepared directory as on a restart and runs at
 * its steady size (docs/performance.md, "Start-up").
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { migrate, type DatabaseHandle } from './db/client';
import { seed, seedIdentities } from './db/seed';
import type { Env } from './env';
import type { Identity } from './identity';

/** Migrations, then the demo data when SEED_DEMO. Safe to run again: each part skips what is there. */
export async function prepare(env: Env, database: DatabaseHandle, identity: Identity): Promise<void> {
  await migrate(database);
  if (env.SEED_DEMO) {
    const inserted = await seed(database.db, { now: new Date() });
    await seedIdentities(database.db, identity);
    console.log(inserted > 0 ? `Seeded demo data (${inserted} rows)` : 'Demo data already present');
  }
}

/**
 * Runs `prepare` on the data directory in a child process with this process's environment and Node options
 * (the TypeScript loader included), and waits for it to exit. Rejects with the child's reason when it fails;
 * the child prints it, and what it wrote is kept (the next start prepares again, skipping what is there).
 */
export function prepareInChild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...process.execArgv, join(import.meta.dirname, 'prepare.main.ts')],
      {
        stdio: 'inherit',
        env: process.env,
      },
    );
    // A signal to this process while the child works ends both.
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.once('SIGINT', forward);
    process.once('SIGTERM', forward);
    const settle = () => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
    };
    child.once('error', (error) => {
      settle();
      reject(new Error(`Could not start the database set-up: ${error.message}`, { cause: error }));
    });
    child.once('exit', (code, signal) => {
      settle();
      if (code === 0) resolve();
      else reject(new Error(`The database set-up failed (${signal ?? `exit code ${code}`})`));
    });
  });
}
