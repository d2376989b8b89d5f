/** The command line of the bulk seeds (`npm run seed:users -- 10000`, `npm run seed:providers -- 2000`). */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Db } from '../client';

export interface BulkSeed {
  what: string;
  script: string;
  defaultCount: number;
  max: number;
  seed: (db: Db, count: number) => Promise<number>;
}

/**
 * Runs the bulk seed `bulkSeed()` names when the module at `moduleUrl` (the seed's `import.meta.url`) is the
 * script node was started with, and not when a test or a benchmark imports it; a failure prints its message
 * and exits with 1.
 */
export function runWhenMain(moduleUrl: string, bulkSeed: () => BulkSeed): void {
  if (process.argv[1] && moduleUrl === pathToFileURL(process.argv[1]).href)
    exitOnFailure(runBulkSeed(bulkSeed()));
}

async function runBulkSeed(options: BulkSeed): Promise<void> {
  const count = Number(process.argv[2] ?? String(options.defaultCount));
  if (!Number.isInteger(count) || count < 1 || count > options.max) {
    throw new Error(
      `Usage: npm run ${options.script} -- <count from 1 to ${options.max}>; got "${process.argv[2]}"`,
    );
  }
  const { readEnv } = await import('../../env');
  const { migrate, openDatabase } = await import('../client');
  const env = readEnv();
  const database = await openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: join(env.DATA_DIR, 'db') },
  );
  try {
    await migrate(database);
    const inserted = await options.seed(database.db, count);
    console.log(`${options.what}: ${inserted} inserted (${count - inserted} were there already)`);
  } finally {
    await database.close();
  }
}

function exitOnFailure(run: Promise<void>): void {
  run.catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
