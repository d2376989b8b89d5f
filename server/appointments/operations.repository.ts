/** The data behind appointment operations: what a booking needs, a booking's rows, and their writes. */
import { and, asc, desc, eq, gt, inArray, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { BY_START } from '../db/appointment-rows';
import { updateVersioned } from '../db/versioned';
import {
  appointmentCancellations,
  appointments,
  availabilities,
  bundleServiceItems,
  locations,
  providers,
  receipts,
  serviceCategories,
  serviceItems,
  specialDateServiceItems,
  specialDates,
  userProviders,
  users,
} from '../db/schema';

type Reader = Pick<Db, 'select'>;

const CANCELLED = ['CANCELLED', 'LATE_CANCELLED'] as const;

/** The provider with its location's zone (the provider's own zone when it has no location). */
export async function bookingProvider(db: Reader, id: number, lock = false) {
  const query = db
    .select({
      id: providers.id,
      name: providers.name,
      availableAfterDays: providers.availableAfterDays,
      locationId: providers.locationId,
      providerTimeZone: providers.timezone,
      locationTimeZone: locations.timezone,
      lat: locations.lat,
      lng: locations.lng,
    })
    .from(providers)
    .leftJoin(locations, eq(locations.id, providers.locationId))
    .where(eq(providers.id, id));
  const [row] = lock ? await query.for('update', { of: providers }) : await query;
  return row;
}
export type BookingProvider = NonNullable<Awaited<ReturnType<typeof bookingProvider>>>;

/** Providers whose location has coordinates, for a search near a point. */
export function providersWithCoordinates(db: Reader) {
  return db
    .select({ id: providers.id, lat: locations.lat, lng: locations.lng })
    .from(providers)
    .innerJoin(locations, eq(locations.id, providers.locationId))
    .where(and(sql`${locations.lat} is not null`, sql`${locations.lng} is not null`))
    .orderBy(asc(providers.id));
}

export function serviceItemsByIds(db: Reader, ids: readonly number[]) {
  return db
    .select({
      id: serviceItems.id,
      name: serviceItems.name,
      timeInMins: serviceItems.timeInMins,
      priceInCents: serviceItems.priceInCents,
      serviceCategoryId: serviceItems.serviceCategoryId,
      categoryName: serviceCategories.name,
    })
    .from(serviceItems)
    .innerJoin(serviceCategories, eq(serviceCategories.id, serviceItems.serviceCategoryId))
    .where(inArray(serviceItems.id, [...ids]));
}
export type BookingItem = Awaited<ReturnType<typeof serviceItemsByIds>>[number];

export function locationAvailabilities(db: Reader, locationId: number, categoryIds: readonly number[]) {
  return db
    .select({ serviceCategoryId: availabilities.serviceCategoryId, timeslots: availabilities.timeslots })
    .from(availabilities)
    .where(
      and(
        eq(availabilities.locationId, locationId),
        inArray(availabilities.serviceCategoryId, [...categoryIds]),
      ),
    );
}

/** The location's special dates ending on or after `from` (YYYY-MM-DD), with their items' ids. */
export async function locationSpecialDates(db: Reader, locationId: number, from: string) {
  const rows = await db
    .select({
      id: specialDates.id,
      startDate: specialDates.startDate,
      endDate: specialDates.endDate,
      serviceItemId: specialDateServiceItems.serviceItemId,
      bundleId: specialDateServiceItems.bundleId,
      bundleItemId: bundleServiceItems.serviceItemId,
    })
    .from(specialDates)
    .leftJoin(specialDateServiceItems, eq(specialDateServiceItems.specialDateId, specialDates.id))
    .leftJoin(bundleServiceItems, eq(bundleServiceItems.bundleId, specialDateServiceItems.bundleId))
    .where(and(eq(specialDates.locationId, locationId), sql`${specialDates.endDate} >= ${from}`));
  const byId = new Map<
    number,
    { startDate: string; endDate: string; itemIds: Set<number>; hasItems: boolean }
  >();
  for (const row of rows) {
    const entry = byId.get(row.id) ?? {
      startDate: row.startDate,
      endDate: row.endDate,
      itemIds: new Set<number>(),
      hasItems: false,
    };
    if (row.serviceItemId !== null || row.bundleId !== null) entry.hasItems = true;
    if (row.serviceItemId !== null) entry.itemIds.add(row.serviceItemId);
    if (row.bundleItemId !== null) entry.itemIds.add(row.bundleItemId);
    byId.set(row.id, entry);
  }
  return [...byId.values()];
}

/** The provider's appointments that are not cancelled and overlap [from, to), except one booking's own. */
export function busyAppointments(
  db: Reader,
  providerId: number,
  from: Date,
  to: Date,
  excludeGroupId?: string,
) {
  return db
    .select({ start: appointments.startDate, end: appointments.endDate })
    .from(appointments)
    .where(
      and(
        eq(appointments.providerId, providerId),
        notInArray(appointments.status, [...CANCELLED]),
        lt(appointments.startDate, to),
        gt(appointments.endDate, from),
        excludeGroupId === undefined ? undefined : ne(appointments.groupId, excludeGroupId),
      ),
    );
}

/** Every row of one booking, in start order. */
export function groupRows(db: Reader, groupId: string, lock = false) {
  const query = db
    .select()
    .from(appointments)
    .where(eq(appointments.groupId, groupId))
    .orderBy(...BY_START);
  return lock ? query.for('update') : query;
}

export async function appointmentById(db: Reader, id: number) {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
  return row;
}

/** What each row of the booking cost: its own price, else its item's, else its bundle's items' sum. */
export async function groupPrice(db: Reader, groupId: string): Promise<number> {
  const [row] = await db
    .select({
      total: sql<string | null>`sum(coalesce(${appointments.priceInCents}, ${serviceItems.priceInCents}, (
        select sum(si.price_in_cents) from bundle_service_items bsi
        join service_items si on si.id = bsi.service_item_id
        where bsi.bundle_id = ${appointments.bundleId}), 0))`,
    })
    .from(appointments)
    .leftJoin(serviceItems, eq(serviceItems.id, appointments.serviceItemId))
    .where(eq(appointments.groupId, groupId));
  return Number(row?.total ?? 0);
}

export async function setGroupStatus(
  db: Pick<Db, 'update'>,
  groupId: string,
  status: (typeof appointments.$inferInsert)['status'],
) {
  await db.update(appointments).set({ status }).where(eq(appointments.groupId, groupId));
}

export async function insertCancellation(
  db: Pick<Db, 'insert'>,
  row: typeof appointmentCancellations.$inferInsert,
) {
  await db.insert(appointmentCancellations).values(row);
}

export async function addPoints(db: Pick<Db, 'update'>, userId: number, points: number) {
  await updateVersioned(db, users, userId, { availablePoints: sql`${users.availablePoints} + ${points}` });
}

export async function userById(db: Reader, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function userByEmail(db: Reader, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function insertCustomer(
  db: Pick<Db, 'insert'>,
  input: { email: string; firstName: string; lastName: string; phone: string; birthdate: string },
) {
  const [row] = await db
    .insert(users)
    .values({ ...input, displayName: `${input.firstName} ${input.lastName}`, role: 'USER' })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function insertAppointments(db: Pick<Db, 'insert'>, rows: (typeof appointments.$inferInsert)[]) {
  await db.insert(appointments).values(rows);
}

export async function deleteGroup(db: Pick<Db, 'delete'>, groupId: string) {
  await db.delete(appointments).where(eq(appointments.groupId, groupId));
}

/** The emails of the provider's users (PROVIDER receipts when the location has no billing contact). */
export async function providerUserEmails(db: Reader, providerId: number) {
  const rows = await db
    .select({ email: users.email })
    .from(userProviders)
    .innerJoin(users, eq(users.id, userProviders.userId))
    .where(and(eq(userProviders.providerId, providerId), eq(users.isDeleted, false)))
    .orderBy(asc(users.id));
  return rows.map((row) => row.email);
}

export async function billingContact(db: Reader, locationId: number | null) {
  if (locationId === null) return null;
  const [row] = await db
    .select({ billingContactEmail: locations.billingContactEmail })
    .from(locations)
    .where(eq(locations.id, locationId));
  return row?.billingContactEmail ?? null;
}

export async function insertReceipt(db: Pick<Db, 'insert'>, row: typeof receipts.$inferInsert) {
  const [saved] = await db.insert(receipts).values(row).returning();
  if (!saved) throw new Error('the receipt was not stored');
  return saved;
}

export function listReceipts(db: Reader, groupId: string | undefined, limit: number) {
  return db
    .select()
    .from(receipts)
    .where(groupId === undefined ? undefined : eq(receipts.groupId, groupId))
    .orderBy(desc(receipts.createdAt), desc(receipts.id))
    .limit(limit);
}
