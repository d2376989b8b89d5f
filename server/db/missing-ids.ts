/**
 * Which of the ids a request names have no row in a table, written once for every reference check of a
 * list of ids (a promo code's services, a bundle's items, a tier's items and polygons, the tiers a catalogue
 * is priced by, a user's providers). The caller words the refusal.
 */
import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** A table whose rows carry a numeric `id` (`id()` from tables/common.ts). */
export type TableWithId = PgTable & { id: PgColumn };

/**
 * The ids among `ids` that name no row of `table`, in the order given (a repeated id as often as it is
 * given); none when `ids` is empty, without a query. `lock: 'share'` keeps the rows found from being deleted
 * until the transaction ends.
 */
export async function missingIds(
  db: Pick<Db, 'select'>,
  table: TableWithId,
  ids: readonly number[],
  lock?: 'share',
): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(inArray(table.id, [...ids]));
  const rows = lock ? await found.for(lock) : await found;
  const foundIds = new Set(rows.map((row) => row.id as number));
  return ids.filter((id) => !foundIds.has(id));
}
