/**
 * The reconciler: at start-up and every IDENTITY_RECONCILE_INTERVAL_MS, makes the identity service match the
 * database, whatever happened in between (a crash between a commit and its identity call, an outbox entry
 * that kept failing, a change made by hand in the identity console).
 *
 * - Every account with a user row: its role claim, disabled flag (deleted users are disabled) and email are
 *   made to match the row (syncAccount).
 * - An account carrying the `pendingInvite` claim, no user row, and older than IDENTITY_ORPHAN_GRACE_MS
 *   (younger ones may belong to a registration still in flight) is a registration that created the
 *   account but did not commit its database write. It is adopted when its invite is still valid for its
 *   email (the user row is written and the invite marked used, as the registration would have done);
 *   otherwise it is deleted: it holds nothing, and left in place it would block any new registration of
 *   that email.
 * - An account carrying the `pendingRegistration` claim (Create User, POST /user/register), no user row, and
 *   older than the grace period did not commit its user row either: it is deleted (nothing to adopt it
 *   into, the profile was in the request only).
 * - Accounts without a user row and without either claim are left alone: they were not created by this API
 *   (e.g. operators' or test accounts) and nothing in the database says what they should be.
 */
import { eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { invites, users } from '../db/schema';
import type { Log } from '../http/log';
import { accountAdmin, type AccountInfo, type Identity } from '../identity';
import { adoptRegistration } from '../providers/invites.service';
import {
  isPendingAccount,
  PENDING_INVITE_CLAIM,
  syncAccount,
  type AccountSync,
  type IdentityOutbox,
} from './outbox';
import { repeat, type Repeating } from './repeat';

export type ReconcileAccounts = AccountSync & Required<Pick<Identity, 'listAccounts' | 'deleteAccount'>>;

export function reconcileAccounts(identity: Identity): ReconcileAccounts {
  const { listAccounts, deleteAccount } = identity;
  if (!listAccounts || !deleteAccount) {
    throw new Error('This identity service cannot be reconciled (listAccounts, deleteAccount)');
  }
  return {
    ...accountAdmin(identity),
    listAccounts: listAccounts.bind(identity),
    deleteAccount: deleteAccount.bind(identity),
  };
}

export interface ReconcileReport {
  checked: number;
  failed: number;
  adopted: number;
  deleted: number;
}

async function orphan(
  db: Db,
  accounts: ReconcileAccounts,
  outbox: IdentityOutbox,
  account: AccountInfo,
  now: Date,
): Promise<'adopted' | 'deleted'> {
  const inviteId = account.customClaims[PENDING_INVITE_CLAIM];
  const [invite] =
    typeof inviteId === 'number' && account.email
      ? await db.select({ code: invites.code }).from(invites).where(eq(invites.id, inviteId))
      : [];
  if (invite && account.email) {
    const adopted = await adoptRegistration(
      db,
      { code: invite.code, email: account.email, uid: account.uid },
      now,
    );
    if (adopted.ok) {
      await outbox.applyNow(adopted.entryId);
      return 'adopted';
    }
  }
  await accounts.deleteAccount(account.uid);
  return 'deleted';
}

/** One full pass; each account's failure is logged and counted, and the pass goes on. */
export async function reconcile(
  db: Db,
  accounts: ReconcileAccounts,
  outbox: IdentityOutbox,
  log: Log,
  orphanGraceMs: number,
  now: () => Date = () => new Date(),
): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, failed: 0, adopted: 0, deleted: 0 };
  const rows = await db.select({ uid: users.firebaseUid }).from(users).where(isNotNull(users.firebaseUid));
  const known = new Set(rows.map((row) => row.uid));
  let pageToken: string | undefined;
  do {
    const page = await accounts.listAccounts(pageToken);
    for (const account of page.accounts) {
      report.checked += 1;
      try {
        if (known.has(account.uid)) await syncAccount(db, accounts, account.uid, account);
        else if (
          isPendingAccount(account.customClaims) &&
          // A registration on another instance may be between its account and its commit right now.
          now().getTime() - (account.createdAt?.getTime() ?? 0) >= orphanGraceMs
        ) {
          // Read again: a registration may have committed since the list was read.
          const [row] = await db
            .select({ id: users.id })
            .from(users)
            .where(eq(users.firebaseUid, account.uid));
          if (row) await syncAccount(db, accounts, account.uid);
          else report[await orphan(db, accounts, outbox, account, now())] += 1;
        }
      } catch (error) {
        report.failed += 1;
        log.warn(
          { err: error, uid: account.uid },
          'Reconciler: could not make the account match the database',
        );
      }
    }
    pageToken = page.next;
  } while (pageToken !== undefined);
  // What was still to apply is now applied or moot; close those entries.
  await outbox.drain(true);
  return report;
}

export interface Reconciler {
  /** Runs one pass now (and waits for it). */
  runOnce(): Promise<ReconcileReport>;
  /** Then every `intervalMs` (0: never again). */
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

export function createReconciler(
  db: Db,
  accounts: ReconcileAccounts,
  outbox: IdentityOutbox,
  log: Log,
  orphanGraceMs: number,
): Reconciler {
  let repeating: Repeating | undefined;
  const runOnce = async () => {
    const report = await reconcile(db, accounts, outbox, log, orphanGraceMs);
    log.info({ ...report }, 'Reconciler: identity accounts checked against the database');
    return report;
  };
  return {
    runOnce,
    start(intervalMs) {
      if (intervalMs > 0) repeating ??= repeat(intervalMs, runOnce, log, 'Reconciler');
    },
    async stop() {
      await repeating?.stop();
      repeating = undefined;
    },
  };
}
