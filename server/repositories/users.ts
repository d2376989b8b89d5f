/**
 * Users, their provider links, booking history and credits; no HTTP here. Expected failures come back as
 * values. Changes that touch the identity service too (role claim, email, password, disabling) run inside
 * the database transaction with the identity call last, so a refused identity call rolls the database back;
 * if the commit itself fails after the identity call, the identity change is undone (compensation).
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Appointment } from '../../src/api/contract/appointment';
import type { UserCredit } from '../../src/api/contract/credit';
import type {
  PAGE_SIZE_ALL,
  User,
  UserList,
  UserSummary,
  UserUpdateParsed,
} from '../../src/api/contract/user';
import { claimForRole, type UserRole } from '../../src/domain/users';
import type { Db } from '../db/client';
import {
  appointments,
  bundles,
  credits,
  locations,
  providers,
  serviceItems,
  userCredits,
  userProviders,
  users,
} from '../db/schema';
import { AccountChangeRejected, type AccountAdmin } from '../identity';

type UserRow = typeof users.$inferSelect;

/** A unique-constraint violation (SQLSTATE 23505), optionally of one named constraint, on either engine. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current === 'object' && 'code' in current && current.code === '23505') {
      if (constraint === undefined) return true;
      return 'constraint' in current && current.constraint === constraint;
    }
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return false;
}

export function toUserSummary(row: UserRow): UserSummary {
  return {
    id: row.id,
    firebaseUid: row.firebaseUid,
    displayName: row.displayName,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    birthdate: row.birthdate,
    photoURL: row.photoURL,
    inviteCode: row.inviteCode,
    availablePoints: row.availablePoints,
    role: row.role,
    isDeleted: row.isDeleted,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The order of the list; `users_list_order_idx` is on the same expression so pages read in index order. */
const LIST_ORDER = sql`lower(coalesce(${users.displayName}, ${users.email}))`;

/** Everything a search matches, lowercased, in one text per user: one LIKE per row instead of one per column. */
const SEARCH_TEXT = sql`lower(concat_ws(' ', ${users.displayName}, ${users.firstName}, ${users.lastName}, ${users.email}, ${users.phone}))`;
const PHONE_DIGITS = sql`regexp_replace(coalesce(${users.phone}, ''), '[^0-9]', '', 'g')`;

function searchCondition(search: string | undefined): SQL | undefined {
  const term = search?.trim().replace(/\s+/g, ' ');
  if (!term) return undefined;
  const text = sql`${SEARCH_TEXT} like lower(${containsPattern(term)})`;
  // "(310) 555-0101" finds +13105550101: a term that looks like a phone number is also compared digit by digit.
  const digits = term.replace(/\D/g, '');
  if (digits.length < 3 || !/^[\d\s()+.-]+$/.test(term)) return text;
  return sql`(${text} or ${PHONE_DIGITS} like ${`%${digits}%`})`;
}

export interface ListUsersOptions {
  search?: string;
  page?: number;
  pageSize?: number | typeof PAGE_SIZE_ALL;
}

/**
 * Users not deleted, matching the search (name, email or phone, any case), one page at a time.
 * Without a search, the page is read along users_list_order_idx and counted apart. With one, every row is
 * scanned anyway, so the total comes with the page (a window count) from that one scan; a page past the
 * end has no row to carry it, so only then is it counted apart.
 */
export async function listUsers(db: Db, options: ListUsersOptions): Promise<UserList> {
  const page = options.page ?? 1;
  const pageSize = options.pageSize ?? 10;
  const search = searchCondition(options.search);
  const where = and(eq(users.isDeleted, false), search);
  const countAll = async () => (await db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0;
  const paged = <Q extends { limit(n: number): { offset(n: number): unknown } }>(query: Q) =>
    pageSize === 'all' ? query : query.limit(pageSize).offset((page - 1) * pageSize);

  if (!search) {
    const query = db.select().from(users).where(where).orderBy(LIST_ORDER, asc(users.id));
    const [rows, total] = await Promise.all([paged(query) as Promise<UserRow[]>, countAll()]);
    return { users: rows.map(toUserSummary), total, page, pageSize };
  }
  const query = db
    .select({ user: users, total: sql<number>`(count(*) over ())::int` })
    .from(users)
    .where(where)
    .orderBy(LIST_ORDER, asc(users.id));
  const rows = (await paged(query)) as { user: UserRow; total: number }[];
  const total = rows[0]?.total ?? (page === 1 ? 0 : await countAll());
  return { users: rows.map((row) => toUserSummary(row.user)), total, page, pageSize };
}

async function findUser(db: Db, firebaseUid: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.firebaseUid, firebaseUid), eq(users.isDeleted, false)));
  return row;
}

async function providersOf(db: Db, userId: number) {
  return db
    .select({ id: providers.id, name: providers.name })
    .from(userProviders)
    .innerJoin(providers, eq(providers.id, userProviders.providerId))
    .where(eq(userProviders.userId, userId))
    .orderBy(asc(providers.name), asc(providers.id));
}

/** One user with their providers and their account's claims; null when there is no such (live) user. */
export async function getUser(db: Db, accounts: AccountAdmin, firebaseUid: string): Promise<User | null> {
  const row = await findUser(db, firebaseUid);
  if (!row) return null;
  const [linked, account] = await Promise.all([providersOf(db, row.id), accounts.getAccount(firebaseUid)]);
  const role = account?.customClaims['role'];
  return {
    ...toUserSummary(row),
    providers: linked,
    customClaims: account ? { role: typeof role === 'string' ? role : null } : null,
  };
}

export type UpdateUserResult =
  | { ok: true; user: User }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'uid-mismatch' }
  | { ok: false; reason: 'own-role' }
  | { ok: false; reason: 'invite-code-exists'; inviteCode: string }
  | { ok: false; reason: 'email-exists' }
  | { ok: false; reason: 'providers-not-found'; missing: number[] }
  | { ok: false; reason: 'identity-rejected'; code: string; message: string };

/** Thrown inside the transaction to roll it back with an expected failure. */
class Rejected extends Error {
  constructor(readonly result: Exclude<UpdateUserResult, { ok: true }>) {
    super(result.reason);
  }
}

/**
 * Saves the account form (see UserUpdateSchema for which absent fields are cleared and which are kept).
 * Database rows and the identity account change together: the identity calls run last inside the
 * transaction (a failure rolls the rows back), and the previous claims are written back if the commit fails.
 */
export async function updateUser(
  db: Db,
  accounts: AccountAdmin,
  firebaseUid: string,
  input: UserUpdateParsed,
  callerUid: string,
): Promise<UpdateUserResult> {
  if (input.firebaseUid !== undefined && input.firebaseUid !== firebaseUid) {
    return { ok: false, reason: 'uid-mismatch' };
  }
  const current = await findUser(db, firebaseUid);
  if (!current) return { ok: false, reason: 'not-found' };
  const role: UserRole = input.role ?? current.role;
  if (firebaseUid === callerUid && role !== current.role) return { ok: false, reason: 'own-role' };

  let previousClaims: Record<string, unknown> | undefined;
  let account: Awaited<ReturnType<AccountAdmin['getAccount']>> = null;
  try {
    await db.transaction(async (tx) => {
      if (input.inviteCode !== null) {
        const [holder] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.inviteCode, input.inviteCode), sql`${users.id} <> ${current.id}`));
        if (holder)
          throw new Rejected({ ok: false, reason: 'invite-code-exists', inviteCode: input.inviteCode });
      }
      const [emailHolder] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(sql`lower(${users.email}) = ${input.email.toLowerCase()}`, sql`${users.id} <> ${current.id}`),
        );
      if (emailHolder) throw new Rejected({ ok: false, reason: 'email-exists' });

      await tx
        .update(users)
        .set({
          email: input.email,
          displayName: input.displayName,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          birthdate: input.birthdate,
          photoURL: input.photoURL,
          inviteCode: input.inviteCode,
          role,
          ...(input.availablePoints !== undefined && { availablePoints: input.availablePoints }),
        })
        .where(eq(users.id, current.id));

      if (role !== 'PROVIDER') {
        await tx.delete(userProviders).where(eq(userProviders.userId, current.id));
      } else if (input.providers !== undefined) {
        const wanted = [...new Set(input.providers)];
        if (wanted.length > 0) {
          const found = await tx
            .select({ id: providers.id })
            .from(providers)
            .where(inArray(providers.id, wanted));
          const foundIds = new Set(found.map((row) => row.id));
          const missing = wanted.filter((id) => !foundIds.has(id));
          if (missing.length > 0) throw new Rejected({ ok: false, reason: 'providers-not-found', missing });
        }
        await tx.delete(userProviders).where(eq(userProviders.userId, current.id));
        if (wanted.length > 0) {
          await tx
            .insert(userProviders)
            .values(wanted.map((providerId) => ({ userId: current.id, providerId })));
        }
      }

      // Identity last: a refusal here rolls back everything above.
      account = await accounts.getAccount(firebaseUid);
      if (account) {
        const claims = account.customClaims;
        if (claims['role'] !== claimForRole(role)) {
          previousClaims = claims;
          await accounts.setCustomClaims(firebaseUid, { ...claims, role: claimForRole(role) });
        }
        const emailChanged = (account.email ?? '').toLowerCase() !== input.email.toLowerCase();
        if (emailChanged || input.password !== undefined) {
          try {
            await accounts.updateAccount(firebaseUid, {
              ...(emailChanged && { email: input.email }),
              ...(input.password !== undefined && { password: input.password }),
            });
          } catch (error) {
            if (previousClaims) await accounts.setCustomClaims(firebaseUid, previousClaims);
            previousClaims = undefined;
            if (error instanceof AccountChangeRejected) {
              throw new Rejected(
                error.code === 'auth/email-already-exists'
                  ? { ok: false, reason: 'email-exists' }
                  : { ok: false, reason: 'identity-rejected', code: error.code, message: error.message },
              );
            }
            throw error;
          }
        }
      }
    });
  } catch (error) {
    if (error instanceof Rejected) return error.result;
    // The identity service took the new role but the database did not: put the old claims back.
    if (previousClaims) await accounts.setCustomClaims(firebaseUid, previousClaims).catch(() => undefined);
    if (isUniqueViolation(error, 'users_invite_code_unique') && input.inviteCode !== null) {
      return { ok: false, reason: 'invite-code-exists', inviteCode: input.inviteCode };
    }
    if (isUniqueViolation(error, 'users_email_lower_key')) return { ok: false, reason: 'email-exists' };
    throw error;
  }
  const user = await getUser(db, accounts, firebaseUid);
  if (!user) return { ok: false, reason: 'not-found' };
  return { ok: true, user };
}

export type DeleteUserResult = { ok: true } | { ok: false; reason: 'not-found' | 'self' };

/**
 * Marks the user deleted (their bookings and credits stay for the records) and disables their sign-in
 * account, revoking its refresh tokens, so they cannot sign in again. The account is re-enabled if the
 * database change cannot be committed.
 */
export async function deleteUser(
  db: Db,
  accounts: AccountAdmin,
  firebaseUid: string,
  callerUid: string,
): Promise<DeleteUserResult> {
  if (firebaseUid === callerUid) return { ok: false, reason: 'self' };
  const current = await findUser(db, firebaseUid);
  if (!current) return { ok: false, reason: 'not-found' };
  let disabled = false;
  try {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ isDeleted: true }).where(eq(users.id, current.id));
      const account = await accounts.getAccount(firebaseUid);
      if (account && !account.disabled) {
        await accounts.disableAccount(firebaseUid);
        disabled = true;
      }
    });
  } catch (error) {
    if (disabled) await accounts.enableAccount(firebaseUid).catch(() => undefined);
    throw error;
  }
  return { ok: true };
}

/** The user's appointments, newest first; null when there is no such user. */
export async function listUserAppointments(db: Db, firebaseUid: string): Promise<Appointment[] | null> {
  const user = await findUser(db, firebaseUid);
  if (!user) return null;
  const rows = await db
    .select({
      appointment: appointments,
      provider: { id: providers.id, name: providers.name },
      location: { id: locations.id, timezone: locations.timezone },
      item: { id: serviceItems.id, name: serviceItems.name },
      bundle: { id: bundles.id, name: bundles.name },
    })
    .from(appointments)
    .innerJoin(providers, eq(providers.id, appointments.providerId))
    .leftJoin(locations, eq(locations.id, appointments.locationId))
    .leftJoin(serviceItems, eq(serviceItems.id, appointments.serviceItemId))
    .leftJoin(bundles, eq(bundles.id, appointments.bundleId))
    .where(eq(appointments.userId, user.id))
    .orderBy(desc(appointments.startDate), desc(appointments.id));
  return rows.map(({ appointment: a, provider, location, item, bundle }) => ({
    id: a.id,
    groupId: a.groupId,
    status: a.status,
    startDate: a.startDate.toISOString(),
    endDate: a.endDate.toISOString(),
    name: a.name,
    serviceItemDisplayName: item?.name ?? bundle?.name ?? a.name,
    serviceItem: item,
    bundle,
    provider,
    location,
  }));
}

const userCreditColumns = {
  id: userCredits.id,
  creditId: userCredits.creditId,
  spentInCents: userCredits.spentInCents,
  createdAt: userCredits.createdAt,
  credit: {
    id: credits.id,
    title: credits.title,
    description: credits.description,
    totalInCents: credits.totalInCents,
  },
};

function toUserCredit(row: {
  id: number;
  creditId: number;
  spentInCents: number;
  createdAt: Date;
  credit: UserCredit['credit'];
}): UserCredit {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** The credits granted to the user, oldest first; null when there is no such user. */
export async function listUserCredits(db: Db, firebaseUid: string): Promise<UserCredit[] | null> {
  const user = await findUser(db, firebaseUid);
  if (!user) return null;
  const rows = await db
    .select(userCreditColumns)
    .from(userCredits)
    .innerJoin(credits, eq(credits.id, userCredits.creditId))
    .where(eq(userCredits.userId, user.id))
    .orderBy(asc(userCredits.createdAt), asc(userCredits.id));
  return rows.map(toUserCredit);
}

export type GrantCreditResult =
  { ok: true; userCredit: UserCredit } | { ok: false; reason: 'user-not-found' | 'credit-not-found' };

/** Grants one credit of the list to the user, nothing spent yet. */
export async function grantCredit(db: Db, firebaseUid: string, creditId: number): Promise<GrantCreditResult> {
  const user = await findUser(db, firebaseUid);
  if (!user) return { ok: false, reason: 'user-not-found' };
  const [credit] = await db.select().from(credits).where(eq(credits.id, creditId));
  if (!credit) return { ok: false, reason: 'credit-not-found' };
  const [created] = await db
    .insert(userCredits)
    .values({ userId: user.id, creditId, spentInCents: 0 })
    .returning();
  if (!created) throw new Error('insert into user_credits returned no row');
  const { createdAt: _createdAt, ...creditFields } = credit;
  return {
    ok: true,
    userCredit: toUserCredit({
      id: created.id,
      creditId,
      spentInCents: created.spentInCents,
      createdAt: created.createdAt,
      credit: creditFields,
    }),
  };
}

export type RemoveCreditResult = { ok: true } | { ok: false; reason: 'user-not-found' | 'credit-not-found' };

/** Removes one granted credit (by the user credit's id) from the user. */
export async function removeUserCredit(
  db: Db,
  firebaseUid: string,
  userCreditId: number,
): Promise<RemoveCreditResult> {
  const user = await findUser(db, firebaseUid);
  if (!user) return { ok: false, reason: 'user-not-found' };
  const removed = await db
    .delete(userCredits)
    .where(and(eq(userCredits.id, userCreditId), eq(userCredits.userId, user.id)))
    .returning({ id: userCredits.id });
  return removed.length > 0 ? { ok: true } : { ok: false, reason: 'credit-not-found' };
}
