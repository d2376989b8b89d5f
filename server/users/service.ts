/**
 * Users: work that spans the database and the identity service (the account's role claim, email, password
 * and disabled flag). The repository does the data; this module orders it.
 *
 * The database is the source of truth and the identity service follows it (server/identity-sync/): a save
 * or a deletion commits the row together with an outbox entry, and the account is made to match the row
 * after the commit (at once, else by the outbox worker or the reconciler). No identity call runs inside a
 * transaction. The one identity change the database cannot carry, a new password, is made before the
 * transaction, together with a new email so that a refused email is answered before anything is written.
 */
import type { User, UserUpdateParsed } from '../../src/api/contract/user';
import type { UserRole } from '../../src/domain/users/users';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import {
  Rejected,
  failure,
  ok,
  staleFailure,
  isStale,
  recordNotFound,
  type Failure,
  type Result,
} from '../http/result';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { AccountChangeRejected, type AccountAdmin } from '../identity';
import { enqueueAccountSync, type IdentityOutbox } from '../identity-sync/outbox';
import {
  conflictOf,
  findUser,
  lockUser,
  markUserDeleted,
  missingProviders,
  providersOf,
  toUserSummary,
  userNotFound,
  writeUser,
} from './repository';

type Account = NonNullable<Awaited<ReturnType<AccountAdmin['getAccount']>>>;

/** One (live) user with their providers and their account's claims. */
export async function getUser(db: Db, accounts: AccountAdmin, firebaseUid: string): Promise<Result<User>> {
  const row = await findUser(db, firebaseUid);
  if (!row) return userNotFound(firebaseUid);
  const [linked, account] = await Promise.all([providersOf(db, row.id), accounts.getAccount(firebaseUid)]);
  const role = account?.customClaims['role'];
  return ok({
    ...toUserSummary(row),
    providers: linked,
    customClaims: account ? { role: typeof role === 'string' ? role : null } : null,
  });
}

type Refusal = Failure & { ok: false };

const ownRole = () =>
  failure(409, API_ERROR_CODES.userOwnRole, 'You cannot change your own role; ask another admin', 'role');
const emailExists = () =>
  failure(409, API_ERROR_CODES.userEmailExists, 'Another account already uses this email', 'email');
const inviteCodeExists = (inviteCode: string) =>
  failure(
    409,
    API_ERROR_CODES.userInviteCodeExists,
    `The invite code ${inviteCode} is already taken by another user`,
    'inviteCode',
  );
const providersNotFound = (missing: number[]) =>
  recordNotFound(API_ERROR_CODES.providerNotFound, 'provider', missing.join(', '), 'providers');

/** The failure for a taken email or invite code, if `conflictOf` found one. */
function conflictFailure(conflict: Awaited<ReturnType<typeof conflictOf>>, input: UserUpdateParsed) {
  if (conflict === 'invite-code-exists' && input.inviteCode !== null)
    return inviteCodeExists(input.inviteCode);
  if (conflict === 'email-exists') return emailExists();
  return undefined;
}

/** Why the transaction would refuse this form (a taken email or invite code, unknown providers), if it would. */
async function refusalOf(
  db: Db,
  userId: number,
  input: UserUpdateParsed,
  isProvider: boolean,
): Promise<Refusal | undefined> {
  const conflict = conflictFailure(await conflictOf(db, userId, input), input);
  if (conflict) return conflict;
  if (isProvider && input.providers !== undefined) {
    const missing = await missingProviders(db, input.providers);
    if (missing.length > 0) return providersNotFound(missing);
  }
  return undefined;
}

/** Identity: changes the sign-in email and password when the form changed them; → whether it did. */
async function updateSignIn(
  accounts: AccountAdmin,
  account: Account,
  input: UserUpdateParsed,
): Promise<boolean> {
  const emailChanged = (account.email ?? '').toLowerCase() !== input.email.toLowerCase();
  if (!emailChanged && input.password === undefined) return false;
  await accounts.updateAccount(account.uid, {
    ...(emailChanged && { email: input.email }),
    ...(input.password !== undefined && { password: input.password }),
  });
  return emailChanged;
}

/**
 * Saves the account form (see UserUpdateSchema for which absent fields are cleared and which are kept).
 * The row is read and locked inside the transaction, so the role kept when none is sent is the current one,
 * and a `version` older than the row's answers 'stale' with nothing written. The role claim and the
 * disabled flag follow the committed row through the outbox.
 */
export async function updateUser(
  db: Db,
  accounts: AccountAdmin,
  outbox: IdentityOutbox,
  firebaseUid: string,
  input: UserUpdateParsed,
  callerUid: string,
): Promise<Result<User>> {
  if (input.firebaseUid !== undefined && input.firebaseUid !== firebaseUid) {
    return failure(
      400,
      API_ERROR_CODES.userUidMismatch,
      'The firebaseUid must be the one in the path',
      'firebaseUid',
    );
  }
  const before = await findUser(db, firebaseUid);
  if (!before) return userNotFound(firebaseUid);
  // Refused early, before the identity call below, when the form was read at an older version.
  if (isStale(input.version, before.version)) return staleFailure();
  if (firebaseUid === callerUid && input.role !== undefined && input.role !== before.role) return ownRole();
  // Everything the transaction would refuse is checked before the identity call too, so a refused save
  // does not change the sign-in password (which cannot be put back). Only a write that lands between this
  // check and the transaction can still be refused after the password changed.
  const early = await refusalOf(db, before.id, input, (input.role ?? before.role) === 'PROVIDER');
  if (early) return early;

  // Identity, outside any transaction: the new password (and email) first, so a refusal writes nothing.
  const account = await accounts.getAccount(firebaseUid);
  let signInChanged = false;
  if (account) {
    try {
      signInChanged = await updateSignIn(accounts, account, input);
    } catch (error) {
      if (!(error instanceof AccountChangeRejected)) throw error;
      if (error.code === 'auth/email-already-exists') return emailExists();
      const message = `The identity service refused the change (${error.code}): ${error.message}`;
      return failure(400, API_ERROR_CODES.userIdentityRejected, message);
    }
  }

  let entryId: number;
  try {
    entryId = await db.transaction(async (tx) => {
      const current = await lockUser(tx, firebaseUid);
      if (!current) throw new Rejected(userNotFound(firebaseUid));
      if (input.version !== undefined && input.version !== current.version)
        throw new Rejected(staleFailure());
      const role: UserRole = input.role ?? current.role;
      if (firebaseUid === callerUid && role !== current.role) throw new Rejected(ownRole());
      const conflict = conflictFailure(await conflictOf(tx, current.id, input), input);
      if (conflict) throw new Rejected(conflict);
      const written = await writeUser(tx, current.id, current.version, input, role);
      if (written === 'stale') throw new Rejected(staleFailure());
      if (written) throw new Rejected(providersNotFound(written.missingProviders));
      return enqueueAccountSync(tx, firebaseUid);
    });
  } catch (error) {
    // The sign-in email may have changed above: make the account follow the row as it stands again.
    if (signInChanged) await resync(db, outbox, firebaseUid);
    if (error instanceof Rejected) return error.failure;
    if (isUniqueViolation(error, 'users_invite_code_unique') && input.inviteCode !== null) {
      return inviteCodeExists(input.inviteCode);
    }
    if (isUniqueViolation(error, 'users_email_lower_key')) return emailExists();
    throw error;
  }
  await outbox.pauseAt('user-commit');
  await outbox.applyNow(entryId);
  return getUser(db, accounts, firebaseUid);
}

/** Records and applies an outbox entry for `uid` on its own (after a failed save that touched the account). */
async function resync(db: Db, outbox: IdentityOutbox, uid: string): Promise<void> {
  const entryId = await db.transaction((tx) => enqueueAccountSync(tx, uid));
  await outbox.applyNow(entryId);
}

/**
 * Marks the user deleted (their bookings and credits stay for the records); the outbox then disables their
 * sign-in account, revoking its refresh tokens, so they cannot sign in again.
 */
export async function deleteUser(
  db: Db,
  outbox: IdentityOutbox,
  firebaseUid: string,
  callerUid: string,
): Promise<Result<{ firebaseUid: string; deleted: true }>> {
  if (firebaseUid === callerUid) {
    return failure(409, API_ERROR_CODES.userDeleteSelf, 'You cannot delete your own account');
  }
  const entryId = await db.transaction(async (tx) => {
    const current = await lockUser(tx, firebaseUid);
    if (!current) return undefined;
    await markUserDeleted(tx, current.id);
    return enqueueAccountSync(tx, firebaseUid);
  });
  if (entryId === undefined) return userNotFound(firebaseUid);
  await outbox.pauseAt('user-commit');
  await outbox.applyNow(entryId);
  return ok({ firebaseUid, deleted: true });
}
