/**
 * Once per API test run: the auth emulator on TEST_PORTS.apiAuth (9189 + TEST_PORT_OFFSET; reused when
 * something already answers there), a migrated and seeded PGlite snapshot that each test file loads in memory
 * (instead of a ~2 s initdb per file), and, when PostgreSQL answers at TEST_DATABASE_URL, a migrated and
 * seeded template database that each test file copies with CREATE DATABASE ... TEMPLATE (instead of
 * migrating and seeding its own). Test files read all of it with inject('api').
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { isPortOpen, ROOT, startAuthEmulator, type Running } from '../../scripts/lib/processes';
import { dumpSnapshot, migrate, openDatabase } from '../../server/db/client';
import { seed, seedIdentities } from '../../server/db/seed';
import { TEST_PORTS } from '../ports';
import { createFirebaseIdentity } from '../../server/identity';

export interface ApiTestContext {
  emulatorHost: string;
  projectId: string;
  snapshotPath: string;
  /** The `now` the snapshot was seeded with (ISO); PostgreSQL databases are seeded with it too. */
  seedNow: string;
  /** Null when PostgreSQL does not answer: the tests then run on PGlite only. */
  postgresUrl: string | null;
  /** The migrated and seeded database each PostgreSQL test database is copied from (with postgresUrl). */
  postgresTemplate: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    api: ApiTestContext;
  }
}

const EMULATOR_PORT = TEST_PORTS.apiAuth;
const PROJECT_ID = 'demo-upkeep-test';
const WORK = join(ROOT, '.tmp', `api-tests-${TEST_PORTS.offset}`);

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (error) {
    console.warn(
      `API tests: PostgreSQL at ${url} does not answer (${(error as Error).message}); PGlite only.`,
    );
    return false;
  } finally {
    await client.end().catch(() => undefined);
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

/** Migrates and seeds the template as the snapshot is, then closes every connection so it can be copied. */
async function seedPostgresTemplate(adminUrl: string, name: string, now: Date): Promise<void> {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    await migrate(database);
    await seed(database.db, { now });
    await seedIdentities(database.db, createFirebaseIdentity({ projectId: PROJECT_ID }));
  } finally {
    await database.close();
  }
}

export default async function setup(project: TestProject) {
  mkdirSync(WORK, { recursive: true });
  const emulatorHost = `127.0.0.1:${EMULATOR_PORT}`;
  let emulator: Running | undefined;
  if (!(await isPortOpen(EMULATOR_PORT))) {
    emulator = await startAuthEmulator({
      port: EMULATOR_PORT,
      projectId: PROJECT_ID,
      workDir: join(WORK, 'emulator'),
    });
  }
  // firebase-admin reads the emulator address from the environment (here and in the test workers).
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  // Per run, so two runs at once do not overwrite each other's snapshot.
  const snapshotPath = join(WORK, `snapshot-${process.pid}.tar.gz`);
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  // Generated here (letters, digits, underscores), never taken from input.
  const templateName = `upkeep_api_template_${TEST_PORTS.offset}_${process.pid}`;
  let template: string | null = null;
  const teardown = async () => {
    rmSync(snapshotPath, { force: true });
    if (template) await adminQuery(adminUrl, `drop database if exists ${template} with (force)`);
    await emulator?.stop();
  };

  try {
    const now = new Date();
    const database = await openDatabase({ inMemory: true });
    try {
      await migrate(database);
      await seed(database.db, { now });
      await seedIdentities(database.db, createFirebaseIdentity({ projectId: PROJECT_ID }));
      const snapshot = await dumpSnapshot(database);
      writeFileSync(snapshotPath, Buffer.from(await snapshot.arrayBuffer()));
    } finally {
      await database.close();
    }
    const postgresUrl = (await postgresAnswers(adminUrl)) ? adminUrl : null;
    if (postgresUrl) {
      await adminQuery(postgresUrl, `create database ${templateName}`);
      template = templateName;
      await seedPostgresTemplate(postgresUrl, templateName, now);
    }
    project.provide('api', {
      emulatorHost,
      projectId: PROJECT_ID,
      snapshotPath,
      seedNow: now.toISOString(),
      postgresUrl,
      postgresTemplate: template,
    });
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
