/** Reads of appointments and settlement accounts for the provider dashboard. */
import { and, countDistinct, eq, gte, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { BY_START, CUSTOMER, selectAppointments } from '../db/appointment-rows';
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
  return selectAppointments(db, {
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
    .innerJoin(users, CUSTOMER)
    .where(where)
    .orderBy(...BY_START);
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

/** One booking's rows if it is the provider's (none otherwise). */
export function providerBookingRows(db: Reader, providerId: number, groupId: string) {
  return rowsWhere(db, and(eq(appointments.providerId, providerId), eq(appointments.groupId, groupId)));
}

/** An instant as JSON text the way `Date.prototype.toISOString` writes it, whatever the session's zone. */
const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The month calendar's read: one entry per booking (groupId) of the provider starting in [from, to), with
 * only what the calendar shows (the first row's id and status, the times spanning the rows, the services'
 * names joined, the location's zone, the customer's name), ascending by start. One query along `appointments_provider_start_idx`
 * that the database itself turns into the JSON array text the API sends, so a busy month (thousands of
 * bookings) costs no row-by-row decoding and encoding in the server.
 */
export async function calendarJson(db: Reader, providerId: number, from: Date, to: Date): Promise<string> {
  const first = (column: SQL) =>
    sql`(array_agg(${column} order by ${appointments.startDate}, ${appointments.id}))[1]`;
  const booking = db
    .select({
      id: sql<number>`${first(sql`${appointments.id}`)}`.as('id'),
      groupId: sql<string>`${appointments.groupId}`.as('group_id'),
      status: sql<string>`${first(sql`${appointments.status}`)}`.as('status'),
      startDate: sql<Date>`min(${appointments.startDate})`.as('start_date'),
      endDate: sql<Date>`max(${appointments.endDate})`.as('end_date'),
      title: sql<
        string | null
      >`string_agg(coalesce(${serviceItems.name}, ${bundles.name}, ${appointments.name}), ', ' order by ${appointments.startDate}, ${appointments.id})`.as(
        'title',
      ),
      timezone: sql<string | null>`${first(sql`${locations.timezone}`)}`.as('timezone'),
      customer: sql<string | null>`${first(sql`coalesce(${users.displayName}, ${users.email})`)}`.as(
        'customer',
      ),
    })
    .from(appointments)
    .leftJoin(users, eq(users.id, appointments.userId))
    .leftJoin(serviceItems, eq(serviceItems.id, appointments.serviceItemId))
    .leftJoin(bundles, eq(bundles.id, appointments.bundleId))
    .leftJoin(locations, eq(locations.id, appointments.locationId))
    .where(
      and(
        eq(appointments.providerId, providerId),
        gte(appointments.startDate, from),
        lt(appointments.startDate, to),
      ),
    )
    .groupBy(appointments.groupId)
    .as('booking');
  const [row] = await db
    .select({
      json: sql<string>`coalesce(json_agg(json_build_object(
        'id', ${booking.id}, 'groupId', ${booking.groupId}, 'status', ${booking.status},
        'startDate', ${isoText(sql`${booking.startDate}`)}, 'endDate', ${isoText(sql`${booking.endDate}`)},
        'title', ${booking.title}, 'timezone', ${booking.timezone}, 'customer', ${booking.customer}
      ) order by ${booking.startDate}, ${booking.id}), '[]')::text`,
    })
    .from(booking);
  return row?.json ?? '[]';
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
