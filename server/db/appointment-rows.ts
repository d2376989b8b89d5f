/**
 * Appointments read with what the lists, notices and figures show beside them, joined one way: the provider
 * (always there), the location, the service item and the bundle (each null when the booking has none). The
 * location is the appointment's own, or with `location: 'provider'` the provider's (the one paid out to). A
 * read that shows the customer adds `.innerJoin(users, CUSTOMER)`.
 */
import { asc, eq } from 'drizzle-orm';
import type { PgSelectBase, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { appointments, bundles, locations, providers, serviceItems, users } from './schema';

/** Whose location an appointment read joins: the booking's own, or its provider's. */
export type LocationOf = 'appointment' | 'provider';

/** The customer of an appointment (the user it was booked for). */
export const CUSTOMER = eq(users.id, appointments.userId);

/** A booking's order: by start, then by id. */
export const BY_START = [asc(appointments.startDate), asc(appointments.id)] as const;

function joined(db: Pick<Db, 'select'>, fields: SelectedFields, location: LocationOf) {
  const locationId = location === 'provider' ? providers.locationId : appointments.locationId;
  return db
    .select(fields)
    .from(appointments)
    .innerJoin(providers, eq(providers.id, appointments.providerId))
    .leftJoin(locations, eq(locations.id, locationId))
    .leftJoin(serviceItems, eq(serviceItems.id, appointments.serviceItemId))
    .leftJoin(bundles, eq(bundles.id, appointments.bundleId));
}

/** Which joined tables may be missing from a row (Drizzle's map: their fields read as nullable). */
type Joins = ReturnType<typeof joined>['_']['nullabilityMap'];

/** `db.select(fields)` over the appointments and their joins, to go on with `.where`, `.orderBy` and more joins. */
export function selectAppointments<S extends SelectedFields>(
  db: Pick<Db, 'select'>,
  fields: S,
  location: LocationOf = 'appointment',
) {
  // Drizzle cannot type a join over a generic selection; the query is built over any selection and typed here.
  return joined(db, fields, location) as unknown as PgSelectBase<'appointments', S, 'partial', Joins>;
}
