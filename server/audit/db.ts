/**
 * The Db the routes use: the same database, with the audit context (context.ts) set inside every transaction
 * of a write request, so the row triggers (migration 0019) record each written row in the same transaction.
 *
 * - A transaction gets `select set_config('upkeep.audit', <json>, true)` right after its BEGIN (on
 *   PostgreSQL in the same round trip as the BEGIN, as one simple-protocol query).
 * - A statement run outside a transaction during a write request, other than a SELECT, is run in a
 *   transaction of its own with the setting (transaction-local, so nothing leaks to the pooled connection's
 *   next user).
 * Outside a write request (reads, the seed, the identity worker) every query goes through unchanged.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Db, Engine } from '../db/client';
import * as schema from '../db/schema';
import { currentAuditSetting } from './context';

const SET_AUDIT = `select set_config('upkeep.audit', $1, true)`;
const READ = /^\s*select\b/i;
const BEGIN = /^\s*begin\b/i;

type QueryText = string | { text: string };
const textOf = (query: QueryText) => (typeof query === 'string' ? query : query.text);

/** `target` with some methods replaced; every other method is the target's own, bound to it. */
function overlay<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(object, key) {
      if (Object.hasOwn(overrides, key)) return overrides[key as keyof T];
      const value: unknown = Reflect.get(object, key, object);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}

function auditedPglite(client: PGlite): PGlite {
  const withSetting = async <R>(tx: Transaction, setting: string, run: () => Promise<R>) => {
    await tx.query(SET_AUDIT, [setting]);
    return run();
  };
  const overrides: Partial<PGlite> = {
    transaction: (<R>(callback: (tx: Transaction) => Promise<R>) => {
      const setting = currentAuditSetting();
      if (setting === undefined) return client.transaction(callback);
      return client.transaction((tx) => withSetting(tx, setting, () => callback(tx)));
    }) as PGlite['transaction'],
    query: ((query: string, params?: unknown[], options?: object) => {
      const setting = currentAuditSetting();
      if (setting === undefined || READ.test(query)) return client.query(query, params, options);
      return client.transaction((tx) => withSetting(tx, setting, () => tx.query(query, params, options)));
    }) as PGlite['query'],
  };
  return overlay(client, overrides);
}

type Query = (query: QueryText, values?: unknown[]) => Promise<pg.QueryResult>;

function beginWithSetting(client: pg.PoolClient, setting: string) {
  return `begin; select set_config('upkeep.audit', ${client.escapeLiteral(setting)}, true)`;
}

function auditedClient(client: pg.PoolClient): pg.PoolClient {
  const query: Query = async (config, values) => {
    const setting = currentAuditSetting();
    const run = client.query.bind(client) as Query;
    if (setting === undefined || !BEGIN.test(textOf(config))) return run(config, values);
    // Drizzle's BEGIN has no parameters, so BEGIN and the setting go together in one simple query.
    const [begun] = (await run(beginWithSetting(client, setting))) as unknown as pg.QueryResult[];
    return begun as pg.QueryResult;
  };
  return overlay(client, { query } as Partial<pg.PoolClient>);
}

function auditedPool(pool: pg.Pool): pg.Pool {
  const query: Query = async (config, values) => {
    const setting = currentAuditSetting();
    if (setting === undefined || READ.test(textOf(config))) return pool.query(config, values);
    const client = await pool.connect();
    try {
      await client.query(beginWithSetting(client, setting));
      const result = await client.query(config, values);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  const connect = async () => auditedClient(await pool.connect());
  return overlay(pool, { query, connect } as Partial<pg.Pool>);
}

/** `db` with the audit context applied to its writes (see above). */
export function auditedDb(db: Db, engine: Engine): Db {
  const client = (db as unknown as { $client: unknown }).$client;
  return engine === 'pglite'
    ? drizzlePglite({ client: auditedPglite(client as PGlite), schema })
    : drizzlePostgres({ client: auditedPool(client as pg.Pool), schema });
}
