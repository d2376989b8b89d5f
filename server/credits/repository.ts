/** The credit list (01 §3): title, description and a total in cents fixed at creation. No HTTP here. */
import { countDistinct, eq, sql, type SQL } from 'drizzle-orm';
import type { Credit } from '../../src/api/contract/credit';
import type { CreditSortColumn } from '../../src/domain/credits/credit-list';
import type { SortOrder } from '../../src/domain/shared/sort';
import type { Db } from '../db/client';
import { lockRow, updateVersioned } from '../db/versioned';
import { credits, userCredits, users } from '../db/schema';
import { failure, ok, staleFailure, isStale, recordNotFound, type Result } from '../http/result';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type { Deleted } from '../../src/api/contract/primitives';
import { formatDollars } from '../../src/domain/shared/money';

function toCredit({ createdAt, ...row }: typeof credits.$inferSelect): Credit {
  return { ...row, createdAt: createdAt.toISOString() };
}

const SORT_EXPRESSIONS: Record<Exclude<CreditSortColumn, 'title'>, SQL> = {
  total: sql`${credits.totalInCents}`,
  created: sql`${credits.createdAt}`,
};

/** The order asked, then by title and id: rows that tie keep one order from read to read. */
function orderOf({ sort, dir }: SortOrder<CreditSortColumn>): SQL[] {
  const direction = dir === 'desc' ? sql`desc` : sql`asc`;
  const byTitle = sql`${credits.title} ${direction}, ${credits.id} ${direction}`;
  if (sort === 'title') return [byTitle];
  return [sql`${SORT_EXPRESSIONS[sort]} ${direction}`, sql`${credits.title}`, sql`${credits.id}`];
}

/** Every credit, in the order asked (by title A to Z, along credits_title_idx, without one). */
export async function listCredits(
  db: Db,
  order: SortOrder<CreditSortColumn> = { sort: 'title', dir: 'asc' },
): Promise<Credit[]> {
  const rows = await db
    .select()
    .from(credits)
    .orderBy(...orderOf(order));
  return rows.map(toCredit);
}

export async function createCredit(
  db: Db,
  input: { title: string; description: string | null; totalInCents: number },
): Promise<Credit> {
  const [created] = await db.insert(credits).values(input).returning();
  if (!created) throw new Error('insert into credits returned no row');
  return toCredit(created);
}

const creditNotFound = (id: number) => recordNotFound(API_ERROR_CODES.creditNotFound, 'credit', id);

/** Changes title and description; a totalInCents other than the stored one is refused. */
export async function updateCredit(
  db: Db,
  id: number,
  input: {
    id?: number | undefined;
    title: string;
    description: string | null;
    totalInCents?: number | undefined;
    version?: number | undefined;
  },
): Promise<Result<Credit>> {
  if (input.id !== undefined && input.id !== id) {
    return failure(400, API_ERROR_CODES.creditIdMismatch, 'The id must be the one in the path', 'id');
  }
  return db.transaction(async (tx): Promise<Result<Credit>> => {
    const current = await lockRow(tx, credits, id);
    if (!current) return creditNotFound(id);
    if (isStale(input.version, current.version)) return staleFailure();
    const { totalInCents } = current;
    if (input.totalInCents !== undefined && input.totalInCents !== totalInCents) {
      return failure(
        400,
        API_ERROR_CODES.creditTotalImmutable,
        `The total cannot be changed after creation (it is ${totalInCents}, ${formatDollars(totalInCents)})`,
        'totalInCents',
      );
    }
    const values = { title: input.title, description: input.description };
    const updated = await updateVersioned(tx, credits, id, values, current.version);
    return updated ? ok(toCredit(updated)) : staleFailure();
  });
}

const people = (n: number) => `${n} ${n === 1 ? 'user' : 'users'}`;

/**
 * Deletes a credit that nobody holds. A credit granted to users is refused with a message saying how many
 * hold it: user_credits rows cascade with the credit, so deleting it would silently take the credit (and the
 * record of what was spent) from those users. Users marked deleted count too: their credits stay for the
 * records. Check and delete run in one transaction, with the credit's row locked, so a grant made meanwhile
 * waits and then fails instead of being cascaded away.
 */
export async function deleteCredit(db: Db, id: number): Promise<Result<Deleted>> {
  return db.transaction(async (tx): Promise<Result<Deleted>> => {
    const credit = await lockRow(tx, credits, id);
    if (!credit) return creditNotFound(id);
    const [holders] = await tx
      .select({
        all: countDistinct(userCredits.userId),
        deleted: countDistinct(sql`case when ${users.isDeleted} then ${users.id} end`),
      })
      .from(userCredits)
      .innerJoin(users, eq(users.id, userCredits.userId))
      .where(eq(userCredits.creditId, id));
    const all = holders?.all ?? 0;
    const deleted = holders?.deleted ?? 0;
    if (all > 0) {
      const onRecord =
        deleted === 0
          ? ''
          : all === 1
            ? ' (a deleted account kept on record)'
            : deleted === 1
              ? ' (1 of them a deleted account kept on record)'
              : ` (${deleted} of them deleted accounts kept on record)`;
      const advice = deleted === 0 ? ' Remove it from their credits first.' : '';
      return failure(
        409,
        API_ERROR_CODES.creditInUse,
        `"${credit.title}" is held by ${people(all)}${onRecord}, so it cannot be deleted: that would take it from them.${advice}`,
      );
    }
    await tx.delete(credits).where(eq(credits.id, id));
    return ok({ id, deleted: true });
  });
}
