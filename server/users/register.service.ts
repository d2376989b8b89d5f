/**
 * Create User (02 §5, §7 POST /user/register, admin): a sign-in account (role user) and its user row. A
 * person known only to this database (booked by a provider before signing up) gets the account attached
 * to their row; an email that already has an account is refused (409 user/email-exists).
 *
 * No identity call runs inside a database transaction, and the intent comes first
 * (server/identity-sync/intent.ts): a `create-account` intent holding the account's uid, the email and the
 * profile is committed, then the account is created under that uid, then one transaction writes the user
 * row and settles the intent. If the write is refused or fails the account is deleted again; if the
 * process dies or the identity service stalls in between, the same admin's retry with the same email
 * adopts the account the lost attempt made, and otherwise the reconciler finishes the user row once the
 * intent is older than IDENTITY_ORPHAN_GRACE_MS.
 */
import { eq, sql } from 'drizzle-orm';
import type { RegisterUserInput } from '../../src/api/contract/appointment-operations';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type { UserSummary } from '../../src/api/contract/user';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { updateVersioned } from '../db/versioned';
import { answersLostCreate, createAccountWithRows } from '../identity-sync/create-account';
import { lockPendingIntent, settleIntent, type AccountCreator } from '../identity-sync/intent';
import { enqueueAccountSync, PENDING_REGISTRATION_CLAIM, type IdentityOutbox } from '../identity-sync/outbox';
import type { Log } from '../http/log';
import { failure, ok, type Result } from '../http/result';
import { toUserSummary } from './repository';

type UserRow = typeof users.$inferSelect;

const emailTaken = (email: string) =>
  failure(409, API_ERROR_CODES.userEmailExists, `A user with email ${email} already exists`, 'email');

async function byEmail(db: Pick<Db, 'select'>, email: string, lock = false) {
  const query = db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export type Finished = { row: UserRow; entryId: number } | 'not-pending' | 'refused';

/**
 * One transaction: while the intent is still pending, writes the user row for its account from the
 * intent's profile (a new row, or the person known only to this database with that email), settles the
 * intent and records the outbox entry that makes the account follow the row. 'refused': the email belongs
 * to a user with an account (or a deleted one). Used by the request and by the reconciler.
 */
export async function finishCreatedUser(
  db: Db,
  intentId: number,
  by: 'request' | 'reconciler',
): Promise<Finished> {
  return db.transaction(async (tx): Promise<Finished> => {
    const intent = await lockPendingIntent(tx, intentId);
    if (!intent) return 'not-pending';
    const { email, profile = {} } = intent.payload;
    const known = await byEmail(tx, email, true);
    if (known?.firebaseUid || known?.isDeleted) return 'refused';
    const values = { ...(profile as Partial<UserRow>), firebaseUid: intent.uid };
    const [row] = known
      ? [await updateVersioned(tx, users, known.id, values)]
      : await tx
          .insert(users)
          .values({ ...values, email, role: 'USER' })
          .onConflictDoNothing()
          .returning();
    if (!row) return 'refused';
    await settleIntent(tx, intent, by);
    return { row, entryId: await enqueueAccountSync(tx, intent.uid) };
  });
}

export async function registerUser(
  db: Db,
  accounts: AccountCreator,
  outbox: IdentityOutbox,
  input: RegisterUserInput & { isSubscribedToNotifications?: boolean },
  callerUid: string,
  log: Log,
): Promise<Result<UserSummary>> {
  const key = { flow: 'create-user' as const, email: input.email, by: callerUid };
  const existing = await byEmail(db, input.email);
  if (existing?.firebaseUid && !existing.isDeleted) {
    // The reconciler finished this admin's create after its answer was lost: the retry is that answer.
    const lost = await answersLostCreate(db, accounts, key, existing.firebaseUid, input.password);
    return lost ? ok(toUserSummary(existing)) : emailTaken(input.email);
  }
  if (existing?.isDeleted) return emailTaken(input.email);
  const displayName = `${input.firstName} ${input.lastName}`;
  return createAccountWithRows<UserSummary>(db, accounts, outbox, log, {
    key,
    profile: {
      displayName,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      birthdate: input.birthdate,
      isSubscribedToNotifications: input.isSubscribedToNotifications ?? false,
    },
    pauses: 'create-user',
    account: {
      email: input.email,
      password: input.password,
      role: 'user',
      displayName,
      claims: { [PENDING_REGISTRATION_CLAIM]: true },
    },
    taken: () => emailTaken(input.email),
    write: async (intent) => {
      const finished = await finishCreatedUser(db, intent.id, 'request');
      if (finished === 'not-pending') return finished;
      if (finished === 'refused') return { refused: emailTaken(input.email) };
      return { value: toUserSummary(finished.row), entryId: finished.entryId };
    },
    writtenMeanwhile: async (intent) => {
      const [row] = await db.select().from(users).where(eq(users.firebaseUid, intent.uid));
      return row ? ok(toUserSummary(row)) : emailTaken(input.email);
    },
  });
}
