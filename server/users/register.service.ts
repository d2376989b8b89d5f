/**
 * Create User (02 §5, §7 POST /user/register, admin): a sign-in account (role user) and its user row. A
 * person known only to this database (booked by a provider before signing up) gets the account attached
 * to their row; an email that already has an account is refused (409 user/email-exists).
 *
 * No identity call runs inside a database transaction: the account is created first, carrying the
 * `pendingRegistration` claim, then the row is written with an outbox entry that clears the claim; if the
 * write fails the account is deleted again, and if the process dies in between, the reconciler deletes the
 * claimed account that has no row (server/identity-sync/reconciler.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { RegisterUserInput } from '../../src/api/contract/appointment-operations';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type { UserSummary } from '../../src/api/contract/user';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { enqueueAccountSync, PENDING_REGISTRATION_CLAIM, type IdentityOutbox } from '../identity-sync/outbox';
import type { Log } from '../http/log';
import { failure, ok, type Result } from '../http/result';
import { AccountExistsError } from '../identity';
import type { AccountCreator } from '../providers/invites.service';
import { toUserSummary } from './repository';

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

export async function registerUser(
  db: Db,
  accounts: AccountCreator,
  outbox: IdentityOutbox,
  input: RegisterUserInput & { isSubscribedToNotifications?: boolean },
  log: Log,
): Promise<Result<UserSummary>> {
  const existing = await byEmail(db, input.email);
  if (existing?.firebaseUid || existing?.isDeleted) return emailTaken(input.email);
  const displayName = `${input.firstName} ${input.lastName}`;
  let uid: string;
  try {
    uid = await accounts.createAccount({
      email: input.email,
      password: input.password,
      role: 'user',
      displayName,
      claims: { [PENDING_REGISTRATION_CLAIM]: true },
    });
  } catch (error) {
    if (error instanceof AccountExistsError) return emailTaken(input.email);
    throw error;
  }
  const profile = {
    firebaseUid: uid,
    displayName,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    birthdate: input.birthdate,
    isSubscribedToNotifications: input.isSubscribedToNotifications ?? false,
  };
  let written: { row: typeof users.$inferSelect; entryId: number } | undefined;
  try {
    written = await db.transaction(async (tx) => {
      const known = await byEmail(tx, input.email, true);
      if (known?.firebaseUid || known?.isDeleted) return undefined;
      const [row] = known
        ? await tx
            .update(users)
            .set({ ...profile, version: sql`${users.version} + 1` })
            .where(eq(users.id, known.id))
            .returning()
        : await tx
            .insert(users)
            .values({ ...profile, email: input.email, role: 'USER' })
            .onConflictDoNothing()
            .returning();
      // The row is committed with the entry that clears the account's pending claim.
      return row ? { row, entryId: await enqueueAccountSync(tx, uid) } : undefined;
    });
  } catch (error) {
    await removeAccount(accounts, uid, log);
    throw error;
  }
  if (!written) {
    await removeAccount(accounts, uid, log);
    return emailTaken(input.email);
  }
  await outbox.applyNow(written.entryId);
  return ok(toUserSummary(written.row));
}

async function removeAccount(accounts: AccountCreator, uid: string, log: Log) {
  await accounts.deleteAccount(uid).catch((error: unknown) => {
    log.error(
      { err: error, uid },
      'Create User: could not delete the account after the user row was refused',
    );
  });
}
