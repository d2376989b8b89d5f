/**
 * Provider invitations: create, check, and register with one; no HTTP here. Expected failures come back as
 * values. Registration creates the identity account and the database rows together: the rows are written in
 * one transaction, and the account is deleted again when that transaction fails.
 */
import { randomBytes } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { InviteProvider } from '../../src/api/contract/invite';
import { inviteExpiresAt, inviteStatus, type InviteStatus } from '../../src/domain/invites';
import type { Db } from '../db/client';
import { invites, providers, userProviders, users } from '../db/schema';
import { AccountExistsError, type NewAccountInput } from '../identity';

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

async function providersByIds(db: Pick<Db, 'select'>, ids: readonly number[]): Promise<InviteProvider[]> {
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

export type CreateResult = { ok: true; invite: Invite } | { ok: false; missingProviderIds: number[] };

export async function createInvite(
  db: Db,
  input: { email: string; providerIds: number[] },
  now: Date,
  code: string = newInviteCode(),
): Promise<CreateResult> {
  const found = await providersByIds(db, input.providerIds);
  const foundIds = new Set(found.map((provider) => provider.id));
  const missingProviderIds = input.providerIds.filter((id) => !foundIds.has(id));
  if (missingProviderIds.length > 0) return { ok: false, missingProviderIds };
  const expiresAt = new Date(inviteExpiresAt(now.getTime()));
  await db.insert(invites).values({
    code,
    email: input.email,
    providerIds: input.providerIds,
    expiresAt,
    createdAt: now,
  });
  return { ok: true, invite: { code, email: input.email, providers: found, expiresAt } };
}

export type CheckResult =
  { ok: true; invite: Invite } | { ok: false; status: Exclude<InviteStatus, 'valid'> };

/** The invite with this code, if the email may still use it at `now`. */
export async function checkInvite(db: Db, code: string, email: string, now: Date): Promise<CheckResult> {
  const [row] = await db.select().from(invites).where(eq(invites.code, code));
  const status = inviteStatus(facts(row), email, now.getTime());
  if (status !== 'valid' || !row) return { ok: false, status: status === 'valid' ? 'unknown' : status };
  return {
    ok: true,
    invite: {
      code: row.code,
      email: row.email,
      providers: await providersByIds(db, row.providerIds),
      expiresAt: row.expiresAt,
    },
  };
}

export interface AccountCreator {
  createAccount(input: NewAccountInput): Promise<string>;
  deleteAccount(uid: string): Promise<void>;
}

export type RegisterResult =
  { ok: true; uid: string; providers: InviteProvider[] } | { ok: false; reason: 'invalid' | 'user-exists' };

/**
 * Registers a provider user with an invite: a new identity account with role claim provider, a user row
 * with role PROVIDER linked to the invite's providers, and the invite marked used, all or nothing.
 *
 * Order of the checks: an unknown code, or one for another email, is invalid before anything else (so
 * nobody without a real invite learns whether an account exists); then an existing account answers
 * user-exists (a second registration of the same email, with the same invite or another); then a used or
 * expired invite is invalid.
 */
export async function registerWithInvite(
  db: Db,
  identity: AccountCreator,
  input: { email: string; password: string; code: string },
  now: Date,
  log: (message: string, error: unknown) => void = console.error,
): Promise<RegisterResult> {
  let createdUid: string | null = null;
  try {
    return await db.transaction(async (tx): Promise<RegisterResult> => {
      // Locks the invite, so two registrations with one code cannot both succeed.
      const [invite] = await tx.select().from(invites).where(eq(invites.code, input.code)).for('update');
      const status = inviteStatus(facts(invite), input.email, now.getTime());
      if (!invite || status === 'unknown' || status === 'wrong-email')
        return { ok: false, reason: 'invalid' };

      const [existing] = await tx
        .select({ id: users.id, firebaseUid: users.firebaseUid })
        .from(users)
        .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`)
        .for('update');
      if (existing?.firebaseUid) return { ok: false, reason: 'user-exists' };
      if (status !== 'valid') return { ok: false, reason: 'invalid' };

      try {
        createdUid = await identity.createAccount({
          email: input.email,
          password: input.password,
          role: 'provider',
        });
      } catch (error) {
        if (error instanceof AccountExistsError) return { ok: false, reason: 'user-exists' };
        throw error;
      }

      // Someone known only to this database (e.g. booked as a customer) becomes this provider user.
      const userId = existing
        ? existing.id
        : (
            await tx
              .insert(users)
              .values({ email: input.email, firebaseUid: createdUid, role: 'PROVIDER' })
              .returning({ id: users.id })
          )[0]?.id;
      if (userId === undefined) throw new Error('registerWithInvite: the user insert returned no row');
      if (existing) {
        await tx.update(users).set({ firebaseUid: createdUid, role: 'PROVIDER' }).where(eq(users.id, userId));
      }
      // A provider deleted since the invite was sent is skipped.
      const linked = await providersByIds(tx, invite.providerIds);
      if (linked.length > 0) {
        await tx
          .insert(userProviders)
          .values(linked.map((provider) => ({ userId, providerId: provider.id })))
          .onConflictDoNothing();
      }
      await tx.update(invites).set({ usedAt: now }).where(eq(invites.id, invite.id));
      return { ok: true, uid: createdUid, providers: linked };
    });
  } catch (error) {
    if (createdUid !== null) {
      const uid = createdUid;
      await identity
        .deleteAccount(uid)
        .catch((deleteError: unknown) =>
          log(`registerWithInvite: could not delete account ${uid} after a failed registration`, deleteError),
        );
    }
    throw error;
  }
}
