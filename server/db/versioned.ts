/**
 * The versioned write of an editable record (server/README.md, Concurrency): read the row locked, refuse a
 * save based on another version, write the change and move the version on by one. Every table with an `id`
 * and a `version()` column goes through these two, so a save reads and writes its row one way.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
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
