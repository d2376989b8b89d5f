/** Reads of appointments and settlement accounts for the provider dashboard. */
import { and, asc, countDistinct, eq, gte, lt, notInArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  appointments,
  bundles,
  locations,
  providers,
  serviceItems,
  settlementAccounts,
  users,
} from '../db/schema';

type Reader = Pick<Db, 'select'>;

export async function findProvider(db: Reader, id: number) {
  const [row] = await db
    .select({ id: providers.id, locationId: providers.locationId })
    .from(providers)
    .where(eq(providers.id, id));
  return row;
}

/** Appointment rows with what the dashboard shows, ascending by start. */
function rowsWhere(db: Reader, where: SQL | undefined) {
  return db
    .select({
      appointment: appointments,
      provider: { id: providers.id, name: providers.name },
      location: { id: locations.id, timezone: locations.timezone, name: locations.name },
      item: { id: serviceItems.id, name: serviceItems.name },
      bundle: { id: bundles.id, name: bundles.name },
      user: {
        displayName: users.displayName,
        email: users.email,
        phone: users.phone,
        birthdate: users.birthdate,
      },
    })
    .from(appointments)
    .innerJoin(providers, eq(providers.id, appointments.providerId))
    .innerJoin(users, eq(users.id, appointments.userId))
    .leftJoin(locations, eq(locations.id, appointments.locationId))
    .leftJoin(serviceItems, eq(serviceItems.id, appointments.serviceItemId))
    .leftJoin(bundles, eq(bundles.id, appointments.bundleId))
    .where(where)
    .orderBy(asc(appointments.startDate), asc(appointments.id));
}

/** The provider's appointments starting in [from, to), ascending, with what the dashboard shows. */
export function appointmentRows(db: Reader, providerId: number, from: Date, to: Date) {
  return rowsWhere(
    db,
    and(
      eq(appointments.providerId, providerId),
      gte(appointments.startDate, from),
      lt(appointments.startDate, to),
    ),
  );
}

/** One booking's rows (one groupId), as the dashboard shows them. */
export function bookingRows(db: Reader, groupId: string) {
  return rowsWhere(db, eq(appointments.groupId, groupId));
}
export type AppointmentRow = Awaited<ReturnType<typeof appointmentRows>>[number];

/** Bookings (groups booked together count once) not cancelled, starting in [from, to). */
export async function countBookings(db: Reader, providerId: number, from: Date, to: Date) {
  const [row] = await db
    .select({ count: countDistinct(appointments.groupId) })
    .from(appointments)
    .where(
      and(
        eq(appointments.providerId, providerId),
        gte(appointments.startDate, from),
        lt(appointments.startDate, to),
        notInArray(appointments.status, ['CANCELLED', 'LATE_CANCELLED']),
      ),
    );
  return row?.count ?? 0;
}

export async function findSettlementAccount(db: Reader, locationId: number | null) {
  if (locationId === null) return undefined;
  const [row] = await db
    .select({ account: settlementAccounts })
    .from(locations)
    .innerJoin(settlementAccounts, eq(settlementAccounts.id, locations.settlementAccountId))
    .where(eq(locations.id, locationId));
  return row?.account;
}
