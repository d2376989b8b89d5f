/**
 * Users, their provider links and booking history: the data only (the list: list.ts; credits:
 * credits.repository.ts); no HTTP and no identity service
 * here. Work that also changes the identity account (saving, deleting) is ordered in service.ts.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Appointment } from '../../src/api/contract/appointment';
import type { UserSummary, UserUpdateParsed } from '../../src/api/contract/user';
import type { UserRole } from '../../src/domain/users/users';
import type { Db } from '../db/client';
import { missingIds } from '../db/missing-ids';
import { selectAppointments } from '../db/appointment-rows';
import { updateVersioned } from '../db/versioned';
import { failure, ok, type Result } from '../http/result';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import {
  appointments,
  bundles,
  locations,
  providers,
  serviceItems,
  userProviders,
  users,
} from '../db/schema';

export type UserRow = typeof users.$inferSelect;

export function toUserSummary(
  row: Omit<UserRow, 'searchText' | 'phoneDigits' | 'isSubscribedToNotifications'>,
): UserSummary {
  return {
    id: row.id,
    firebaseUid: row.firebaseUid,
    displayName: row.displayName,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    birthdate: row.birthdate,
    photoURL: row.photoURL,
    inviteCode: row.inviteCode,
    availablePoints: row.availablePoints,
    role: row.role,
    isDeleted: row.isDeleted,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

/** The live (not deleted) user with this firebaseUid. */
export async function findUser(db: Db, firebaseUid: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.firebaseUid, firebaseUid), eq(users.isDeleted, false)));
  return row;
}

/** The live user with this firebaseUid, locked until the transaction ends. */
export async function lockUser(tx: Db, firebaseUid: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.firebaseUid, firebaseUid), eq(users.isDeleted, false)))
    .for('update');
  return row;
}

/** The providers a user is linked to, by name. */
export async function providersOf(db: Db, userId: number) {
  return db
    .select({ id: providers.id, name: providers.name })
    .from(userProviders)
    .innerJoin(providers, eq(providers.id, userProviders.providerId))
    .where(eq(userProviders.userId, userId))
    .orderBy(asc(providers.name), asc(providers.id));
}

/** Another live user already holding this invite code or email (any case), if any. */
export async function conflictOf(
  tx: Db,
  userId: number,
  input: Pick<UserUpdateParsed, 'inviteCode' | 'email'>,
): Promise<'invite-code-exists' | 'email-exists' | undefined> {
  if (input.inviteCode !== null) {
    const [holder] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.inviteCode, input.inviteCode), sql`${users.id} <> ${userId}`));
    if (holder) return 'invite-code-exists';
  }
  const [emailHolder] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${input.email.toLowerCase()}`, sql`${users.id} <> ${userId}`));
  return emailHolder ? 'email-exists' : undefined;
}

/** The ids among `ids` that name no provider. */
export async function missingProviders(tx: Db, ids: readonly number[]): Promise<number[]> {
  return missingIds(tx, providers, [...new Set(ids)]);
}

/**
 * Writes the account form to the user row at version `version` (incrementing it) and, for a provider user,
 * their provider links (another role loses them). Answers 'stale' when the row is no longer at that version
 * (nothing written), or the provider ids that do not exist, if any, having written nothing about providers.
 */
export async function writeUser(
  tx: Db,
  userId: number,
  version: number,
  input: UserUpdateParsed,
  role: UserRole,
): Promise<'stale' | { missingProviders: number[] } | undefined> {
  const values = {
    email: input.email,
    displayName: input.displayName,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    birthdate: input.birthdate,
    photoURL: input.photoURL,
    inviteCode: input.inviteCode,
    role,
    ...(input.availablePoints !== undefined && { availablePoints: input.availablePoints }),
  };
  if (!(await updateVersioned(tx, users, userId, values, version))) return 'stale';

  if (role !== 'PROVIDER') {
    await tx.delete(userProviders).where(eq(userProviders.userId, userId));
  } else if (input.providers !== undefined) {
    const wanted = [...new Set(input.providers)];
    const missing = await missingProviders(tx, wanted);
    if (missing.length > 0) return { missingProviders: missing };
    await tx.delete(userProviders).where(eq(userProviders.userId, userId));
    if (wanted.length > 0) {
      await tx.insert(userProviders).values(wanted.map((providerId) => ({ userId, providerId })));
    }
  }
  return undefined;
}

/** Marks the user deleted; their bookings and credits stay for the records. */
export async function markUserDeleted(tx: Db, userId: number): Promise<void> {
  await updateVersioned(tx, users, userId, { isDeleted: true });
}

/** 404 `user/not-found` for a firebaseUid no live user has. */
export const userNotFound = (uid: string) =>
  failure(404, API_ERROR_CODES.userNotFound, `No user with firebaseUid ${uid}`);

/** The user's appointments, newest first. */
export async function listUserAppointments(db: Db, firebaseUid: string): Promise<Result<Appointment[]>> {
  const user = await findUser(db, firebaseUid);
  if (!user) return userNotFound(firebaseUid);
  const rows = await selectAppointments(db, {
    appointment: appointments,
    provider: { id: providers.id, name: providers.name },
    location: { id: locations.id, timezone: locations.timezone },
    item: { id: serviceItems.id, name: serviceItems.name },
    bundle: { id: bundles.id, name: bundles.name },
  })
    .where(eq(appointments.userId, user.id))
    .orderBy(desc(appointments.startDate), desc(appointments.id));
  return ok(
    rows.map(({ appointment: a, provider, location, item, bundle }) => ({
      id: a.id,
      groupId: a.groupId,
      status: a.status,
      startDate: a.startDate.toISOString(),
      endDate: a.endDate.toISOString(),
      name: a.name,
      serviceItemDisplayName: item?.name ?? bundle?.name ?? a.name,
      serviceItem: item,
      bundle,
      provider,
      location,
    })),
  );
}
