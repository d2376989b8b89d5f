/** Seeds providers of every strategy, each with its credentials (when it has any) and its location. */
import { eq } from 'drizzle-orm';
import * as t from '../schema';
import * as data from './data';
import type { Rows } from './rows';

export interface SeededProvider {
  id: number;
  locationId: number;
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
    if (existing) {
      if (existing.locationId === null)
        throw new Error(`seed: provider ${provider.name} exists without a location`);
      providers.set(provider.name, {
        id: existing.id,
        locationId: existing.locationId,
        timezone: location.timezone,
      });
      continue;
    }
    // The onboarding order: credentials, then the location, then the provider that points at both.
    const [credential] = provider.credentials
      ? await tx
          .insert(t.credentials)
          .values({ strategy: provider.strategy, ...provider.credentials })
          .returning({ id: t.credentials.id })
      : [];
    const [createdLocation] = await tx
      .insert(t.locations)
      .values({
        ...location,
        name: provider.name,
        country: 'US',
        fullAddress: `${location.streetAddress}, ${location.city}, ${location.state} ${location.zip}, US`,
        billingContactEmail: `billing@${provider.name.toLowerCase().replaceAll(/[^a-z]+/g, '')}.example.com`,
        ...(provider.strategy === 'MANUAL' ? OPEN_MON_SAT : OPEN_EVERY_DAY),
      })
      .returning({ id: t.locations.id });
    if (!createdLocation) throw new Error('seed: insert returned no row');
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
        timezone: location.timezone,
        credentialsId: credential?.id ?? null,
        locationId: createdLocation.id,
      })
      .returning({ id: t.providers.id });
    if (!created) throw new Error('seed: insert returned no row');
    rows.inserted += credential ? 3 : 2;
    providers.set(provider.name, {
      id: created.id,
      locationId: createdLocation.id,
      timezone: location.timezone,
    });
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
