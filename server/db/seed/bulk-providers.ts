/**
 * Many made-up providers, for trying the providers panel at scale (filters and paging over 2,000).
 * Deterministic: provider n is always the same business in the same real city, so running it again adds
 * nothing, and a larger count adds only the missing ones. One in ten has no location yet.
 *
 *   npm run seed:providers -- 2000    # into the database the API uses (DATABASE_URL, or PGlite in DATA_DIR/db)
 *
 * With PGlite, stop the API first: one process owns the data directory.
 */
import { inArray } from 'drizzle-orm';
import { PROVIDER_STRATEGIES, type Strategy } from '../../../src/api/contract/provider';
import type { Db } from '../client';
import * as t from '../schema';
import { runWhenMain } from './bulk-cli';

// prettier-ignore
const WORDS = ['Amber', 'Birch', 'Coral', 'Dune', 'Ember', 'Fern', 'Golden', 'Haven', 'Iris', 'Jade', 'Kelp', 'Lotus', 'Maple', 'Nova', 'Opal', 'Poppy', 'Quartz', 'Rose', 'Sage', 'Tide', 'Umber', 'Velvet', 'Willow', 'Zinnia'];
// prettier-ignore
const KINDS = ['Med Spa', 'Skin Studio', 'Aesthetics', 'Laser Clinic', 'Wellness', 'Beauty Bar', 'Facial Lounge'];
// prettier-ignore
const CITIES = [
  { city: 'Los Angeles', state: 'CA', zip: '90012', lat: 34.0614, lng: -118.2385, timezone: 'America/Los_Angeles' },
  { city: 'San Francisco', state: 'CA', zip: '94103', lat: 37.7725, lng: -122.4147, timezone: 'America/Los_Angeles' },
  { city: 'Seattle', state: 'WA', zip: '98104', lat: 47.6036, lng: -122.3256, timezone: 'America/Los_Angeles' },
  { city: 'Las Vegas', state: 'NV', zip: '89101', lat: 36.1722, lng: -115.1224, timezone: 'America/Los_Angeles' },
  { city: 'Phoenix', state: 'AZ', zip: '85004', lat: 33.4515, lng: -112.0685, timezone: 'America/Phoenix' },
  { city: 'Denver', state: 'CO', zip: '80202', lat: 39.7525, lng: -104.9995, timezone: 'America/Denver' },
  { city: 'Dallas', state: 'TX', zip: '75201', lat: 32.7903, lng: -96.8044, timezone: 'America/Chicago' },
  { city: 'Houston', state: 'TX', zip: '77002', lat: 29.7566, lng: -95.3594, timezone: 'America/Chicago' },
  { city: 'Chicago', state: 'IL', zip: '60601', lat: 41.8858, lng: -87.6181, timezone: 'America/Chicago' },
  { city: 'Minneapolis', state: 'MN', zip: '55401', lat: 44.9848, lng: -93.2693, timezone: 'America/Chicago' },
  { city: 'Atlanta', state: 'GA', zip: '30303', lat: 33.7525, lng: -84.3888, timezone: 'America/New_York' },
  { city: 'Miami', state: 'FL', zip: '33130', lat: 25.7673, lng: -80.2052, timezone: 'America/New_York' },
  { city: 'New York', state: 'NY', zip: '10001', lat: 40.7484, lng: -73.9967, timezone: 'America/New_York' },
  { city: 'Boston', state: 'MA', zip: '02110', lat: 42.3576, lng: -71.0514, timezone: 'America/New_York' },
  { city: 'Honolulu', state: 'HI', zip: '96813', lat: 21.3069, lng: -157.8583, timezone: 'Pacific/Honolulu' },
  { city: 'Anchorage', state: 'AK', zip: '99501', lat: 61.2167, lng: -149.8769, timezone: 'America/Anchorage' },
];
const BATCH = 500;

export function bulkProvider(n: number) {
  const word = WORDS[n % WORDS.length] as string;
  const kind = KINDS[Math.floor(n / WORDS.length) % KINDS.length] as string;
  const place = CITIES[n % CITIES.length] as (typeof CITIES)[number];
  return {
    provider: {
      name: `${word} ${kind} #${n}`,
      strategy: PROVIDER_STRATEGIES[n % PROVIDER_STRATEGIES.length] as Strategy,
      description: `Generated provider ${n} in ${place.city}.`,
      phoneNumber: `+1555${String(n).padStart(7, '0')}`,
      availableAfterDays: [0, 1, 2, 7][n % 4] as number,
      timezone: place.timezone,
    },
    // Every tenth provider has not finished onboarding.
    location:
      n % 10 === 0
        ? null
        : {
            name: `${word} ${kind} #${n}`,
            streetAddress: `${100 + (n % 900)} Main St`,
            city: place.city,
            state: place.state,
            zip: place.zip,
            country: 'US',
            fullAddress: `${100 + (n % 900)} Main St, ${place.city}, ${place.state} ${place.zip}, US`,
            lat: place.lat,
            lng: place.lng,
            timezone: place.timezone,
          },
  };
}

/** Makes providers 1…count exist (found by name); returns how many it inserted. */
export async function seedBulkProviders(db: Db, count: number): Promise<number> {
  let inserted = 0;
  for (let start = 1; start <= count; start += BATCH) {
    const batch: ReturnType<typeof bulkProvider>[] = [];
    for (let n = start; n < Math.min(start + BATCH, count + 1); n += 1) batch.push(bulkProvider(n));
    inserted += await db.transaction(async (tx) => {
      const existing = await tx
        .select({ name: t.providers.name })
        .from(t.providers)
        .where(
          inArray(
            t.providers.name,
            batch.map((entry) => entry.provider.name),
          ),
        );
      const taken = new Set(existing.map((row) => row.name));
      const missing = batch.filter((entry) => !taken.has(entry.provider.name));
      if (missing.length === 0) return 0;
      const withLocation = missing.filter((entry) => entry.location !== null);
      const locations = withLocation.length
        ? await tx
            .insert(t.locations)
            .values(withLocation.map((entry) => entry.location as NonNullable<typeof entry.location>))
            .returning({ id: t.locations.id })
        : [];
      const locationIds = new Map(withLocation.map((entry, index) => [entry, locations[index]?.id ?? null]));
      await tx
        .insert(t.providers)
        .values(missing.map((entry) => ({ ...entry.provider, locationId: locationIds.get(entry) ?? null })));
      return missing.length;
    });
  }
  return inserted;
}

runWhenMain(import.meta.url, () => ({
  what: 'Bulk providers',
  script: 'seed:providers',
  defaultCount: 2000,
  max: 100_000,
  seed: seedBulkProviders,
}));
