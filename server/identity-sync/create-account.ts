/**
 * The steps every request that creates a sign-in account shares (an admin's Create User, registration with
 * an invite), in the order intent.ts requires: the intent is committed, the account is created under its
 * uid, then one transaction writes the rows and settles the intent, and the outbox entry it recorded is
 * applied. An account made for a write that fails or is refused is deleted again; a create the reconciler
 * finished while the request waited is answered from the rows as they stand.
 */
import type { NewAccountInput } from '../identity';
import type { Log } from '../http/log';
import { ok, type Failure, type Result } from '../http/result';
import type { Db } from '../db/client';
import {
  createIntendedAccount,
  createOrGiveUp,
  dropIntent,
  giveUp,
  openIntent,
  takeUnansweredRetry,
  type AccountCreator,
  type CreateIntent,
  type IntentKey,
} from './intent';
import type { IdentityOutbox } from './outbox';

/** What the write after the account came to: the answer and its outbox entry, a refusal, or 'not-pending'. */
export type Written<T> =
  | { value: T; entryId: number }
  | { refused: Failure & { ok: false } }
  /** The intent was no longer pending: the reconciler finished or gave up this create meanwhile. */
  | 'not-pending';

export interface AccountCreation<T> {
  key: IntentKey;
  /** What the reconciler writes the row with should the request not finish (Create User's profile). */
  profile?: Record<string, unknown>;
  /** The flow's test pause points (FAULT_PAUSE_AT): `<flow>-intent`, `<flow>-claims`, `<flow>-account`. */
  pauses: 'registration' | 'create-user';
  account: Omit<NewAccountInput, 'uid' | 'beforeClaims'>;
  /** The answer when another account holds the email. */
  taken: () => Result<T>;
  /** The rows, in one transaction that settles the intent (only while it is still pending). */
  write: (intent: CreateIntent) => Promise<Written<T>>;
  /** The answer when the reconciler finished or gave up the create while the request waited. */
  writtenMeanwhile: (intent: CreateIntent) => Promise<Result<T>>;
}

export async function createAccountWithRows<T>(
  db: Db,
  accounts: AccountCreator,
  outbox: IdentityOutbox,
  log: Log,
  creation: AccountCreation<T>,
): Promise<Result<T>> {
  const { pauses } = creation;
  const intent = await openIntent(db, creation.key, creation.profile);
  await outbox.pauseAt(`${pauses}-intent`);
  const made = await createOrGiveUp(db, accounts, intent, log, () =>
    createIntendedAccount(accounts, intent, {
      ...creation.account,
      beforeClaims: () => outbox.pauseAt(`${pauses}-claims`),
    }),
  );
  if (made === 'taken') {
    await dropIntent(db, intent);
    return creation.taken();
  }
  await outbox.pauseAt(`${pauses}-account`);
  let written: Written<T>;
  try {
    written = await creation.write(intent);
  } catch (error) {
    await giveUp(db, accounts, intent, log);
    throw error;
  }
  if (written === 'not-pending') return creation.writtenMeanwhile(intent);
  if ('refused' in written) {
    await giveUp(db, accounts, intent, log);
    return written.refused;
  }
  await outbox.applyNow(written.entryId);
  return ok(written.value);
}

/**
 * A retry of a create the reconciler finished after its answer was lost: true once for the key (the retry
 * is answered with what was made), with the account given this attempt's password.
 */
export async function answersLostCreate(
  db: Db,
  accounts: Pick<AccountCreator, 'updateAccount'>,
  key: IntentKey,
  uid: string,
  password: string,
): Promise<boolean> {
  if (!(await takeUnansweredRetry(db, key, uid))) return false;
  await accounts.updateAccount(uid, { password });
  return true;
}
