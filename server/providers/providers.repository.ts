/** Providers with their locations: reads and writes, no HTTP and no access rules. */
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Location, Provider } from '../../src/api/contract/provider';
import type { ProviderListItem } from '../../src/api/contract/provider-list';
import type { ProviderSortColumn, SortDirection, YesNo } from '../../src/domain/providers/provider-list';
import type { OnboardingStrategy } from '../../src/domain/onboarding/strategies';
import type { Db } from '../db/client';
import { locations, providers } from '../db/schema';
import type { OnboardingState } from '../../src/domain/overview/onboarding-states';
import { ONBOARDING_CONDITIONS } from './onboarding-states';

type LocationRow = typeof locations.$inferSelect;
type ProviderRow = typeof providers.$inferSelect;
export type ProviderValues = Partial<Omit<typeof providers.$inferInsert, 'id' | 'createdAt' | 'version'>>;

export function toLocation(row: LocationRow): Location {
  return {
    id: row.id,
    name: row.name,
    fullAddress: row.fullAddress,
    streetAddress: row.streetAddress,
    addressLine2: row.addressLine2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country,
    coordinates: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    externalLocationId: row.externalLocationId,
    isPublic: row.isPublic,
    timezone: row.timezone,
    settlementAccount: row.settlementAccountId ? { id: row.settlementAccountId } : null,
    stripeAccount: row.stripeAccountId ? { id: row.stripeAccountId } : null,
    taxRate: row.taxRate,
    billingContactEmail: row.billingContactEmail,
    isEMAILNotificationsEnabled: row.isEMAILNotificationsEnabled,
    isOpenDay1: row.isOpenDay1,
    day1open: row.day1open,
    day1close: row.day1close,
    isOpenDay2: row.isOpenDay2,
    day2open: row.day2open,
    day2close: row.day2close,
    isOpenDay3: row.isOpenDay3,
    day3open: row.day3open,
    day3close: row.day3close,
    isOpenDay4: row.isOpenDay4,
    day4open: row.day4open,
    day4close: row.day4close,
    isOpenDay5: row.isOpenDay5,
    day5open: row.day5open,
    day5close: row.day5close,
    isOpenDay6: row.isOpenDay6,
    day6open: row.day6open,
    day6close: row.day6close,
    isOpenDay7: row.isOpenDay7,
    day7open: row.day7open,
    day7close: row.day7close,
    version: row.version,
  };
}

export function toProvider(row: ProviderRow, location: LocationRow | null): Provider {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    logoURL: row.logoURL,
    coverImageURL: row.coverImageURL,
    strategy: row.strategy,
    externalId: row.externalId,
    availableAfterDays: row.availableAfterDays,
    timezone: row.timezone,
    phoneNumber: row.phoneNumber,
    isSMSNotificationsEnabled: row.isSMSNotificationsEnabled,
    isUpkeepPayingProcessingFees: row.isUpkeepPayingProcessingFees,
    hasCredentials: row.credentialsId !== null,
    location: location ? toLocation(location) : null,
    version: row.version,
  };
}

export interface ProviderFilter {
  /** Only these providers (a provider user's own); undefined for all. */
  ids?: readonly number[];
  country?: string;
  city?: string;
  /** A substring of the name, without regard to case. */
  name?: string;
  /** Only the providers in this onboarding state (server/providers/onboarding-states.ts). */
  onboarding?: OnboardingState;
  strategy?: OnboardingStrategy;
  payoutsReady?: YesNo;
  public?: YesNo;
}

/** A filter by its name, for a facet that counts with every filter but its own. */
export type ProviderFilterName = Exclude<keyof ProviderFilter, 'ids'>;

const isPublic = sql`coalesce(${locations.isPublic}, false)`;
const { connected, mapped, payoutsReady } = ONBOARDING_CONDITIONS;
/** The onboarding stage's rank (src/domain/providers/provider-list.ts onboardingStageOf). */
const stageRank = sql`(case when ${ONBOARDING_CONDITIONS.live} then 3 when ${connected} and ${mapped} then 2
  when ${connected} then 1 else 0 end)`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export function whereOf(filter: ProviderFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.ids) conditions.push(inArray(providers.id, [...filter.ids]));
  if (filter.country) conditions.push(sql`lower(${locations.country}) = ${filter.country.toLowerCase()}`);
  if (filter.city) conditions.push(sql`lower(${locations.city}) = ${filter.city.toLowerCase()}`);
  if (filter.name) {
    const pattern = `%${escapeLike(filter.name.toLowerCase())}%`;
    conditions.push(sql`lower(${providers.name}) like ${pattern} escape '\\'`);
  }
  if (filter.onboarding) conditions.push(ONBOARDING_CONDITIONS[filter.onboarding]);
  if (filter.strategy) conditions.push(eq(providers.strategy, filter.strategy));
  if (filter.payoutsReady)
    conditions.push(filter.payoutsReady === 'yes' ? payoutsReady : sql`not ${payoutsReady}`);
  if (filter.public) conditions.push(filter.public === 'yes' ? isPublic : sql`not ${isPublic}`);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export interface ProviderSort {
  sort: ProviderSortColumn;
  dir: SortDirection;
}

/** The sort column's expression; ties go by name (without regard to case) then id, always ascending. */
const SORT_EXPRESSIONS: Readonly<Record<Exclude<ProviderSortColumn, 'name'>, SQL>> = {
  place: sql`lower(${locations.city})`,
  strategy: sql`${providers.strategy}::text`,
  onboarding: stageRank,
  payoutsReady: sql`(${payoutsReady})`,
  public: isPublic,
};

function orderOf({ sort, dir }: ProviderSort): SQL[] {
  const direction = dir === 'desc' ? sql`desc` : sql`asc`;
  const byName = sql`lower(${providers.name}) ${direction}, ${providers.id} ${direction}`;
  if (sort === 'name') return [byName];
  // Providers without a place go last in either direction.
  const nulls = sort === 'place' ? sql` nulls last` : sql``;
  return [
    sql`${SORT_EXPRESSIONS[sort]} ${direction}${nulls}`,
    sql`lower(${providers.name})`,
    asc(providers.id),
  ];
}

/**
 * Providers in the order asked (by name without regard to case, then id, unless told otherwise), each with
 * its location and the onboarding checks it has passed; one page when `page` is given. The name order
 * matches the index providers_list_order_idx, so a page by name is read in index order.
 */
export async function listProviders(
  db: Db,
  filter: ProviderFilter,
  page?: { page: number; pageSize: number },
  order: ProviderSort = { sort: 'name', dir: 'asc' },
): Promise<{ providers: ProviderListItem[]; total: number }> {
  if (filter.ids && filter.ids.length === 0) return { providers: [], total: 0 };
  const where = whereOf(filter);
  const query = db
    .select({
      provider: providers,
      location: locations,
      connected: sql<boolean>`${connected}`,
      mapped: sql<boolean>`${mapped}`,
      payoutsReady: sql<boolean>`${payoutsReady}`,
    })
    .from(providers)
    .leftJoin(locations, eq(locations.id, providers.locationId))
    .where(where)
    .orderBy(...orderOf(order));
  const rows = page ? await query.limit(page.pageSize).offset((page.page - 1) * page.pageSize) : await query;
  const list = rows.map((row) => ({
    ...toProvider(row.provider, row.location),
    onboarding: { connected: !!row.connected, mapped: !!row.mapped, payoutsReady: !!row.payoutsReady },
  }));
  if (!page) return { providers: list, total: list.length };
  const [counted] = await db
    .select({ n: count() })
    .from(providers)
    .leftJoin(locations, eq(locations.id, providers.locationId))
    .where(where);
  return { providers: list, total: counted?.n ?? 0 };
}

export async function getProvider(db: Pick<Db, 'select'>, id: number): Promise<Provider | undefined> {
  const [row] = await db
    .select({ provider: providers, location: locations })
    .from(providers)
    .leftJoin(locations, eq(locations.id, providers.locationId))
    .where(eq(providers.id, id));
  return row && toProvider(row.provider, row.location);
}

export async function insertProvider(db: Pick<Db, 'insert'>, values: ProviderValues & { name: string }) {
  const [row] = await db.insert(providers).values(values).returning({ id: providers.id });
  if (!row) throw new Error('insertProvider: the insert returned no row');
  return row.id;
}
