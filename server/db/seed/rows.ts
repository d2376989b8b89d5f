/** Shared by the seed stages: find-or-insert by natural key, counting what was inserted. */
import type { SQL } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import type { TableWithId } from '../missing-ids';

export class Rows {
  inserted = 0;

  constructor(readonly tx: Db) {}

  /** Whether `table` has a row `where` holds. */
  async has(table: TableWithId, where: SQL): Promise<boolean> {
    const [row] = await this.tx
      .select({ id: table.id })
      .from(table as PgTable)
      .where(where)
      .limit(1);
    return row !== undefined;
  }

  /** The id of the row of `table` that `where` finds, or of the row of `values` inserted when there is none. */
  async ensure<T extends TableWithId>(
    table: T,
    where: SQL | undefined,
    values: PgInsertValue<T>,
  ): Promise<number> {
    const [found] = await this.tx
      .select({ id: table.id })
      .from(table as PgTable)
      .where(where);
    if (found) return found.id as number;
    const [created] = await this.tx.insert(table).values(values).returning({ id: table.id });
    if (!created) throw new Error('seed: insert returned no row');
    this.inserted += 1;
    return created.id as number;
  }
}

/** Looks a name up among rows the seed made; a miss is a mistake in the seed data. */
export function idOf(map: ReadonlyMap<string, number>, name: string): number {
  const id = map.get(name);
  if (id === undefined) throw new Error(`seed data refers to unknown "${name}"`);
  return id;
}
