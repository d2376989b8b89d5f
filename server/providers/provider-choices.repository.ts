/**
 * GET /providers/choices: the providers a picker offers, each as its id, its name and its location's city and
 * state, in the list's name order (without regard to case, then id: the index providers_list_order_idx), so a
 * console that names every provider never reads their whole records.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { ProviderChoiceItem } from '../../src/api/contract/provider';
import type { Db } from '../db/client';
import { locations, providers } from '../db/schema';
import { whereOf, type ProviderFilter } from './providers.repository';

export async function listProviderChoices(db: Db, filter: ProviderFilter): Promise<ProviderChoiceItem[]> {
  if (filter.ids && filter.ids.length === 0) return [];
  const rows = await db
    .select({
      id: providers.id,
      name: providers.name,
      locationId: locations.id,
      city: locations.city,
      state: locations.state,
    })
    .from(providers)
    .leftJoin(locations, eq(locations.id, providers.locationId))
    .where(whereOf(filter))
    .orderBy(sql`lower(${providers.name})`, asc(providers.id));
  return rows.map(({ id, name, locationId, city, state }) => ({
    id,
    name,
    location: locationId === null ? null : { city, state },
  }));
}
