/**
 * Provider invitations: the data only (create, check, lock, record a registration); no HTTP and no identity
 * service here. Registration, which spans the database and the identity service, is in invites.service.ts.
 */
import { randomBytes } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { InviteCheck, InviteProvider } from '../../src/api/contract/invite';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { REGISTRATION_MESSAGES } from '../../src/domain/shared/messages';
import { failure, ok, type Result } from '../http/result';
import { inviteExpiresAt, inviteStatus, type InviteStatus } from '../../src/domain/providers/invites';
import type { Db } from '../db/client';
import { invites, providers, userProviders, users } from '../db/schema';
import { missingIds } from '../db/missing-ids';
import { updateVersioned } from '../db/versioned';

type InviteRow = typeof invites.$inferSelect;

export interface Invite {
  code: string;
  email: string;
  providers: InviteProvider[];
  expiresAt: Date;
}

/** 24 URL-safe characters (144 random bits). */
export function newInviteCode(): string {
  return randomBytes(18).toString('base64url');
}

export async function providersByIds(
  db: Pick<Db, 'select'>,
  ids: readonly number[],
): Promise<InviteProvider[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: providers.id, name: providers.name })
    .from(providers)
    .where(inArray(providers.id, [...ids]))
    .orderBy(asc(providers.name), asc(providers.id));
}

const facts = (row: InviteRow | undefined) =>
  row && {
    email: row.email,
    expiresAt: row.expiresAt.getTime(),
    usedAt: row.usedAt ? row.usedAt.getTime() : null,
  };

export async function createInvite(
  db: Db,
  input: { email: string; providerIds: number[] },
  now: Date,
  code: string = newInviteCode(),
): Promise<Result<Invite>> {
  const missingProviderIds = await missingIds(db, providers, input.providerIds);
  if (missingProviderIds.length > 0) {
    const message = `No provider with id ${missingProviderIds.join(', ')}`;
    return failure(404, API_ERROR_CODES.providerNotFound, message, 'providerIdArray');
  }
  const found = await providersByIds(db, input.providerIds);
  const expiresAt = new Date(inviteExpiresAt(now.getTime()));
  await db.insert(invites).values({
    code,
    email: input.email,
    providerIds: input.providerIds,
    expiresAt,
    createdAt: now,
  });
  return ok({ code, email: input.email, providers: found, expiresAt });
}

/** 404 `invite/invalid`: one answer for every unusable invite, so it tells nobody which it was. */
export const invalidInvite = () =>
  failure(404, API_ERROR_CODES.inviteInvalid, REGISTRATION_MESSAGES.invalidInvite);

/** The invite with this code, if the email may still use it at `now`. */
export async function checkInvite(
  db: Db,
  code: string,
  email: string,
  now: Date,
): Promise<Result<InviteCheck>> {
  // Any unusable code, however malformed, answers the same 404 as an unknown one.
  if (code.length > 200) return invalidInvite();
  const [row] = await db.select().from(invites).where(eq(invites.code, code));
  if (!row || inviteStatus(facts(row), email, now.getTime()) !== 'valid') return invalidInvite();
  return ok({
    email: row.email,
    providers: await providersByIds(db, row.providerIds),
    expiresAt: row.expiresAt.toISOString(),
  });
}

/** The invite with this code, locked until the transaction ends (two registrations cannot both use it). */
export async function lockInvite(tx: Db, code: string): Promise<InviteRow | undefined> {
  const [invite] = await tx.select().from(invites).where(eq(invites.code, code)).for('update');
  return invite;
}

/** Whether this email may still use the invite at `now`. */
export function statusOf(invite: InviteRow | undefined, email: string, now: Date): InviteStatus {
  return inviteStatus(facts(invite), email, now.getTime());
}

/** The user row with this email (any case), locked, if there is one. */
export async function lockUserByEmail(
  tx: Db,
  email: string,
): Promise<{ id: number; firebaseUid: string | null } | undefined> {
  const [existing] = await tx
    .select({ id: users.id, firebaseUid: users.firebaseUid })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .for('update');
  return existing;
}

/**
 * Makes the registered account a provider user: a new user row, or someone known only to this database
 * (e.g. booked as a customer) becomes this provider user; links the invite's providers (one deleted since
 * the invite was sent is skipped) and marks the invite used.
 */
export async function recordRegistration(
  tx: Db,
  {
    invite,
    existingUserId,
    email,
    uid,
    now,
  }: { invite: InviteRow; existingUserId: number | undefined; email: string; uid: string; now: Date },
): Promise<InviteProvider[]> {
  const userId =
    existingUserId ??
    (
      await tx.insert(users).values({ email, firebaseUid: uid, role: 'PROVIDER' }).returning({ id: users.id })
    )[0]?.id;
  if (userId === undefined) throw new Error('recordRegistration: the user insert returned no row');
  if (existingUserId !== undefined) {
    await updateVersioned(tx, users, userId, { firebaseUid: uid, role: 'PROVIDER' });
  }
  const linked = await providersByIds(tx, invite.providerIds);
  if (linked.length > 0) {
    await tx
      .insert(userProviders)
      .values(linked.map((provider) => ({ userId, providerId: provider.id })))
      .onConflictDoNothing();
  }
  await tx.update(invites).set({ usedAt: now }).where(eq(invites.id, invite.id));
  return linked;
}
