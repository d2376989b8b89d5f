/**
 * Registration with an invite: work that spans the database and the identity service. The repository does
 * the data; this module orders it. No identity call runs inside a database transaction, and the intent
 * comes first (server/identity-sync/intent.ts): a `create-account` intent (the account's uid, the email,
 * the invite) is committed, then the account is created under that uid (carrying a `pendingInvite` claim),
 * then one transaction writes the user row, marks the invite used, settles the intent and records an outbox
 * entry that drops the marker claim. A retry with the same invite and email adopts the account a lost
 * attempt made; a crash in between leaves a pending intent, which the reconciler adopts (the invite is
 * still valid) or gives up, deleting its account (server/identity-sync/reconciler.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { CreatedInvite, InviteProvider, RegisterResult } from '../../src/api/contract/invite';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { invitePath } from '../../src/domain/providers/invites';
import { failure, ok, type Result } from '../http/result';
import type { Db } from '../db/client';
import { invites, users } from '../db/schema';
import type { Log } from '../http/log';
import { answersLostCreate, createAccountWithRows } from '../identity-sync/create-account';
import { lockPendingIntent, settleIntent } from '../identity-sync/intent';
import { enqueueAccountSync, PENDING_INVITE_CLAIM, type IdentityOutbox } from '../identity-sync/outbox';
import type { AccountCreator } from '../identity-sync/intent';
import {
  createInvite,
  invalidInvite,
  lockInvite,
  type Invite,
  lockUserByEmail,
  providersByIds,
  recordRegistration,
  statusOf,
} from './invites.repository';

export { accountCreator, type AccountCreator } from '../identity-sync/intent';

/**
 * POST /provider/invite: records the invite and hands its registration path to `deliver` (no mail service:
 * the route logs it).
 */
export async function inviteProviderUser(
  db: Db,
  input: { email: string; providerIds: number[] },
  now: Date,
  deliver: (invite: Invite, path: string) => void,
): Promise<Result<CreatedInvite>> {
  const created = await createInvite(db, input, now);
  if (!created.ok) return created;
  const { code, email, providers, expiresAt } = created.value;
  const path = invitePath(code, email);
  deliver(created.value, path);
  return ok({
    code,
    email,
    providers,
    expiresAt: expiresAt.toISOString(),
    invitePath: path,
    delivery: 'logged',
  });
}

const userExists = (email: string) =>
  failure(
    409,
    API_ERROR_CODES.inviteUserExists,
    `An account already exists for ${email}; sign in instead`,
    'email',
  );

type Adopted =
  | { ok: true; providers: InviteProvider[]; entryId: number }
  | { ok: false; reason: 'invalid' | 'user-exists' | 'not-pending' };

/**
 * In one transaction, makes the account `uid` the provider user of the invite `code`: the user row (a new
 * one, or the person known only to this database with that email), the invite's providers, the invite
 * marked used, and the outbox entry that makes the account follow the row. With `intent`, only while that
 * create intent is still pending, and it is settled with the row. Used by registration and by the
 * reconciler when it adopts an account whose registration did not commit.
 */
export async function adoptRegistration(
  db: Db,
  input: { code: string; email: string; uid: string },
  now: Date,
  intent?: { id: number; by: 'request' | 'reconciler' },
): Promise<Adopted> {
  return db.transaction(async (tx): Promise<Adopted> => {
    const open = intent && (await lockPendingIntent(tx, intent.id));
    if (intent && !open) return { ok: false, reason: 'not-pending' };
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
    if (open && intent) await settleIntent(tx, open, intent.by);
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
 * user-exists (a second registration of the same email, with the same invite or another), except for the
 * first retry of a registration the reconciler finished after its answer was lost, which is answered with
 * it; then a used or expired invite is invalid. They are made before the account is created and again,
 * with the rows locked, in the transaction.
 */
export async function registerWithInvite(
  db: Db,
  accounts: AccountCreator,
  outbox: IdentityOutbox,
  input: { email: string; password: string; code: string },
  now: Date,
  log: Log,
): Promise<Result<RegisterResult>> {
  const [invite] = await db.select().from(invites).where(eq(invites.code, input.code));
  const status = statusOf(invite, input.email, now);
  if (!invite || status === 'unknown' || status === 'wrong-email') return invalidInvite();
  const key = { flow: 'invite' as const, email: input.email, by: String(invite.id) };
  const [existing] = await db
    .select({ firebaseUid: users.firebaseUid })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`);
  if (existing?.firebaseUid) {
    const lost = await answersLostCreate(db, accounts, key, existing.firebaseUid, input.password);
    return lost ? ok({ providers: await providersByIds(db, invite.providerIds) }) : userExists(input.email);
  }
  if (status !== 'valid') return invalidInvite();

  return createAccountWithRows<RegisterResult>(db, accounts, outbox, log, {
    key,
    pauses: 'registration',
    account: {
      email: input.email,
      password: input.password,
      role: 'provider',
      claims: { [PENDING_INVITE_CLAIM]: invite.id },
    },
    taken: () => userExists(input.email),
    write: async (intent) => {
      const registration = { code: input.code, email: input.email, uid: intent.uid };
      const adopted = await adoptRegistration(db, registration, now, { id: intent.id, by: 'request' });
      if (adopted.ok) return { value: { providers: adopted.providers }, entryId: adopted.entryId };
      if (adopted.reason === 'not-pending') return adopted.reason;
      return { refused: adopted.reason === 'user-exists' ? userExists(input.email) : invalidInvite() };
    },
    writtenMeanwhile: async (intent) => {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.firebaseUid, intent.uid));
      return row ? ok({ providers: await providersByIds(db, invite.providerIds) }) : invalidInvite();
    },
  });
}
