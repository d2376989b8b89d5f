/**
 * The Db the routes use: the same database, with the audit context (context.ts) handed to PostgreSQL inside
 * every write of a write request, so the row triggers (migration 0019) record each written row in the same
 * transaction.
 *
 * The context rides on the write itself, costing no extra round trip and no transaction of its own:
 * - An INSERT, UPDATE or DELETE gets `set_config('upkeep.audit', <json>, true)` added to its RETURNING list
 *   as one more parameter. RETURNING is computed for each written row before the statement's AFTER ROW
 *   triggers fire, so the triggers read the setting; a statement that writes no row fires no trigger. The
 *   setting is transaction-local (the statement's own transaction when it runs alone), so nothing leaks to
 *   the connection's next user. The added column is taken off the answer, so callers see what they asked.
 * - Any other statement that is not a SELECT (a data-modifying WITH, a function call) gets the setting the
 *   older way: in a transaction, a `set_config` before its first such statement; alone, a transaction of
 *   its own with the setting. A transaction's BEGIN itself carries nothing, so a transaction of reads and
 *   row writes (a versioned update) costs no statement more than without the audit.
 * Outside a write request (reads, the seed, the identity worker) every query goes through unchanged.
 */
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Db, Engine } from '../db/client';
import * as schema from '../db/schema';
import { currentAuditSetting } from './context';

const SET_AUDIT = `select set_config('upkeep.audit', $1, true)`;
const READ = /^\s*select\b/i;
const BEGIN = /^\s*begin\b/i;
// A transaction's end; ROLLBACK TO SAVEPOINT is not one (the transaction goes on).
const END = /^\s*(commit|end|rollback(?!\s+to\b))\b/i;
const ROW_WRITE = /^\s*(insert|update|delete)\b/i;
const RETURNING = /\breturning\b/i;
/** The name of the added column, taken off the answer again. */
const CARRIER = 'upkeep_audit_context';

interface Carried {
  text: string;
  params: unknown[];
  /** Whether the statement had a RETURNING list of its own (else its answer keeps no rows). */
  returning: boolean;
}

/** `text` with the setting added to its RETURNING list, or null when it is not a plain row write. */
function carry(text: string, params: readonly unknown[] | undefined, setting: string): Carried | null {
  if (!ROW_WRITE.test(text)) return null;
  const values = [...(params ?? []), setting];
  const returning = RETURNING.test(text);
  const column = `set_config('upkeep.audit', $${values.length}::text, true) as "${CARRIER}"`;
  return { text: `${text.trimEnd()}${returning ? ', ' : ' returning '}${column}`, params: values, returning };
}

/** Takes the added column off rows read as arrays (it is the last) or as objects. */
function withoutCarrier<Row>(rows: Row[], returning: boolean): Row[] {
  if (!returning) return [];
  return rows.map((row) => {
    if (Array.isArray(row)) return row.slice(0, -1) as Row;
    const { [CARRIER]: _carrier, ...rest } = row as Record<string, unknown>;
    return rest as Row;
  });
}

function withoutCarrierField<Field extends { name: string }>(fields: Field[], returning: boolean): Field[] {
  return returning ? fields.filter((field) => field.name !== CARRIER) : [];
}

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

type PgliteQuery = PGlite['query'];

/** A PGlite query that carries the setting on row writes; `other` runs any other non-SELECT statement. */
function pgliteQuery(
  run: PgliteQuery,
  other: (query: string, params?: unknown[], options?: object) => Promise<Results<unknown>>,
): PgliteQuery {
  return (async (query: string, params?: unknown[], options?: object) => {
    if (READ.test(query)) return run(query, params, options);
    const setting = currentAuditSetting();
    if (setting === undefined) return run(query, params, options);
    const carried = carry(query, params, setting);
    if (!carried) return other(query, params, options);
    const result = await run(carried.text, carried.params, options);
    return {
      ...result,
      rows: withoutCarrier(result.rows, carried.returning),
      fields: withoutCarrierField(result.fields, carried.returning),
    };
  }) as PgliteQuery;
}

function auditedPglite(client: PGlite): PGlite {
  const inTransaction = (tx: Transaction): Transaction => {
    let set = false;
    const query = pgliteQuery(tx.query.bind(tx), async (text, params, options) => {
      const setting = currentAuditSetting();
      if (!set && setting !== undefined) {
        await tx.query(SET_AUDIT, [setting]);
        set = true;
      }
      return tx.query(text, params, options);
    });
    return overlay(tx, { query });
  };
  const alone = (text: string, params?: unknown[], options?: object) =>
    client.transaction(async (tx) => {
      await tx.query(SET_AUDIT, [currentAuditSetting()]);
      return tx.query(text, params, options);
    });
  const overrides: Partial<PGlite> = {
    transaction: (<R>(callback: (tx: Transaction) => Promise<R>) =>
      client.transaction((tx) =>
        callback(currentAuditSetting() === undefined ? tx : inTransaction(tx)),
      )) as PGlite['transaction'],
    query: pgliteQuery(client.query.bind(client), alone),
  };
  return overlay(client, overrides);
}

type QueryText = string | { text: string };
type Query = (query: QueryText, values?: unknown[]) => Promise<pg.QueryResult>;
const textOf = (query: QueryText) => (typeof query === 'string' ? query : query.text);

/** A node-postgres query that carries the setting on row writes; `other` runs any other non-SELECT. */
function postgresQuery(run: Query, other: Query): Query {
  return async (config, values) => {
    const text = textOf(config);
    if (READ.test(text)) return run(config, values);
    const setting = currentAuditSetting();
    if (setting === undefined) return run(config, values);
    const carried = carry(text, values, setting);
    if (!carried) return other(config, values);
    const result = await run(
      typeof config === 'string' ? carried.text : { ...config, text: carried.text },
      carried.params,
    );
    result.rows = withoutCarrier(result.rows, carried.returning);
    result.fields = withoutCarrierField(result.fields, carried.returning);
    return result;
  };
}

function beginWithSetting(client: pg.PoolClient, setting: string) {
  return `begin; select set_config('upkeep.audit', ${client.escapeLiteral(setting)}, true)`;
}

function auditedClient(client: pg.PoolClient): pg.PoolClient {
  const run = client.query.bind(client) as Query;
  // In a transaction (its BEGIN seen): whether the setting is set in it yet. A row write carries it on its
  // RETURNING list; any other write statement gets it set first, once.
  let inTransaction = false;
  let set = false;
  const query = postgresQuery(run, async (config, values) => {
    const setting = currentAuditSetting();
    if (setting === undefined) return run(config, values);
    const text = textOf(config);
    if (BEGIN.test(text) || END.test(text)) {
      inTransaction = BEGIN.test(text);
      set = false;
      return run(config, values);
    }
    if (!inTransaction) return alone(client, setting, config, values);
    if (!set) {
      set = true;
      await run(SET_AUDIT, [setting]);
    }
    return run(config, values);
  });
  return overlay(client, { query } as Partial<pg.PoolClient>);
}

async function alone(client: pg.PoolClient, setting: string, config: QueryText, values?: unknown[]) {
  const run = client.query.bind(client) as Query;
  await run(beginWithSetting(client, setting));
  try {
    const result = await run(config, values);
    await run('commit');
    return result;
  } catch (error) {
    await run('rollback').catch(() => undefined);
    throw error;
  }
}

function auditedPool(pool: pg.Pool): pg.Pool {
  const run = pool.query.bind(pool) as Query;
  const query = postgresQuery(run, async (config, values) => {
    const setting = currentAuditSetting();
    if (setting === undefined) return run(config, values);
    const client = await pool.connect();
    try {
      return await alone(client, setting, config, values);
    } finally {
      client.release();
    }
  });
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
