/**
 * A PostgreSQL that does not answer in time: a locked table, a statement past its time, an exhausted pool and
 * a connection left idle in a transaction. Requests that need what is held answer 503
 * `server/database-unavailable` with Retry-After within the configured time limits, unrelated routes and
 * /health still answer, a refused write changes no row, and nothing hangs. PostgreSQL only: PGlite is one
 * connection inside the process, where none of these limits apply (server/README.md, Limits).
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type { PostgresSettings } from '../../server/db/client';
import { DATABASE_RETRY_AFTER_S } from '../../server/http/database-errors';
import { context, startTestServer, tableDigest, tokenFor, type TestServer } from './support';

/**
 * What a request may take beyond its time limit on a test machine shared by several runs (before these
 * limits such requests took over 60 s, or never ended).
 */
const SLACK_MS = 6000;

async function timed(request: () => Promise<Response>) {
  const started = performance.now();
  const response = await request();
  const text = await response.text();
  return {
    status: response.status,
    retryAfter: response.headers.get('Retry-After'),
    body: text ? (JSON.parse(text) as { code?: string; message?: string }) : null,
    ms: performance.now() - started,
  };
}

function expectUnavailable(result: Awaited<ReturnType<typeof timed>>, withinMs: number) {
  expect(result.status, JSON.stringify(result.body)).toBe(503);
  expect(result.retryAfter).toBe(String(DATABASE_RETRY_AFTER_S));
  expect(result.body?.code).toBe(API_ERROR_CODES.databaseUnavailable);
  expect(result.ms).toBeLessThan(withinMs + SLACK_MS);
}

/** A connection of the test's own to the server's database, outside the API's pool and its limits. */
async function outsider(api: TestServer): Promise<pg.Client> {
  const url = new URL(context.postgresUrl!);
  const { rows } = (await api.db.execute('select current_database() as name')) as unknown as {
    rows: { name: string }[];
  };
  url.pathname = `/${rows[0]!.name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

function startServer(postgres: PostgresSettings) {
  return startTestServer('postgres', { postgres });
}

describe.runIf(context.postgresUrl)('PostgreSQL with lock_timeout shorter than statement_timeout', () => {
  const LOCK_MS = 500;
  let api: TestServer;
  let admin: string;
  let holder: pg.Client;
  beforeAll(async () => {
    api = await startServer({
      poolSize: 4,
      connectTimeoutMs: 1000,
      statementTimeoutMs: 3000,
      lockTimeoutMs: LOCK_MS,
      idleInTransactionTimeoutMs: 5000,
    });
    admin = await tokenFor('admin');
    holder = await outsider(api);
  });
  afterAll(async () => {
    await holder?.end();
    await api?.stop();
  });

  it('a locked table: its reads and writes answer 503 within the lock timeout; the rest answers', async () => {
    // Once before the lock, untimed: the first token check and route load are slow on a busy machine.
    expect((await api.fetch('/credits', { token: admin })).status).toBe(200);
    const before = await tableDigest(api.db);
    await holder.query('begin');
    await holder.query('lock table credits in access exclusive mode');
    try {
      const [read, write, other, health] = await Promise.all([
        timed(() => api.fetch('/credits', { token: admin })),
        timed(() =>
          api.fetch('/credits', {
            method: 'POST',
            token: admin,
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ title: 'Locked out', description: '', totalInCents: 100 }),
          }),
        ),
        timed(() => api.fetch('/promo', { token: admin })),
        timed(() => api.fetch('/health')),
      ]);
      expectUnavailable(read, LOCK_MS);
      expectUnavailable(write, LOCK_MS);
      expect(read.body?.message).toBe('The database is not answering right now. Try again in a moment.');
      expect(other.status).toBe(200);
      expect(health.status).toBe(200);
    } finally {
      await holder.query('rollback');
    }
    expect(await tableDigest(api.db)).toEqual(before);
    expect((await api.fetch('/credits', { token: admin })).status).toBe(200);
    expect(api.logged).toEqual([]);
  });
});

describe.runIf(context.postgresUrl)(
  'PostgreSQL with statement_timeout shorter than lock_timeout, and a small pool',
  () => {
    const STATEMENT_MS = 500;
    const CONNECT_MS = 500;
    const IDLE_MS = 1000;
    let api: TestServer;
    let admin: string;
    const held: pg.PoolClient[] = [];
    beforeAll(async () => {
      api = await startServer({
        poolSize: 2,
        connectTimeoutMs: CONNECT_MS,
        statementTimeoutMs: STATEMENT_MS,
        lockTimeoutMs: 5000,
        idleInTransactionTimeoutMs: IDLE_MS,
      });
      admin = await tokenFor('admin');
    });
    afterEach(() => {
      for (const client of held.splice(0)) client.release(true);
    });
    afterAll(async () => {
      await api?.stop();
    });

    const pool = () => {
      const { driver } = api.database.handle;
      if (driver.engine !== 'postgres') throw new Error('a PostgreSQL server was expected');
      return driver.pool;
    };

    it('a statement past statement_timeout (waiting on a lock) answers 503 within that time', async () => {
      const holder = await outsider(api);
      try {
        await holder.query('begin');
        await holder.query('lock table credits in access exclusive mode');
        expectUnavailable(await timed(() => api.fetch('/credits', { token: admin })), STATEMENT_MS);
        expect((await timed(() => api.fetch('/promo', { token: admin }))).status).toBe(200);
        await holder.query('rollback');
      } finally {
        await holder.end();
      }
      expect((await api.fetch('/credits', { token: admin })).status).toBe(200);
    });

    it('an exhausted pool: requests and /health answer 503 once the wait for a connection ends', async () => {
      for (let i = 0; i < 2; i += 1) {
        const client = await pool().connect();
        client.on('error', () => undefined);
        held.push(client);
      }
      const [read, health] = await Promise.all([
        timed(() => api.fetch('/promo', { token: admin })),
        timed(() => api.fetch('/health')),
      ]);
      expectUnavailable(read, CONNECT_MS);
      expectUnavailable(health, CONNECT_MS);
      for (const client of held.splice(0)) client.release();
      expect((await api.fetch('/promo', { token: admin })).status).toBe(200);
      expect((await api.fetch('/health')).status).toBe(200);
    });

    it('a pooled connection left idle in a transaction is ended by the server, which frees its locks', async () => {
      const stuck = await pool().connect();
      stuck.on('error', () => undefined);
      held.push(stuck);
      await stuck.query('begin');
      await stuck.query('lock table credits in access exclusive mode');
      expectUnavailable(await timed(() => api.fetch('/credits', { token: admin })), STATEMENT_MS);
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS + 300));
      const read = await timed(() => api.fetch('/credits', { token: admin }));
      expect(read.status).toBe(200);
      expect(read.ms).toBeLessThan(SLACK_MS);
      await expect(stuck.query('select 1')).rejects.toThrow();
    });

    it('logged no unexpected error', () => {
      expect(api.logged).toEqual([]);
    });
  },
);
