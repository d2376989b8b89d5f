/**
 * Helpers for API tests: a seeded database per test file on either engine, the real app served on an
 * ephemeral port, and real ID tokens from the auth emulator.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { count, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as v from 'valibot';
import { expect, inject } from 'vitest';
import { ApiErrorSchema } from '../../src/api/contract/error';
import type { ClaimRole } from '../../src/domain/auth/roles';
import { createApp } from '../../server/app';
import {
  openDatabase,
  type DatabaseHandle,
  type Db,
  type Engine,
  type PostgresSettings,
} from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { readEnv } from '../../server/env';
import { createLog, type Log } from '../../server/http/log';
import { createFirebaseIdentity, type Identity } from '../../server/identity';
import type { GeoService } from '../../server/geo/geo.service';
import type { SchedulingSystems } from '../../server/strategies/scheduling-system';
import type { CounterStore } from '../../server/limits/store';
import type { UploadStorage } from '../../server/uploads/storage';

const run = inject('api');
/** This worker's emulator, snapshot and template, with the run's shared settings. */
export const context = {
  ...run,
  ...run.workers[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % run.workers.length]!,
};
// This worker's firebase-admin must talk to the emulator its snapshot was seeded against.
process.env.FIREBASE_AUTH_EMULATOR_HOST = context.emulatorHost;

/** Both engines when PostgreSQL answers, else PGlite alone. */
export const engines: Engine[] = context.postgresUrl ? ['pglite', 'postgres'] : ['pglite'];

export const seedNow = new Date(context.seedNow);

export function testIdentity(): Identity {
  return createFirebaseIdentity({ projectId: context.projectId });
}

export interface TestDatabase {
  handle: DatabaseHandle;
  dispose(): Promise<void>;
}

/**
 * A migrated and seeded database of its own: PGlite in memory from the run's snapshot, or a uniquely named
 * PostgreSQL database copied from the run's template (migrated and seeded once by the global set-up) that is
 * dropped afterwards.
 */
export async function openTestDatabase(engine: Engine, postgres?: PostgresSettings): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const snapshot = new Blob([readFileSync(context.snapshotPath)]);
    const handle = await openDatabase({ inMemory: true, loadDataDir: snapshot });
    return { handle, dispose: () => handle.close() };
  }
  const adminUrl = context.postgresUrl;
  const template = context.postgresTemplate;
  if (!adminUrl || !template) throw new Error('PostgreSQL is not available for this run');
  const name = `upkeep_api_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // Both names are generated (letters, digits, underscores), never taken from input.
  await admin.query(`create database ${name} template ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    // pool.end() resolves before its sockets are closed; wait for them so FORCE has nobody to kill.
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const open = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
        name,
      ]);
      if (open.rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  try {
    const handle = await openDatabase({ databaseUrl: url.toString(), postgres });
    return {
      handle,
      async dispose() {
        await handle.close();
        await drop();
      },
    };
  } catch (error) {
    await drop();
    throw error;
  }
}

/**
 * The tables a request's outcome may change: every table but the audit trail, which records refused
 * attempts too (tests/api/audit.test.ts checks what it holds).
 */
function productTables(): PgTable[] {
  return (Object.values(schema) as unknown[]).filter(
    (table): table is PgTable => is(table, PgTable) && getTableName(table) !== 'audit_events',
  );
}

/** Row counts of every table, to prove a rejected request changed nothing. */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of productTables()) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[getTableName(table)] = row?.n ?? -1;
  }
  return counts;
}

/**
 * A digest of every row of every table (an md5 per table), to prove a rejected request changed no row,
 * not only no count.
 */
export async function tableDigest(db: Db): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const table of productTables()) {
    const name = getTableName(table);
    // Both drivers answer { rows }; the Db union does not say so.
    const result = (await db.execute(
      sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${table} t`,
    )) as unknown as { rows: { digest: string }[] };
    digests[name] = result.rows[0]?.digest ?? '';
  }
  return digests;
}

export interface CapturedLog {
  /** A real pino logger whose JSON lines are kept here instead of written to stdout. */
  log: Log;
  /** Every line, parsed. */
  lines: Record<string, unknown>[];
  /** Every write as pino made it (one event each), unparsed. */
  raw: string[];
  /** The error-level lines (unexpected errors, each of which would have been a 500). */
  errors: Record<string, unknown>[];
}

export function captureLog(): CapturedLog {
  const lines: Record<string, unknown>[] = [];
  const errors: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const log = createLog({
    write(line: string) {
      raw.push(line);
      const entry = JSON.parse(line) as Record<string, unknown>;
      lines.push(entry);
      if (typeof entry['level'] === 'number' && entry['level'] >= 50) errors.push(entry);
    },
  });
  return { log, lines, errors, raw };
}

export interface TestServer {
  url: string;
  /** The app being served, e.g. to enumerate its routes. */
  app: ReturnType<typeof createApp>;
  db: Db;
  database: TestDatabase;
  /** Unexpected errors the app logged (each one would have been a 500). */
  logged: unknown[];
  /** Every structured log line the app wrote. */
  logLines: Record<string, unknown>[];
  /** The same lines as written, unparsed. */
  logRaw: string[];
  fetch(path: string, init?: RequestInit & { token?: string }): Promise<Response>;
  stop(): Promise<void>;
}

export const TEST_ORIGIN = 'http://localhost:5173';

/**
 * Rate limits and the upload quota set far above what any test file sends, so each suite tests its routes'
 * behaviour; tests/api/limits.test.ts sets them low to test the limits themselves.
 */
export const HIGH_LIMITS = {
  RATE_LIMIT_PUBLIC_PER_IP: '1000000',
  RATE_LIMIT_WRITES_PER_IP: '1000000',
  RATE_LIMIT_WRITES_PER_ACCOUNT: '1000000',
  RATE_LIMIT_READS_PER_IP: '1000000',
  RATE_LIMIT_READS_PER_ACCOUNT: '1000000',
  RATE_LIMIT_TOKEN_FAILURES_PER_IP: '1000000',
  UPLOAD_QUOTA_BYTES: String(1024 ** 4),
};

export interface TestServerOptions {
  /** Environment variables on top of the test ones (and HIGH_LIMITS); undefined takes the product's default. */
  env?: Record<string, string | undefined>;
  counters?: CounterStore;
  storage?: UploadStorage;
  geo?: GeoService;
  /** Scheduling-system adapters in place of the sandboxes (server/strategies/scheduling-system.ts). */
  schedulingSystems?: SchedulingSystems;
  /** PostgreSQL's pool size and time limits (none by default). */
  postgres?: PostgresSettings;
  /** "Now" for the admins' inbox (server/notifications), so a test can make days pass. */
  now?: () => Date;
}

/** The real app over real HTTP, on an ephemeral port, with its own seeded database. */
export async function startTestServer(engine: Engine, options: TestServerOptions = {}): Promise<TestServer> {
  const database = await openTestDatabase(engine, options.postgres);
  const { log, errors: logged, lines: logLines, raw: logRaw } = captureLog();
  const env = readEnv({
    APP_ENV: 'test',
    FIREBASE_PROJECT_ID: context.projectId,
    FIREBASE_AUTH_EMULATOR_HOST: context.emulatorHost,
    CORS_ORIGINS: TEST_ORIGIN,
    ...HIGH_LIMITS,
    ...options.env,
  });
  // As server/run.ts does: the stand-ins are called over HTTP at the server's own address once it listens.
  let url = '';
  const app = createApp({
    selfUrl: () => url,
    db: database.handle.db,
    engine: database.handle.engine,
    identity: testIdentity(),
    env,
    counters: options.counters,
    storage: options.storage,
    geo: options.geo,
    schedulingSystems: options.schedulingSystems,
    log,
    now: options.now,
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
  });
  // The test's own fetch closes an idle connection after 4 s; the server waiting longer than that means it
  // never closes one just as the test sends on it (a long in-process seed can delay both timers together).
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = 60_000;
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;
  return {
    url,
    app,
    db: database.handle.db,
    database,
    logged,
    logLines,
    logRaw,
    fetch(path, { token, headers, ...init } = {}) {
      const all = new Headers(headers);
      if (token) all.set('Authorization', `Bearer ${token}`);
      return fetch(`${url}${path}`, { ...init, headers: all });
    },
    async stop() {
      if ('closeAllConnections' in server) server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      await database.dispose();
    },
  };
}

const tokens = new Map<string, Promise<string>>();

/** An ID token for a test account with this role claim (created on first use), signed by the emulator. */
export function tokenFor(role: ClaimRole): Promise<string> {
  const email = `api-test-${role}@upkeep.test`;
  let token = tokens.get(email);
  if (!token) {
    token = testIdentity()
      .ensureAccount({ email, password: 'api-test-password', role, displayName: `API test ${role}` })
      .then(() => signIn(email, 'api-test-password'));
    tokens.set(email, token);
  }
  return token;
}

/** Signs in through the emulator's REST API, as the console does, and returns the ID token. */
export async function signIn(email: string, password: string): Promise<string> {
  const response = await fetch(
    `http://${context.emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string; error?: { message: string } };
  if (!response.ok || !body.idToken) throw new Error(`sign-in failed for ${email}: ${JSON.stringify(body)}`);
  return body.idToken;
}

/** A sign-up without any role claim, straight through the emulator's REST API. */
export async function tokenWithoutRole(): Promise<string> {
  const email = `api-test-norole-${randomBytes(4).toString('hex')}@upkeep.test`;
  const response = await fetch(
    `http://${context.emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'api-test-password', returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string };
  if (!response.ok || !body.idToken) throw new Error(`sign-up failed: ${JSON.stringify(body)}`);
  return body.idToken;
}

/** Asserts an error answer's status, code and field (none when `field` is left out); answers its message. */
export async function expectRejected(
  response: Response,
  status: number,
  code: string,
  field?: string,
): Promise<string> {
  expect(response.status).toBe(status);
  const error = v.parse(ApiErrorSchema, await response.json());
  expect(error.code).toBe(code);
  expect(error.field, 'field').toBe(field);
  return error.message;
}

/** The content type of a JSON request body. */
export const JSON_HEADERS = { 'Content-Type': 'application/json' };

/** A JSON request with a token: a string body goes as it is (to test malformed JSON), anything else as JSON. */
export function sendJson(api: TestServer, method: string, path: string, body: unknown, token: string) {
  return api.fetch(path, {
    method,
    token,
    headers: JSON_HEADERS,
    body: body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** What `work` answered and how long it took, in milliseconds (the outage tests' time limits). */
export async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}
