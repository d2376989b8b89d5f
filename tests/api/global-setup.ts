/**
 * Once per API test run, for each of the run's workers (API_TEST_WORKERS): an auth emulator of its own on
 * TEST_PORTS.apiAuth + 3 × (worker − 1) (reused when something already answers there), a migrated and seeded
 * PGlite snapshot that each test file loads in memory (instead of a ~2 s initdb per file), and, when
 * PostgreSQL answers at TEST_DATABASE_URL, a migrated and seeded template database that each test file
 * copies with CREATE DATABASE ... TEMPLATE (instead of migrating and seeding its own). Test files on one
 * worker run one after another against that worker's emulator, as the whole run did on one emulator: files
 * that list or reconcile every account of the emulator never meet another worker's accounts. The snapshot
 * and template differ per worker only in the demo accounts' ids in that emulator. Test files read all of it
 * with inject('api') (tests/api/support.ts picks their worker's part).
 *
 * Under CI (`CI` set) nothing is skipped quietly: the set-up fails, naming the address, when PostgreSQL at
 * TEST_DATABASE_URL or Redis at TEST_REDIS_URL (default redis://127.0.0.1:6379, which the limits, Redis
 * fault and scale-out tests use) does not answer. Elsewhere it warns and runs PGlite alone.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deleteApp, getApps } from 'firebase-admin/app';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { isPortOpen, ROOT, startAuthEmulator, type Running } from '../../scripts/lib/processes';
import { dumpSnapshot, migrate, openDatabase, redact } from '../../server/db/client';
import { seed, seedIdentities } from '../../server/db/seed';
import { API_TEST_WORKERS, TEST_PORTS } from '../ports';
import { createFirebaseIdentity } from '../../server/identity';

/** One worker's own part of the run. */
export interface ApiTestWorker {
  emulatorHost: string;
  snapshotPath: string;
  /** The migrated and seeded database each PostgreSQL test database is copied from (with postgresUrl). */
  postgresTemplate: string | null;
}

export interface ApiTestContext {
  projectId: string;
  /** The `now` the snapshots were seeded with (ISO); PostgreSQL databases are seeded with it too. */
  seedNow: string;
  /** Null when PostgreSQL does not answer: the tests then run on PGlite only. */
  postgresUrl: string | null;
  /** Indexed by VITEST_POOL_ID − 1. */
  workers: ApiTestWorker[];
}

declare module 'vitest' {
  export interface ProvidedContext {
    api: ApiTestContext;
  }
}

/** Each emulator takes three ports (auth, hub, logging). */
const emulatorPort = (worker: number) => TEST_PORTS.apiAuth + 3 * worker;
const PROJECT_ID = 'demo-upkeep-test';
const WORK = join(ROOT, '.tmp', `api-tests-${TEST_PORTS.offset}`);

/** Thrown under CI, where a service the API tests need must answer rather than be skipped. */
function unavailable(what: string, variable: string, url: string, error: unknown): Error {
  return new Error(
    `API tests: ${what} at ${redact(url)} does not answer (${(error as Error).message}). CI is set, so ` +
      `the tests that need it are not skipped: start ${what} there, or point ${variable} at one.`,
  );
}

export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (error) {
    if (process.env.CI) throw unavailable('PostgreSQL', 'TEST_DATABASE_URL', url, error);
    console.warn(
      `API tests: PostgreSQL at ${redact(url)} does not answer (${(error as Error).message}); PGlite only.`,
    );
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Redis is not skipped by any test: without it the Redis tests fail, so say why up front. */
export async function checkRedis(url: string): Promise<void> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    if (process.env.CI) throw unavailable('Redis', 'TEST_REDIS_URL', url, error);
    console.warn(
      `API tests: Redis at ${redact(url)} does not answer (${(error as Error).message}); the tests that use it will fail.`,
    );
  } finally {
    redis.disconnect();
  }
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Seeds the demo accounts in one emulator and records their ids in the database. firebase-admin takes the
 * emulator's address from the environment when an app is made, so each emulator gets a fresh app.
 */
async function seedIdentitiesIn(db: Parameters<typeof seedIdentities>[0], emulatorHost: string) {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  await Promise.all(getApps().map((app) => deleteApp(app)));
  await seedIdentities(db, createFirebaseIdentity({ projectId: PROJECT_ID }));
}

/** Migrates and seeds the template as the snapshot is, then closes every connection so it can be copied. */
async function seedPostgresTemplate(
  adminUrl: string,
  name: string,
  now: Date,
  emulatorHost: string,
): Promise<void> {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    await migrate(database);
    await seed(database.db, { now });
    await seedIdentitiesIn(database.db, emulatorHost);
  } finally {
    await database.close();
  }
}

export default async function setup(project: TestProject) {
  mkdirSync(WORK, { recursive: true });
  const hosts = Array.from({ length: API_TEST_WORKERS }, (_, worker) => `127.0.0.1:${emulatorPort(worker)}`);
  const emulators: Running[] = [];
  // Per run, so two runs at once do not overwrite each other's snapshots.
  const snapshotPaths = hosts.map((_, worker) => join(WORK, `snapshot-${process.pid}-${worker + 1}.tar.gz`));
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  // Generated here (letters, digits, underscores), never taken from input.
  const templateNames = hosts.map(
    (_, worker) => `upkeep_api_template_${TEST_PORTS.offset}_${process.pid}_${worker + 1}`,
  );
  const templates: string[] = [];
  const teardown = async () => {
    for (const path of snapshotPaths) rmSync(path, { force: true });
    for (const template of templates) {
      await adminQuery(adminUrl, `drop database if exists ${template} with (force)`);
    }
    await Promise.all(emulators.map((emulator) => emulator.stop()));
  };

  try {
    // First, so a run under CI without them fails at once.
    await checkRedis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    const postgresUrl = (await postgresAnswers(adminUrl)) ? adminUrl : null;
    await Promise.all(
      hosts.map(async (_, worker) => {
        if (await isPortOpen(emulatorPort(worker))) return;
        emulators.push(
          await startAuthEmulator({
            port: emulatorPort(worker),
            projectId: PROJECT_ID,
            workDir: join(WORK, `emulator-${worker + 1}`),
          }),
        );
      }),
    );
    const now = new Date();
    // One migration and seed; each worker's snapshot adds that worker's demo account ids.
    const database = await openDatabase({ inMemory: true });
    try {
      await migrate(database);
      await seed(database.db, { now });
      for (const [worker, host] of hosts.entries()) {
        await seedIdentitiesIn(database.db, host);
        const snapshot = await dumpSnapshot(database);
        writeFileSync(snapshotPaths[worker]!, Buffer.from(await snapshot.arrayBuffer()));
      }
    } finally {
      await database.close();
    }
    if (postgresUrl) {
      for (const [worker, host] of hosts.entries()) {
        const name = templateNames[worker]!;
        await adminQuery(postgresUrl, `create database ${name}`);
        templates.push(name);
        await seedPostgresTemplate(postgresUrl, name, now, host);
      }
    }
    project.provide('api', {
      projectId: PROJECT_ID,
      seedNow: now.toISOString(),
      postgresUrl,
      workers: hosts.map((emulatorHost, worker) => ({
        emulatorHost,
        snapshotPath: snapshotPaths[worker]!,
        postgresTemplate: postgresUrl ? templateNames[worker]! : null,
      })),
    });
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
