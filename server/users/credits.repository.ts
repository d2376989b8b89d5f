/** A user's credits: the ones they hold, granting one and removing one. Data only; no HTTP. */
import { and, asc, eq } from 'drizzle-orm';
import type { UserCredit } from '../../src/api/contract/credit';
import type { Db } from '../db/client';
import { credits, userCredits } from '../db/schema';
import { findUser, userNotFound } from './repository';
import { failure, ok, deleted, recordNotFound, type Result } from '../http/result';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type { Deleted } from '../../src/api/contract/primitives';

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

/** The credits granted to the user, oldest first. */
export async function listUserCredits(db: Db, firebaseUid: string): Promise<Result<UserCredit[]>> {
  const user = await findUser(db, firebaseUid);
  if (!user) return userNotFound(firebaseUid);
  const rows = await db
    .select(userCreditColumns)
    .from(userCredits)
    .innerJoin(credits, eq(credits.id, userCredits.creditId))
    .where(eq(userCredits.userId, user.id))
    .orderBy(asc(userCredits.createdAt), asc(userCredits.id));
  return ok(rows.map(toUserCredit));
}

/** Grants one credit of the list to the user, nothing spent yet. */
export async function grantCredit(
  db: Db,
  firebaseUid: string,
  creditId: number,
): Promise<Result<UserCredit>> {
  const user = await findUser(db, firebaseUid);
  if (!user) return userNotFound(firebaseUid);
  const [credit] = await db.select().from(credits).where(eq(credits.id, creditId));
  if (!credit) return recordNotFound(API_ERROR_CODES.creditNotFound, 'credit', creditId, 'creditId');
  const [created] = await db
    .insert(userCredits)
    .values({ userId: user.id, creditId, spentInCents: 0 })
    .returning();
  if (!created) throw new Error('insert into user_credits returned no row');
  const { id, spentInCents, createdAt } = created;
  return ok(toUserCredit({ id, creditId, spentInCents, createdAt, credit }));
}

/** Removes one granted credit (by the user credit's id) from the user. */
export async function removeUserCredit(
  db: Db,
  firebaseUid: string,
  userCreditId: number,
): Promise<Result<Deleted>> {
  const user = await findUser(db, firebaseUid);
  if (!user) return userNotFound(firebaseUid);
  const removed = await db
    .delete(userCredits)
    .where(and(eq(userCredits.id, userCreditId), eq(userCredits.userId, user.id)))
    .returning({ id: userCredits.id });
  if (removed.length > 0) return deleted(userCreditId);
  return failure(404, API_ERROR_CODES.userCreditNotFound, `This user has no credit with id ${userCreditId}`);
}
