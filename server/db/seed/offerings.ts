/**
 * Seeds step 2 of onboarding (02 §2) for the demo providers that have finished it: a connected provider's
 * service mappings and a manual provider's weekly hours per category (data.MAPPINGS, data.AVAILABILITIES).
 * A location's mappings or hours are seeded only while it has none, so nothing edited is overwritten.
 */
import { eq } from 'drizzle-orm';
import { WEEKDAYS, weekOpen, type WeekSlots } from '../../../src/domain/onboarding/availability';
import * as t from '../schema';
import type { Catalog } from './catalog';
import * as data from './data';
import type { SeededProvider } from './providers';
import { idOf, type Rows } from './rows';

function locationOf(providers: ReadonlyMap<string, SeededProvider>, name: string): number {
  const locationId = providers.get(name)?.locationId;
  if (!locationId) throw new Error(`seed: step 2 for ${name}, which has no location`);
  return locationId;
}

/** Every slot of the grid offered from each day's first hour until its last. */
function weekOf(hours: (typeof data.AVAILABILITIES)[number]['week']): WeekSlots {
  const open = WEEKDAYS.map((day, index) => {
    const range = hours[index];
    return [day, range ? { from: range[0] * 60, to: range[1] * 60 } : null] as const;
  });
  return weekOpen(Object.fromEntries(open) as Parameters<typeof weekOpen>[0]);
}

export async function seedOfferings(
  rows: Rows,
  catalog: Catalog,
  providers: ReadonlyMap<string, SeededProvider>,
): Promise<void> {
  const { tx } = rows;
  const mapped = new Map<number, boolean>();
  for (const mapping of data.MAPPINGS) {
    const locationId = locationOf(providers, mapping.provider);
    if (!mapped.has(locationId)) {
      mapped.set(
        locationId,
        !(await rows.has(t.providerServiceItems, eq(t.providerServiceItems.locationId, locationId))),
      );
    }
    if (!mapped.get(locationId)) continue;
    await tx.insert(t.providerServiceItems).values({
      locationId,
      externalId: mapping.externalId,
      ...(mapping.item
        ? { serviceItemId: idOf(catalog.items, mapping.item) }
        : { bundleId: idOf(catalog.bundles, mapping.bundle ?? '') }),
    });
    rows.inserted += 1;
  }
  for (const availability of data.AVAILABILITIES) {
    const inserted = await tx
      .insert(t.availabilities)
      .values({
        locationId: locationOf(providers, availability.provider),
        serviceCategoryId: idOf(catalog.categories, availability.category),
        timeslots: weekOf(availability.week),
      })
      .onConflictDoNothing()
      .returning({ id: t.availabilities.id });
    rows.inserted += inserted.length;
  }
}
