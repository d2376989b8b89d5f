/** A user's credits: the ones they hold, granting one and removing one. Data only; no HTTP. */
import { and, asc, eq } from 'drizzle-orm';
import type { UserCredit } from '../../src/api/contract/credit';
import type { Db } from '../db/client';
import { credits, userCredits } from '../db/schema';
import { findUser } from './repository';

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
    version: credits.version,
    createdAt: credits.createdAt,
  },
};

function toUserCredit(row: {
  id: number;
  creditId: number;
  spentInCents: number;
  createdAt: Date;
  credit: Omit<UserCredit['credit'], 'createdAt'> & { createdAt: Date };
}): UserCredit {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    credit: { ...row.credit, createdAt: row.credit.createdAt.toISOString() },
  };
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
  return {
    ok: true,
    userCredit: toUserCredit({
      id: created.id,
      creditId,
      spentInCents: created.spentInCents,
      createdAt: created.createdAt,
      credit,
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
