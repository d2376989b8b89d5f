/** Shared by the appointment seeds: how long a booked item or bundle takes, and its appointment row. */
import type * as t from '../schema';
import type { Catalog } from './catalog';
import * as data from './data';
import type { SeededProvider } from './providers';
import { idOf, type Rows } from './rows';

/** One service item or one bundle, by name. */
export type Booked = { item?: string | undefined; bundle?: string | undefined };

/** A bundle takes as long as its items together. */
export function minutesOf(booked: Booked, catalog: Catalog): number {
  const names = booked.item
    ? [booked.item]
    : (data.BUNDLES.find((bundle) => bundle.name === booked.bundle)?.items ?? []);
  return names.reduce((total, name) => total + idOf(catalog.itemMinutes, name), 0);
}

/** The appointment row of an item or bundle booked at a provider's location from `startDate` to `endDate`. */
export function appointmentRow(
  booking: Pick<
    typeof t.appointments.$inferInsert,
    'groupId' | 'status' | 'startDate' | 'endDate' | 'userId'
  >,
  provider: SeededProvider,
  booked: Booked,
  catalog: Catalog,
): typeof t.appointments.$inferInsert {
  return {
    ...booking,
    providerId: provider.id,
    locationId: provider.locationId,
    serviceItemId: booked.item ? idOf(catalog.items, booked.item) : null,
    bundleId: booked.bundle ? idOf(catalog.bundles, booked.bundle) : null,
    name: booked.item ?? booked.bundle ?? null,
  };
}

/** An appointment seed: what it needs from the earlier stages. */
export type AppointmentSeed = (
  rows: Rows,
  catalog: Catalog,
  providers: ReadonlyMap<string, SeededProvider>,
  users: ReadonlyMap<string, number>,
  now: Date,
) => Promise<void>;
