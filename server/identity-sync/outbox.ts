/**
 * The identity outbox: the database is the source of truth and the identity service follows it.
 *
 * A change that the identity service must follow (a role, a deletion, a registration) writes an
 * `identity_outbox` row in the SAME transaction as the change itself. After the commit the request applies
 * it at once (so the answer already shows the new claims); if that fails, times out or the process dies
 * first, the worker applies it later with backoff. Applying is idempotent: `sync-account` reads the user row
 * as it is at that moment and makes the account's role claim, disabled flag and email match it.
 */
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { claimForRole } from '../../src/domain/users/users';
import type { Db } from '../db/client';
import { identityOutbox, users } from '../db/schema';
import type { FaultPoint } from '../env';
import type { Log } from '../http/log';
import type { AccountAdmin, AccountInfo } from '../identity';
import { repeat, type Repeating } from './repeat';

/** The claim a registration's account carries until its user row is committed (see reconciler.ts). */
export const PENDING_INVITE_CLAIM = 'pendingInvite';
/** The claim a Create User account (POST /user/register) carries until its user row is committed. */
export const PENDING_REGISTRATION_CLAIM = 'pendingRegistration';

/** Whether the account was made by this API for a write that may not have committed (a registration). */
export function isPendingAccount(claims: Record<string, unknown>): boolean {
  return claims[PENDING_INVITE_CLAIM] !== undefined || claims[PENDING_REGISTRATION_CLAIM] !== undefined;
}

/** How long a claimed entry is left to the one applying it before someone else may try. */
const LEASE_MS = 30_000;
const MAX_BACKOFF_MS = 5 * 60_000;

/** The identity calls that following the database needs. */
export type AccountSync = AccountAdmin;

/** Records, in the caller's transaction, that the account `uid` must follow its user row; → the entry id. */
export async function enqueueAccountSync(tx: Db, uid: string): Promise<number> {
  const [row] = await tx
    .insert(identityOutbox)
    .values({ kind: 'sync-account', uid, nextAttemptAt: new Date(Date.now() + LEASE_MS) })
    .returning({ id: identityOutbox.id });
  if (!row) throw new Error('The identity outbox insert returned no row');
  return row.id;
}

/** The account's claims as the user row wants them, or null when they already match. */
function wantedClaims(account: AccountInfo, role: Parameters<typeof claimForRole>[0]) {
  const {
    [PENDING_INVITE_CLAIM]: pendingInvite,
    [PENDING_REGISTRATION_CLAIM]: pendingRegistration,
    ...rest
  } = account.customClaims;
  const wanted = claimForRole(role);
  if (rest['role'] === wanted && pendingInvite === undefined && pendingRegistration === undefined)
    return null;
  return { ...rest, role: wanted };
}

/**
 * Makes the account `uid` match its user row (role claim, disabled when deleted, email). No account or no
 * row: nothing to follow (orphans are the reconciler's). Throws when the identity service fails.
 */
export async function syncAccount(db: Db, accounts: AccountSync, uid: string, known?: AccountInfo) {
  const [row] = await db
    .select({ role: users.role, isDeleted: users.isDeleted, email: users.email })
    .from(users)
    .where(eq(users.firebaseUid, uid));
  if (!row) return;
  const account = known ?? (await accounts.getAccount(uid));
  if (!account) return;
  const claims = wantedClaims(account, row.role);
  if (claims) await accounts.setCustomClaims(uid, claims);
  if (row.isDeleted && !account.disabled) await accounts.disableAccount(uid);
  if (!row.isDeleted && account.disabled) await accounts.enableAccount(uid);
  if (!row.isDeleted && (account.email ?? '').toLowerCase() !== row.email.toLowerCase()) {
    await accounts.updateAccount(uid, { email: row.email });
  }
}

export interface OutboxOptions {
  db: Db;
  accounts: AccountSync;
  log: Log;
  pollMs: number;
  /** Test-only: where to stop, a comma list (see FAULT_POINTS in env.ts); each point stops one request. */
  faultPauseAt?: string | undefined;
}

export interface IdentityOutbox {
  /** Applies one entry now, after its transaction committed; a failure is logged and left to the worker. */
  applyNow(entryId: number): Promise<void>;
  /** Applies every entry that is due (or all pending ones when `all`); → how many were applied. */
  drain(all?: boolean): Promise<number>;
  /** Test-only fault switch: never returns when the process was told to stop at `point`. */
  pauseAt(point: FaultPoint): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

type Entry = typeof identityOutbox.$inferSelect;

export function createIdentityOutbox({
  db,
  accounts,
  log,
  pollMs,
  faultPauseAt,
}: OutboxOptions): IdentityOutbox {
  /** Claims due entries (or one) by pushing their next attempt out by the lease; two appliers never share one. */
  async function claim(where: { id?: number; all?: boolean }): Promise<Entry[]> {
    const now = new Date();
    const due = and(
      isNull(identityOutbox.doneAt),
      // Create intents are settled by their request or the reconciler (intent.ts), never applied here.
      eq(identityOutbox.kind, 'sync-account'),
      where.id !== undefined ? eq(identityOutbox.id, where.id) : undefined,
      where.all || where.id !== undefined ? undefined : lte(identityOutbox.nextAttemptAt, now),
    );
    const ids = db
      .select({ id: identityOutbox.id })
      .from(identityOutbox)
      .where(due)
      .orderBy(asc(identityOutbox.id))
      .limit(50)
      .for('update', { skipLocked: true });
    return db
      .update(identityOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(and(inArray(identityOutbox.id, ids), isNull(identityOutbox.doneAt)))
      .returning();
  }

  async function apply(entry: Entry): Promise<boolean> {
    try {
      await syncAccount(db, accounts, entry.uid);
      await db
        .update(identityOutbox)
        .set({ doneAt: new Date(), lastError: null })
        .where(eq(identityOutbox.id, entry.id));
      return true;
    } catch (error) {
      const attempts = entry.attempts + 1;
      const backoff = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempts, 20));
      await db
        .update(identityOutbox)
        .set({
          attempts,
          nextAttemptAt: new Date(Date.now() + backoff),
          lastError: error instanceof Error ? error.message : String(error),
        })
        .where(eq(identityOutbox.id, entry.id));
      log.warn(
        { err: error, entry: entry.id, uid: entry.uid, attempts },
        'Identity outbox: apply failed, will retry',
      );
      return false;
    }
  }

  let worker: Repeating | undefined;
  const pausePoints = new Set(faultPauseAt?.split(',').map((point) => point.trim()));

  const outbox: IdentityOutbox = {
    async applyNow(entryId) {
      try {
        for (const entry of await claim({ id: entryId })) await apply(entry);
      } catch (error) {
        log.warn({ err: error, entry: entryId }, 'Identity outbox: could not apply after commit');
      }
    },
    async drain(all = false) {
      let applied = 0;
      for (;;) {
        const batch = await claim({ all });
        if (batch.length === 0) return applied;
        for (const entry of batch) if (await apply(entry)) applied += 1;
        if (all) return applied;
      }
    },
    async pauseAt(point) {
      if (!pausePoints.delete(point)) return;
      console.log(`FAULT_PAUSE ${point} pid=${process.pid}`);
      await new Promise<never>(() => undefined);
    },
    start() {
      worker ??= repeat(pollMs, () => outbox.drain(), log, 'Identity outbox');
    },
    async stop() {
      await worker?.stop();
      worker = undefined;
    },
  };
  return outbox;
}
