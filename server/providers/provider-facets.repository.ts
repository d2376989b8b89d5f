/**
 * GET /providers/facets: how many providers each filter value would show. Each facet is one grouped query over
 * providers and their location with every filter but its own, so a chosen value's neighbours keep their counts
 * (strategy, the onboarding states, payouts ready, public, and the countries and cities that exist).
 */
import { count, eq, sql } from 'drizzle-orm';
import type { ProviderFacets } from '../../src/api/contract/provider-list';
import { ONBOARDING_STATES } from '../../src/domain/overview/onboarding-states';
import type { Db } from '../db/client';
import { locations, providers } from '../db/schema';
import { ONBOARDING_CONDITIONS } from './onboarding-states';
import { whereOf, type ProviderFilter, type ProviderFilterName } from './providers.repository';

const without = (filter: ProviderFilter, name: ProviderFilterName): ProviderFilter => ({
  ...filter,
  [name]: undefined,
});

const yesNo = (rows: { yes: boolean; count: number }[]) =>
  (['yes', 'no'] as const).map((value) => ({
    value,
    count: rows.find((row) => !!row.yes === (value === 'yes'))?.count ?? 0,
  }));

export async function providerFacets(db: Db, filter: ProviderFilter): Promise<ProviderFacets> {
  if (filter.ids && filter.ids.length === 0) {
    return { total: 0, strategy: [], onboarding: [], payoutsReady: [], public: [], country: [], city: [] };
  }
  const where = (name: ProviderFilterName | null) => whereOf(name ? without(filter, name) : filter);
  const on = eq(locations.id, providers.locationId);
  const payoutsReady = sql<boolean>`(${ONBOARDING_CONDITIONS.payoutsReady})`;
  const isPublic = sql<boolean>`coalesce(${locations.isPublic}, false)`;
  const stateCounts = Object.fromEntries(
    ONBOARDING_STATES.map((state) => [
      state,
      sql<number>`count(*) filter (where ${ONBOARDING_CONDITIONS[state]})`.mapWith(Number),
    ]),
  );
  const [total, strategy, onboarding, payouts, publicRows, country, city] = await Promise.all([
    db.select({ count: count() }).from(providers).leftJoin(locations, on).where(where(null)),
    db
      .select({ value: providers.strategy, count: count() })
      .from(providers)
      .leftJoin(locations, on)
      .where(where('strategy'))
      .groupBy(providers.strategy)
      .orderBy(providers.strategy),
    db.select(stateCounts).from(providers).leftJoin(locations, on).where(where('onboarding')),
    db
      .select({ yes: payoutsReady, count: count() })
      .from(providers)
      .leftJoin(locations, on)
      .where(where('payoutsReady'))
      .groupBy(sql`1`),
    db
      .select({ yes: isPublic, count: count() })
      .from(providers)
      .leftJoin(locations, on)
      .where(where('public'))
      .groupBy(sql`1`),
    db
      .select({ value: sql<string>`min(${locations.country})`, count: count() })
      .from(providers)
      .leftJoin(locations, on)
      .where(where('country'))
      .groupBy(sql`lower(${locations.country})`)
      .having(sql`lower(${locations.country}) is not null`)
      .orderBy(sql`lower(${locations.country})`),
    // A city is its name with the state it is in when it is in one only (filtered by name, as the list is).
    db
      .select({
        value: sql<string>`min(${locations.city})`,
        state: sql<
          string | null
        >`case when count(distinct ${locations.state}) = 1 then min(${locations.state}) end`,
        count: count(),
      })
      .from(providers)
      .leftJoin(locations, on)
      .where(where('city'))
      .groupBy(sql`lower(${locations.city})`)
      .having(sql`lower(${locations.city}) is not null`)
      .orderBy(sql`lower(${locations.city})`),
  ]);
  const states = onboarding[0];
  return {
    total: total[0]?.count ?? 0,
    strategy: strategy.map((row) => ({ value: row.value, count: row.count })),
    onboarding: ONBOARDING_STATES.map((state) => ({ value: state, count: Number(states?.[state] ?? 0) })),
    payoutsReady: yesNo(payouts),
    public: yesNo(publicRows),
    country: country.map((row) => ({ value: row.value, count: row.count })),
    city: city.map((row) => ({ value: row.value, state: row.state, count: row.count })),
  };
}
