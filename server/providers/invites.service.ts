/**
 * Registration with an invite: work that spans the database and the identity service. The repository does
 * the data; this module orders it. No identity call runs inside a database transaction: the account is
 * created first (carrying a `pendingInvite` claim), then one transaction writes the user row, marks the
 * invite used and records an outbox entry that drops the marker claim after the commit. A crash between the
 * two leaves an account with the marker and no user row, which the reconciler adopts (the invite is still
 * unused) or deletes (server/identity-sync/reconciler.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { InviteProvider } from '../../src/api/contract/invite';
import type { Db } from '../db/client';
import { invites, users } from '../db/schema';
import type { Log } from '../http/log';
import { AccountExistsError, type Identity, type NewAccountInput } from '../identity';
import { enqueueAccountSync, PENDING_INVITE_CLAIM, type IdentityOutbox } from '../identity-sync/outbox';
import { lockInvite, lockUserByEmail, recordRegistration, statusOf } from './invites.repository';
/** The identity calls registration needs. */
export interface AccountCreator {
  createAccount(input: NewAccountInput): Promise<string>;
  deleteAccount(uid: string): Promise<void>;
}

export function accountCreator(identity: Identity): AccountCreator {
  const { createAccount, deleteAccount } = identity;
  if (!createAccount || !deleteAccount) {
    throw new Error('This identity service cannot create accounts (createAccount, deleteAccount)');
  }
  return { createAccount: createAccount.bind(identity), deleteAccount: deleteAccount.bind(identity) };
}

export type RegisterResult =
  { ok: true; uid: string; providers: InviteProvider[] } | { ok: false; reason: 'invalid' | 'user-exists' };

/** Identity: the provider's sign-in account with role claim provider; its uid, or 'exists'. */
async function createProviderAccount(
  accounts: AccountCreator,
  input: { email: string; password: string },
  inviteId: number,
): Promise<string | 'exists'> {
  try {
    return await accounts.createAccount({
      email: input.email,
      password: input.password,
      role: 'provider',
      claims: { [PENDING_INVITE_CLAIM]: inviteId },
    });
  } catch (error) {
    if (error instanceof AccountExistsError) return 'exists';
    throw error;
  }
}

/** Identity: removes an account created for a registration that did not commit; a failure is logged. */
async function removeAccount(accounts: AccountCreator, uid: string, log: Log): Promise<void> {
  await accounts.deleteAccount(uid).catch((error: unknown) => {
    log.error({ err: error, uid }, 'Registration: could not delete the account after a failed registration');
  });
}

type Adopted =
  | { ok: true; providers: InviteProvider[]; entryId: number }
  | { ok: false; reason: 'invalid' | 'user-exists' };

/**
 * In one transaction, makes the account `uid` the provider user of the invite `code`: the user row (a new
 * one, or the person known only to this database with that email), the invite's providers, the invite
 * marked used, and the outbox entry that makes the account follow the row. Used by registration and by
 * the reconciler when it adopts an account whose registration did not commit.
 */
export async function adoptRegistration(
  db: Db,
  input: { code: string; email: string; uid: string },
  now: Date,
): Promise<Adopted> {
  return db.transaction(async (tx): Promise<Adopted> => {
    const invite = await lockInvite(tx, input.code);
    if (!invite || statusOf(invite, input.email, now) !== 'valid') return { ok: false, reason: 'invalid' };
    const existing = await lockUserByEmail(tx, input.email);
    if (existing?.firebaseUid) return { ok: false, reason: 'user-exists' };
    const providers = await recordRegistration(tx, {
      invite,
      existingUserId: existing?.id,
      email: input.email,
      uid: input.uid,
      now,
    });
    return { ok: true, providers, entryId: await enqueueAccountSync(tx, input.uid) };
  });
}

/**
 * Registers a provider user with an invite: a new identity account with role claim provider, a user row
 * with role PROVIDER linked to the invite's providers, and the invite marked used. The account is deleted
 * again when the database write fails or is refused.
 *
 * Order of the checks: an unknown code, or one for another email, is invalid before anything else (so
 * nobody without a real invite learns whether an account exists); then an existing account answers
 * user-exists (a second registration of the same email, with the same invite or another); then a used or
 * expired invite is invalid. They are made before the account is created and again, with the rows locked,
 * in the transaction.
 */
export async function registerWithInvite(
  db: Db,
  accounts: AccountCreator,
  outbox: IdentityOutbox,
  input: { email: string; password: string; code: string },
  now: Date,
  log: Log,
): Promise<RegisterResult> {
  const [invite] = await db.select().from(invites).where(eq(invites.code, input.code));
  const status = statusOf(invite, input.email, now);
  if (!invite || status === 'unknown' || status === 'wrong-email') return { ok: false, reason: 'invalid' };
  const [existing] = await db
    .select({ firebaseUid: users.firebaseUid })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`);
  if (existing?.firebaseUid) return { ok: false, reason: 'user-exists' };
  if (status !== 'valid') return { ok: false, reason: 'invalid' };

  const uid = await createProviderAccount(accounts, input, invite.id);
  if (uid === 'exists') return { ok: false, reason: 'user-exists' };
  await outbox.pauseAt('registration-account');
  let adopted: Adopted;
  try {
    adopted = await adoptRegistration(db, { code: input.code, email: input.email, uid }, now);
  } catch (error) {
    await removeAccount(accounts, uid, log);
    throw error;
  }
  if (!adopted.ok) {
    await removeAccount(accounts, uid, log);
    return adopted;
  }
  await outbox.applyNow(adopted.entryId);
  return { ok: true, uid, providers: adopted.providers };
}
