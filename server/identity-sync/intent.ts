/**
 * Create intents: an account this API is about to create is written down BEFORE the identity call.
 *
 * Create User and invite registration first commit an `identity_outbox` row of kind `create-account` holding
 * the account's uid (chosen here, so the account is created under it), its email and what the user row
 * should be. Then the account is created, then one transaction writes the user row and settles the intent.
 * Whatever happens in between (a crash, a time-out whose call lands later, a refused write), the intent
 * says the account is ours:
 *
 * - a retry of the same create (same flow, same caller or invite, same email) reuses the pending intent and
 *   so its uid: it finds the account the lost attempt made and adopts it instead of answering 409;
 * - the reconciler finishes a pending intent older than IDENTITY_ORPHAN_GRACE_MS (adopts its account: the
 *   user row is written) or, when it was given up (`abandoned`), deletes its account
 *   (server/identity-sync/reconciler.ts).
 *
 * An intent's states (in its payload): `pending` (in flight or lost), `abandoned` (the write was refused or
 * failed; its account is to be deleted), then done: `settled` (the user row holds the account) or `closed`
 * (no account is left). The profile in the payload is dropped once the intent is done.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { identityOutbox } from '../db/schema';
import type { Log } from '../http/log';
import { AccountExistsError, identityMethods, type Identity, type NewAccountInput } from '../identity';
import { IdentityUnavailableError } from '../identity-outage';

export type CreateFlow = 'create-user' | 'invite';
type IntentState = 'pending' | 'abandoned' | 'settled' | 'closed';

/** What identifies one create: a retry with the same key reuses its intent. */
export interface IntentKey {
  flow: CreateFlow;
  email: string;
  /** create-user: the admin's uid; invite: the invite's id. */
  by: string;
}

export interface IntentPayload extends IntentKey {
  state: IntentState;
  /** create-user: the profile the user row is written with. */
  profile?: Record<string, unknown>;
  /** Who wrote the user row: the request, or the reconciler (whose caller never had an answer). */
  settledBy?: 'request' | 'reconciler';
  /** A retry has been answered with what the reconciler finished. */
  answered?: boolean;
}

export interface CreateIntent {
  id: number;
  uid: string;
  createdAt: Date;
  doneAt: Date | null;
  payload: IntentPayload;
}

/** The identity calls creating an account needs (Create User, invite registration, their clean-up). */
export type AccountCreator = Required<
  Pick<Identity, 'createAccount' | 'deleteAccount' | 'getAccount' | 'updateAccount' | 'setCustomClaims'>
>;

export const accountCreator = (identity: Identity): AccountCreator =>
  identityMethods(
    identity,
    ['createAccount', 'deleteAccount', 'getAccount', 'updateAccount', 'setCustomClaims'],
    'create accounts',
  );

/** A new account uid: 28 URL-safe characters, like the identity service's own. */
export function newAccountUid(): string {
  return randomBytes(21).toString('base64url');
}

const CREATE = 'create-account';
const field = (name: keyof IntentPayload) => sql`${identityOutbox.payload}->>${name}`;
const ofKey = (key: IntentKey) =>
  and(
    eq(identityOutbox.kind, CREATE),
    sql`${field('flow')} = ${key.flow}`,
    sql`${field('by')} = ${key.by}`,
    sql`lower(${field('email')}) = ${key.email.toLowerCase()}`,
  );
const toIntent = (row: typeof identityOutbox.$inferSelect): CreateIntent => ({
  id: row.id,
  uid: row.uid,
  createdAt: row.createdAt,
  doneAt: row.doneAt,
  payload: row.payload as unknown as IntentPayload,
});
const done = (payload: IntentPayload, state: IntentState, settledBy?: 'request' | 'reconciler') => ({
  flow: payload.flow,
  email: payload.email,
  by: payload.by,
  state,
  ...(settledBy && { settledBy }),
});

/**
 * Commits the intent before the identity call: the pending intent of the same key when there is one (a
 * retry; its profile is replaced by this attempt's), else a new one with a new uid.
 */
export async function openIntent(
  db: Db,
  key: IntentKey,
  profile?: Record<string, unknown>,
): Promise<CreateIntent> {
  return db.transaction(async (tx) => {
    const [open] = await tx
      .select()
      .from(identityOutbox)
      .where(and(ofKey(key), isNull(identityOutbox.doneAt), sql`${field('state')} = 'pending'`))
      .orderBy(identityOutbox.id)
      .limit(1)
      .for('update');
    const payload = { ...key, state: 'pending', ...(profile && { profile }) } satisfies IntentPayload;
    const [row] = open
      ? await tx.update(identityOutbox).set({ payload }).where(eq(identityOutbox.id, open.id)).returning()
      : await tx
          .insert(identityOutbox)
          .values({ kind: CREATE, uid: newAccountUid(), payload: { ...payload } })
          .returning();
    if (!row) throw new Error('openIntent: the write returned no row');
    return toIntent(row);
  });
}

/** The intent, locked, while it is still pending; undefined once given up or done. */
export async function lockPendingIntent(tx: Db, id: number): Promise<CreateIntent | undefined> {
  const [row] = await tx
    .select()
    .from(identityOutbox)
    .where(and(eq(identityOutbox.id, id), isNull(identityOutbox.doneAt), sql`${field('state')} = 'pending'`))
    .for('update');
  return row && toIntent(row);
}

/** In the transaction that wrote the user row: the intent is done, the account is the row's. */
export async function settleIntent(tx: Db, intent: CreateIntent, by: 'request' | 'reconciler') {
  await tx
    .update(identityOutbox)
    .set({ doneAt: new Date(), payload: { ...done(intent.payload, 'settled', by) } })
    .where(eq(identityOutbox.id, intent.id));
}

/** No account is left for this intent (it was never made, or it was deleted). */
export async function closeIntent(db: Db, intent: CreateIntent) {
  await db
    .update(identityOutbox)
    .set({ doneAt: new Date(), payload: { ...done(intent.payload, 'closed') } })
    .where(eq(identityOutbox.id, intent.id));
}

/**
 * The identity service refused the create because another account holds the email: no account of the
 * intent's exists or ever will, so nothing of it needs remembering and the refused request leaves no row.
 */
export async function dropIntent(db: Db, intent: CreateIntent) {
  await db.delete(identityOutbox).where(eq(identityOutbox.id, intent.id));
}

/**
 * The create was refused or failed: marks the intent abandoned (unless it was settled meanwhile), deletes
 * its account and drops the intent. When the deletion fails, the intent stays abandoned and the reconciler
 * deletes the account later; the email is blocked only until then.
 */
export async function giveUp(
  db: Db,
  accounts: Pick<AccountCreator, 'deleteAccount'>,
  intent: CreateIntent,
  log: Log,
) {
  const [mine] = await db
    .update(identityOutbox)
    .set({ payload: { ...done(intent.payload, 'abandoned') } })
    .where(
      and(
        eq(identityOutbox.id, intent.id),
        isNull(identityOutbox.doneAt),
        sql`${field('state')} = 'pending'`,
      ),
    )
    .returning({ id: identityOutbox.id });
  if (!mine) return;
  try {
    await accounts.deleteAccount(intent.uid);
    // The account's create call had answered, so no late account can appear: nothing is left to remember.
    await dropIntent(db, intent);
  } catch (error) {
    log.warn({ err: error, uid: intent.uid }, 'Create intent: account not deleted yet; the reconciler will');
  }
}

/**
 * A retry of a create that the reconciler finished after its request was lost: true once (the retry is
 * answered with the user instead of 409), for the same key within a day.
 */
export async function takeUnansweredRetry(db: Db, key: IntentKey, uid: string): Promise<boolean> {
  const taken = await db
    .update(identityOutbox)
    .set({ payload: sql`${identityOutbox.payload} || '{"answered":true}'::jsonb` })
    .where(
      and(
        ofKey(key),
        eq(identityOutbox.uid, uid),
        isNotNull(identityOutbox.doneAt),
        sql`${field('settledBy')} = 'reconciler'`,
        sql`${field('answered')} is null`,
        sql`${identityOutbox.createdAt} > now() - interval '1 day'`,
      ),
    )
    .returning({ id: identityOutbox.id });
  return taken.length > 0;
}

/** Every intent not yet done (pending or abandoned). */
export async function openIntents(db: Db): Promise<CreateIntent[]> {
  const rows = await db
    .select()
    .from(identityOutbox)
    .where(and(eq(identityOutbox.kind, CREATE), isNull(identityOutbox.doneAt)));
  return rows.map(toIntent);
}

/** The intent that chose this uid, whatever its state. */
export async function intentOfUid(db: Db, uid: string): Promise<CreateIntent | undefined> {
  const [row] = await db
    .select()
    .from(identityOutbox)
    .where(and(eq(identityOutbox.kind, CREATE), eq(identityOutbox.uid, uid)));
  return row && toIntent(row);
}

/**
 * Creates the intent's account under its uid. 'adopted': an earlier attempt of the same create made it
 * (its answer was lost), and it now has this attempt's password, name and claims. 'taken': another
 * account has the email.
 */
export async function createIntendedAccount(
  accounts: AccountCreator,
  intent: CreateIntent,
  input: NewAccountInput,
): Promise<'created' | 'adopted' | 'taken'> {
  try {
    await accounts.createAccount({ ...input, uid: intent.uid });
    return 'created';
  } catch (error) {
    if (!(error instanceof AccountExistsError)) throw error;
  }
  const found = await accounts.getAccount(intent.uid);
  if (!found || (found.email ?? '').toLowerCase() !== input.email.toLowerCase()) return 'taken';
  await accounts.updateAccount(intent.uid, {
    password: input.password,
    ...(input.displayName && { displayName: input.displayName }),
  });
  await accounts.setCustomClaims(intent.uid, { ...input.claims, role: input.role });
  return 'adopted';
}

/**
 * Runs the identity call that creates the intent's account. A refusal gives the intent up (nothing of it
 * stays); an unreachable or stalled service leaves it pending, as the call may still land: the caller's
 * retry or the reconciler takes it from there.
 */
export async function createOrGiveUp<T>(
  db: Db,
  accounts: Pick<AccountCreator, 'deleteAccount'>,
  intent: CreateIntent,
  log: Log,
  create: () => Promise<T>,
): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (!(error instanceof IdentityUnavailableError)) await giveUp(db, accounts, intent, log);
    throw error;
  }
}
