/** Shared by the seed stages: find-or-insert by natural key, counting what was inserted. */
import type { Db } from '../client';

type Id = { id: number };

export class Rows {
  inserted = 0;

  constructor(readonly tx: Db) {}

  /** The id of the row `find` returns, or of the row `insert` creates when there is none. */
  async ensure(find: () => Promise<Id[]>, insert: () => Promise<Id[]>): Promise<number> {
    const [found] = await find();
    if (found) return found.id;
    const [created] = await insert();
    if (!created) throw new Error('seed: insert returned no row');
    this.inserted += 1;
    return created.id;
  }
}

/** Looks a name up among rows the seed made; a miss is a mistake in the seed data. */
export function idOf(map: ReadonlyMap<string, number>, name: string): number {
  const id = map.get(name);
  if (id === undefined) throw new Error(`seed data refers to unknown "${name}"`);
  return id;
}
