/**
 * Opens the database the API runs on: the embedded PGlite (file-backed in a data directory, or in memory
 * from a snapshot for tests) or PostgreSQL when a URL is given. Both give the same typed `Db`, and
 * `migrate` applies the same generated migrations to either.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DatabaseConnectError } from './errors';
import { acquireLock, type Lock } from './lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The query builder, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Engine = 'pglite' | 'postgres';

export const MIGRATIONS_FOLDER = join(import.meta.dirname, 'migrations');

type Driver =
  | { engine: 'pglite'; db: PgliteDatabase<Schema>; client: PGlite }
  | { engine: 'postgres'; db: NodePgDatabase<Schema>; pool: pg.Pool };

export interface DatabaseHandle {
  db: Db;
  engine: Engine;
  close(): Promise<void>;
  /** @internal engine-specific access for migrate and snapshots */
  readonly driver: Driver;
}

export interface OpenOptions {
  /** PostgreSQL connection string; when given the other options are ignored. */
  databaseUrl?: string;
  /** PGlite data directory (created if missing); exclusive to this process while open. */
  dataDir?: string;
  /** PGlite without files; start empty, or from `loadDataDir`. */
  inMemory?: boolean;
  /** A PGlite snapshot made by `dumpSnapshot`, for in-memory databases. */
  loadDataDir?: Blob;
  /** PostgreSQL only: pool size and time limits (`postgresSettings(env)`); unset: a pool of 10, no limits. */
  postgres?: PostgresSettings;
}

/**
 * PostgreSQL's pool and the time limits set on each of its connections, so that a locked table or a slow
 * statement ends in an error (answered 503, server/db/errors.ts) instead of holding the request and the
 * connection. PGlite has none of these: see server/README.md, Limits.
 */
export interface PostgresSettings {
  poolSize: number;
  /** The longest wait for a connection: a free one from the pool, or a new one connecting. */
  connectTimeoutMs: number;
  /** statement_timeout, lock_timeout and idle_in_transaction_session_timeout; 0 turns one off. */
  statementTimeoutMs: number;
  lockTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
}

const UNLIMITED_POSTGRES: PostgresSettings = {
  poolSize: 10,
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 0,
  lockTimeoutMs: 0,
  idleInTransactionTimeoutMs: 0,
};

export function postgresSettings(env: {
  DATABASE_POOL_SIZE: number;
  DATABASE_CONNECT_TIMEOUT_MS: number;
  DATABASE_STATEMENT_TIMEOUT_MS: number;
  DATABASE_LOCK_TIMEOUT_MS: number;
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: number;
}): PostgresSettings {
  return {
    poolSize: env.DATABASE_POOL_SIZE,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    lockTimeoutMs: env.DATABASE_LOCK_TIMEOUT_MS,
    idleInTransactionTimeoutMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.postgres ?? UNLIMITED_POSTGRES);
  if (options.inMemory) return openPglite(undefined, options.loadDataDir, undefined);
  if (!options.dataDir) throw new Error('openDatabase needs databaseUrl, dataDir or inMemory');
  mkdirSync(dirname(options.dataDir), { recursive: true });
  const lock = acquireLock(`${options.dataDir}.lock`, `The database directory ${options.dataDir}`);
  try {
    return await openPglite(options.dataDir, options.loadDataDir, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function openPglite(
  dataDir: string | undefined,
  loadDataDir: Blob | undefined,
  lock: Lock | undefined,
) {
  // pg_trgm serves the users search (migration 0002 creates it); PostgreSQL ships it as a contrib module.
  const extensions = { pg_trgm };
  const client = await PGlite.create(dataDir, loadDataDir ? { loadDataDir, extensions } : { extensions });
  const db = drizzlePglite({ client, schema });
  const handle: DatabaseHandle = {
    db,
    engine: 'pglite',
    driver: { engine: 'pglite', db, client },
    // An unclosed PGlite keeps the process alive for seconds and may leave its files inconsistent.
    close: once(async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    }),
  };
  return handle;
}

/** `close` run by the first call only: closing a handle again does nothing. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closed = false;
  return async () => {
    if (closed) return;
    closed = true;
    await close();
  };
}

async function openPostgres(databaseUrl: string, settings: PostgresSettings): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: settings.poolSize,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    // Sent with each connection's start-up, so every pooled connection has them from its first statement.
    statement_timeout: settings.statementTimeoutMs,
    lock_timeout: settings.lockTimeoutMs,
    idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs,
  });
  tagConnectErrors(pool);
  // Idle clients can fail (server restart); without a listener that would crash the process.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  try {
    // Fail at start-up with the real reason rather than at the first request.
    await pool.query('select 1');
  } catch (error) {
    await pool.end();
    throw new Error(`Cannot connect to PostgreSQL at ${redact(databaseUrl)}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const db = drizzlePostgres({ client: pool, schema });
  return {
    db,
    engine: 'postgres',
    driver: { engine: 'postgres', db, pool },
    close: once(() => pool.end()),
  };
}

/**
 * A connection the pool could not hand out in time (or could not open) fails as a DatabaseConnectError, so
 * the error handler can tell it from other failures and answer 503. Drizzle takes a connection with
 * `connect()` for a transaction; `pool.query` takes one with `connect(callback)`.
 */
function tagConnectErrors(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (
    callback?: (error: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void,
  ) => Promise<pg.PoolClient> | undefined;
  const tagged = (
    callback?: (error: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void,
  ) => {
    if (callback) {
      return connect((error, client, done) =>
        callback(error ? new DatabaseConnectError(error) : undefined, client, done),
      );
    }
    return connect()?.catch((error: unknown) => {
      throw new DatabaseConnectError(error);
    });
  };
  pool.connect = tagged as typeof pool.connect;
}

/** Applies the generated migrations in server/db/migrations that have not run yet. */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  const { driver } = handle;
  if (driver.engine === 'pglite') {
    await migratePglite(driver.db, config);
    return;
  }
  // A migration may rightly take longer than a request's statement, or wait for a lock a request holds.
  const client = await driver.pool.connect();
  try {
    await client.query('set statement_timeout = 0; set lock_timeout = 0');
    await migratePostgres(drizzlePostgres({ client, schema }), config);
  } finally {
    // Back to the connection's own limits (its start-up values) before the pool hands it out again.
    await client.query('reset statement_timeout; reset lock_timeout').then(
      () => client.release(),
      (error: unknown) => client.release(error as Error),
    );
  }
}

/** A PGlite database as a tarball that `openDatabase({ inMemory: true, loadDataDir })` opens quickly. */
export async function dumpSnapshot(handle: DatabaseHandle): Promise<Blob> {
  if (handle.driver.engine !== 'pglite')
    throw new Error('Only a PGlite database can be dumped as a snapshot');
  return handle.driver.client.dumpDataDir('gzip');
}

/** The URL without its password, for messages. */
export function redact(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(unparseable URL)';
  }
}
