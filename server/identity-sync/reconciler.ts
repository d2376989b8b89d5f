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
 * - An account created for a create intent (server/identity-sync/intent.ts: its uid was chosen and
 *   written down before the account was made), with or without claims, has no user row, and its intent
 *   is older than the grace period: a pending intent is adopted (Create User: the user row is written from
 *   the intent's profile; invite registration: as above, while the invite is still valid), otherwise (given
 *   up, or no longer adoptable) the account is deleted. A pending intent without an account is closed: the
 *   create never reached the identity service, and the email is free again.
 * - Accounts without a user row, without an intent and without either claim are left alone: they were not
 *   created by this API (e.g. operators' or test accounts) and nothing in the database says what they
 *   should be.
 */
import { eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { invites, users } from '../db/schema';
import type { Log } from '../http/log';
import { accountAdmin, type AccountInfo, type Identity } from '../identity';
import { adoptRegistration } from '../providers/invites.service';
import { finishCreatedUser } from '../users/register.service';
import { closeIntent, giveUp, intentOfUid, openIntents, settleIntent, type CreateIntent } from './intent';
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
  /** Create intents closed without an account (the create never reached the identity service). */
  closed: number;
}

type Outcome = 'adopted' | 'deleted' | 'closed' | 'none';

/** A pending intent's account made into its user: the row written as the request would have. */
async function adoptIntent(db: Db, outbox: IdentityOutbox, intent: CreateIntent, now: Date) {
  if (intent.payload.flow === 'create-user') {
    const finished = await finishCreatedUser(db, intent.id, 'reconciler');
    if (typeof finished !== 'object') return finished;
    await outbox.applyNow(finished.entryId);
    return 'adopted';
  }
  const [invite] = await db
    .select({ code: invites.code })
    .from(invites)
    .where(eq(invites.id, Number(intent.payload.by)));
  if (!invite) return 'refused';
  const adopted = await adoptRegistration(
    db,
    { code: invite.code, email: intent.payload.email, uid: intent.uid },
    now,
    { id: intent.id, by: 'reconciler' },
  );
  if (!adopted.ok) return adopted.reason === 'not-pending' ? adopted.reason : 'refused';
  await outbox.applyNow(adopted.entryId);
  return 'adopted';
}

/** Settles a create intent older than the grace period, with its account (null: none). */
async function resolveIntent(
  db: Db,
  accounts: ReconcileAccounts,
  outbox: IdentityOutbox,
  log: Log,
  intent: CreateIntent,
  account: AccountInfo | null,
  now: Date,
): Promise<Outcome> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.firebaseUid, intent.uid));
  if (row) {
    if (!intent.doneAt) await settleIntent(db, intent, 'request');
    return 'none';
  }
  if (intent.doneAt) {
    // A closed intent whose account appeared after all (a stalled call that landed late).
    if (!account || intent.payload.state !== 'closed') return 'none';
    await accounts.deleteAccount(intent.uid);
    return 'deleted';
  }
  if (!account) {
    await closeIntent(db, intent);
    return 'closed';
  }
  if (intent.payload.state === 'abandoned') {
    await accounts.deleteAccount(intent.uid);
    await closeIntent(db, intent);
    return 'deleted';
  }
  const adopted = await adoptIntent(db, outbox, intent, now);
  if (adopted === 'adopted') return 'adopted';
  if (adopted === 'not-pending') return 'none';
  await giveUp(db, accounts, intent, log);
  return 'deleted';
}

function count(report: ReconcileReport, outcome: Outcome) {
  if (outcome !== 'none') report[outcome] += 1;
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
  const report: ReconcileReport = { checked: 0, failed: 0, adopted: 0, deleted: 0, closed: 0 };
  // A create on another instance may be between its intent, its account and its commit right now.
  const isOld = (at: Date | undefined) => now().getTime() - (at?.getTime() ?? 0) >= orphanGraceMs;
  const open = new Map((await openIntents(db)).map((intent) => [intent.uid, intent]));
  const rows = await db.select({ uid: users.firebaseUid }).from(users).where(isNotNull(users.firebaseUid));
  const known = new Set(rows.map((row) => row.uid));
  let pageToken: string | undefined;
  do {
    const page = await accounts.listAccounts(pageToken);
    for (const account of page.accounts) {
      report.checked += 1;
      try {
        const mine = known.has(account.uid);
        const intent = open.get(account.uid) ?? (mine ? undefined : await intentOfUid(db, account.uid));
        open.delete(account.uid);
        if (mine) {
          await syncAccount(db, accounts, account.uid, account);
          if (intent && !intent.doneAt) await settleIntent(db, intent, 'request');
        } else if (intent) {
          if (isOld(intent.createdAt))
            count(report, await resolveIntent(db, accounts, outbox, log, intent, account, now()));
        } else if (isPendingAccount(account.customClaims) && isOld(account.createdAt)) {
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
  // Intents whose account was not listed: never created, or created since the list was read.
  for (const intent of open.values()) {
    if (!isOld(intent.createdAt)) continue;
    try {
      const account = await accounts.getAccount(intent.uid);
      count(report, await resolveIntent(db, accounts, outbox, log, intent, account, now()));
    } catch (error) {
      report.failed += 1;
      log.warn({ err: error, uid: intent.uid }, 'Reconciler: could not settle a create intent');
    }
  }
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
