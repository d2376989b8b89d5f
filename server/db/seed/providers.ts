/**
 * Seeds providers of every strategy, each with its credentials (when it has any) and its location (when it
 * has finished onboarding), then their special dates and commissions.
 */
import { eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { DEFAULT_TIME_ZONE } from '../../../src/domain/shared/constants';
import * as t from '../schema';
import type { Catalog } from './catalog';
import * as data from './data';
import { idOf, type Rows } from './rows';

export interface SeededProvider {
  id: number;
  /** Null for a provider without a location yet. */
  locationId: number | null;
  timezone: string;
}

export async function seedProviders(rows: Rows): Promise<Map<string, SeededProvider>> {
  const { tx } = rows;
  const providers = new Map<string, SeededProvider>();
  for (const provider of data.PROVIDERS) {
    const { location } = provider;
    const [existing] = await tx
      .select({ id: t.providers.id, locationId: t.providers.locationId })
      .from(t.providers)
      .where(eq(t.providers.name, provider.name));
    const timezone = location?.timezone ?? DEFAULT_TIME_ZONE;
    if (existing) {
      providers.set(provider.name, { id: existing.id, locationId: existing.locationId, timezone });
      continue;
    }
    // The onboarding order: credentials, then the location, then the provider that points at both.
    const [credential] = provider.credentials
      ? await tx
          .insert(t.credentials)
          .values({ strategy: provider.strategy, ...provider.credentials })
          .returning({ id: t.credentials.id })
      : [];
    const [createdLocation] = location
      ? await tx
          .insert(t.locations)
          .values({
            ...location,
            name: provider.name,
            country: 'US',
            fullAddress: `${location.streetAddress}, ${location.city}, ${location.state} ${location.zip}, US`,
            billingContactEmail: `billing@${provider.name.toLowerCase().replaceAll(/[^a-z]+/g, '')}.example.com`,
            ...(provider.strategy === 'MANUAL' ? OPEN_MON_SAT : OPEN_EVERY_DAY),
          })
          .returning({ id: t.locations.id })
      : [];
    const { name, strategy, externalId, description, phoneNumber, availableAfterDays } = provider;
    const [created] = await tx
      .insert(t.providers)
      .values({
        name,
        strategy,
        externalId,
        description,
        phoneNumber,
        availableAfterDays,
        timezone,
        credentialsId: credential?.id ?? null,
        locationId: createdLocation?.id ?? null,
      })
      .returning({ id: t.providers.id });
    if (!created) throw new Error('seed: insert returned no row');
    rows.inserted += 1 + (credential ? 1 : 0) + (createdLocation ? 1 : 0);
    providers.set(provider.name, { id: created.id, locationId: createdLocation?.id ?? null, timezone });
  }
  return providers;
}

type Day = 1 | 2 | 3 | 4 | 5 | 6 | 7;
type OpeningHours = Pick<
  typeof t.locations.$inferInsert,
  `isOpenDay${Day}` | `day${Day}open` | `day${Day}close`
>;

/** Opening hours in the locations' day{n} columns (1 = Monday … 7 = Sunday). */
function openingHours(openDays: Day[], open: string, close: string): OpeningHours {
  const hours: Record<string, boolean | string | null> = {};
  for (let day = 1; day <= 7; day += 1) {
    const isOpen = openDays.includes(day as Day);
    hours[`isOpenDay${day}`] = isOpen;
    hours[`day${day}open`] = isOpen ? open : null;
    hours[`day${day}close`] = isOpen ? close : null;
  }
  // Built in a loop, so the compiler cannot see the 21 keys; the loop above writes every one of them.
  return hours as OpeningHours;
}

/** The manual provider enters its own hours: Monday to Saturday 9:00am–7:00pm. */
const OPEN_MON_SAT = openingHours([1, 2, 3, 4, 5, 6], '9:00am', '7:00pm');
/** Connected providers' hours come from their system; every day 10:00am–8:00pm stands in for that. */
const OPEN_EVERY_DAY = openingHours([1, 2, 3, 4, 5, 6, 7], '10:00am', '8:00pm');

/**
 * Special dates (for a location that has none yet, so a removed one is not brought back while others remain)
 * and commissions (one per provider and category, inserted when missing).
 */
export async function seedProviderDetails(
  rows: Rows,
  catalog: Catalog,
  providers: ReadonlyMap<string, SeededProvider>,
  now: Date,
): Promise<void> {
  const { tx } = rows;
  const seeded = new Set<number>();
  for (const special of data.SPECIAL_DATES) {
    const provider = providers.get(special.provider);
    if (!provider?.locationId)
      throw new Error(`seed: special date for ${special.provider}, which has no location`);
    const { locationId } = provider;
    if (
      !seeded.has(locationId) &&
      (await rows.has(t.specialDates, eq(t.specialDates.locationId, locationId)))
    ) {
      continue;
    }
    seeded.add(locationId);
    const today = Temporal.Instant.fromEpochMilliseconds(now.getTime())
      .toZonedDateTimeISO(provider.timezone)
      .toPlainDate();
    const [created] = await tx
      .insert(t.specialDates)
      .values({
        locationId,
        startDate: today.add({ days: special.fromDays }).toString(),
        endDate: today.add({ days: special.toDays }).toString(),
      })
      .returning({ id: t.specialDates.id });
    if (!created) throw new Error('seed: insert returned no row');
    rows.inserted += 1;
    const targets = [
      ...special.items.map((item) => ({ serviceItemId: idOf(catalog.items, item) })),
      ...special.bundles.map((bundle) => ({ bundleId: idOf(catalog.bundles, bundle) })),
    ];
    for (const target of targets) {
      await tx.insert(t.specialDateServiceItems).values({ specialDateId: created.id, ...target });
      rows.inserted += 1;
    }
  }
  for (const commission of data.COMMISSIONS) {
    const provider = providers.get(commission.provider);
    if (!provider) throw new Error(`seed data refers to unknown "${commission.provider}"`);
    const inserted = await tx
      .insert(t.commissions)
      .values({
        providerId: provider.id,
        serviceCategoryId: idOf(catalog.categories, commission.category),
        name: commission.category,
        percentage: commission.percentage,
      })
      .onConflictDoNothing()
      .returning({ id: t.commissions.id });
    rows.inserted += inserted.length;
  }
}
