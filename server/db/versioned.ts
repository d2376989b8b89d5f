/**
 * The versioned write of an editable record (server/README.md, Concurrency): read the row locked, refuse a
 * save based on another version, write the change and move the version on by one. Every table with an `id`
 * and a `version()` column goes through these two, so a save reads and writes its row one way; the save of a
 * record scoped to the caller goes through `saveVersioned`, which runs them with the scope check, and its
 * delete through `removeScoped`, with the same check.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Deleted } from '../../src/api/contract/primitives';
import { deleted, isStale, ok, Rejected, staleFailure, type Failure, type Result } from '../http/result';
import type { Db } from './client';

/** A table whose rows carry an `id` and a `version` (`id()` and `version()` from tables/common.ts). */
export type VersionedTable = PgTable & { id: PgColumn; version: PgColumn };

/** The row `id` of `table`, locked until the transaction ends; undefined when there is none. */
export async function lockRow<T extends VersionedTable>(
  db: Pick<Db, 'select'>,
  table: T,
  id: number,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for('update');
  return row as T['$inferSelect'] | undefined;
}

/**
 * Writes `values` to row `id` and moves its version on by one; every save counts as a change, even one that
 * alters nothing. With `version`, it applies only while the row is still at that version. Answers the row as
 * written, or undefined when no row matched (gone, or saved by someone else since).
 */
export async function updateVersioned<T extends VersionedTable>(
  db: Pick<Db, 'update'>,
  table: T,
  id: number,
  values: PgUpdateSetSource<T>,
  version?: number,
): Promise<T['$inferSelect'] | undefined> {
  const where: SQL | undefined =
    version === undefined ? eq(table.id, id) : and(eq(table.id, id), eq(table.version, version));
  const [row] = (await db
    .update(table)
    .set({ ...values, version: sql`${table.version} + 1` })
    .where(where)
    .returning()) as T['$inferSelect'][];
  return row;
}

/** A transaction of the database: what the steps of a save read and write through. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

type Step<T> = Result<T> | Promise<Result<T>>;

/** The steps of one save of a record scoped to the caller; `saveVersioned` runs them in order. */
export interface VersionedSave<T extends VersionedTable, A> {
  /** The answer when there is no such record: `recordNotFound(code, what, id, 'id')`. */
  notFound: Failure & { ok: false };
  /** The caller's scope over the stored record: ok, or the failure that refuses the save (403, 404). */
  inScope: (tx: Tx, stored: T['$inferSelect']) => Step<unknown>;
  /**
   * The values to write, checked against the stored record (and anything else written with them); a
   * failure refuses the save. `null`: nothing to write, the record is answered as stored.
   */
  change: (tx: Tx, stored: T['$inferSelect']) => Step<PgUpdateSetSource<T> | null>;
  /** The saved record as the route answers it, from the row as written. */
  answer: (tx: Tx, saved: T['$inferSelect']) => Step<A>;
}

/** The value of a step that passed; a failure is thrown to roll the save back. */
function passed<T>(result: Result<T>): T {
  if (!result.ok) throw new Rejected(result);
  return result.value;
}

/**
 * The versioned save of a scoped record, written once: in one transaction it reads the row locked (404 when
 * there is none), checks the caller's scope, refuses a save based on another version (409 `record/stale`),
 * writes the change with the version moved on by one and answers the saved record. `version` is the one
 * the save is based on (one left out, where the contract allows it, is never stale). Any failure rolls the
 * transaction back, so a refused save changes no row. The file to copy: providers/commissions.service.ts.
 */
export async function saveVersioned<T extends VersionedTable, A>(
  db: Db,
  table: T,
  id: number,
  version: number | undefined,
  save: VersionedSave<T, A>,
): Promise<Result<A>> {
  try {
    return await db.transaction(async (tx): Promise<Result<A>> => {
      const stored = await lockRow(tx, table, id);
      if (stored === undefined) throw new Rejected(save.notFound);
      passed(await save.inScope(tx, stored));
      const current = (stored as { version: number }).version;
      if (isStale(version, current)) throw new Rejected(staleFailure());
      const values = passed(await save.change(tx, stored));
      const saved = values === null ? stored : await updateVersioned(tx, table, id, values, current);
      if (saved === undefined) throw new Rejected(staleFailure());
      return ok(passed(await save.answer(tx, saved)));
    });
  } catch (error) {
    if (error instanceof Rejected) return error.failure;
    throw error;
  }
}

/** The steps of one delete of a record scoped to the caller; `removeScoped` runs them in order. */
export interface ScopedRemove<R> {
  /** The stored record, or undefined when there is none. */
  find: (tx: Tx) => Promise<R | undefined>;
  /** The answer when there is no such record: `recordNotFound(code, what, id, 'id')`. */
  notFound: Failure & { ok: false };
  /** The caller's scope over the stored record, as `VersionedSave.inScope` (`inLocationScope(scope)`). */
  inScope: (tx: Tx, stored: R) => Step<unknown>;
  /** Deletes the record (and what goes with it). */
  remove: (tx: Tx) => Promise<unknown>;
}

/**
 * The delete of a scoped record, written once: in one transaction it reads the record (404 when there is
 * none), checks the caller's scope (403, or 404 for what the caller may not see), deletes it and answers
 * `{ id, deleted: true }`.
 */
export async function removeScoped<R>(db: Db, id: number, steps: ScopedRemove<R>): Promise<Result<Deleted>> {
  return db.transaction(async (tx): Promise<Result<Deleted>> => {
    const stored = await steps.find(tx);
    if (stored === undefined) return steps.notFound;
    const allowed = await steps.inScope(tx, stored);
    if (!allowed.ok) return allowed;
    await steps.remove(tx);
    return deleted(id);
  });
}
