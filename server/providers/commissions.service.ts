/**
 * Commissions (spec 02 §7): per provider and service category, a percentage from 0 to 100. GET answers a
 * list whose first element is the commissions list, as the spec's client reads it.
 */
import { and, asc, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type {
  Commission,
  CommissionInputSchema,
  CommissionUpdateSchema,
} from '../../src/api/contract/commission';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type { Db } from '../db/client';
import { saveVersioned } from '../db/versioned';
import { commissions, serviceCategories } from '../db/schema';
import { checkReferences, forbidden, mayUseProvider, type Scope } from '../http/scope';
import { failure, ok, otherIdThanPath, recordNotFound, type Result } from '../http/result';

type Reader = Pick<Db, 'select'>;

async function commissionsWhere(db: Reader, where: ReturnType<typeof eq>): Promise<Commission[]> {
  const rows = await db
    .select({ commission: commissions, category: { id: serviceCategories.id, name: serviceCategories.name } })
    .from(commissions)
    .innerJoin(serviceCategories, eq(serviceCategories.id, commissions.serviceCategoryId))
    .where(where)
    .orderBy(asc(serviceCategories.id), asc(commissions.id));
  return rows.map(({ commission, category }) => ({
    id: commission.id,
    commissionId: commission.id,
    name: commission.name,
    serviceCategory: category,
    providerId: commission.providerId,
    percentage: commission.percentage,
    version: commission.version,
  }));
}

/** The provider must exist (404) and be the caller's (403). */
const usableProvider = (db: Reader, scope: Scope, providerId: number, field: string) =>
  checkReferences(db, scope, [{ kind: 'provider', id: providerId, field }]);

export async function commissionsOf(
  db: Db,
  scope: Scope,
  providerId: number,
): Promise<Result<[Commission[]]>> {
  const usable = await usableProvider(db, scope, providerId, 'providerId');
  if (!usable.ok) return usable;
  return ok([await commissionsWhere(db, eq(commissions.providerId, providerId))]);
}

export async function addCommission(
  db: Db,
  scope: Scope,
  input: v.InferOutput<typeof CommissionInputSchema>,
): Promise<Result<Commission>> {
  return db.transaction(async (tx): Promise<Result<Commission>> => {
    const usable = await usableProvider(tx, scope, input.providerId, 'providerId');
    if (!usable.ok) return usable;
    const [category] = await tx
      .select({ id: serviceCategories.id, name: serviceCategories.name })
      .from(serviceCategories)
      .where(eq(serviceCategories.id, input.serviceCategoryId));
    if (!category) {
      return failure(
        400,
        API_ERROR_CODES.invalidBody,
        `serviceCategoryId: no service category with id ${input.serviceCategoryId}`,
        'serviceCategoryId',
      );
    }
    const [existing] = await tx
      .select({ id: commissions.id })
      .from(commissions)
      .where(
        and(
          eq(commissions.providerId, input.providerId),
          eq(commissions.serviceCategoryId, input.serviceCategoryId),
        ),
      );
    if (existing) {
      return failure(
        409,
        API_ERROR_CODES.commissionExists,
        `serviceCategoryId: provider ${input.providerId} already has commission ${existing.id} for ${category.name}; change that one`,
        'serviceCategoryId',
      );
    }
    const [row] = await tx
      .insert(commissions)
      .values({
        providerId: input.providerId,
        serviceCategoryId: input.serviceCategoryId,
        percentage: input.percentage,
        name: input.name ?? category.name,
      })
      .returning({ id: commissions.id });
    if (!row) throw new Error('addCommission: the insert returned no row');
    const [created] = await commissionsWhere(tx, eq(commissions.id, row.id));
    if (!created) throw new Error('addCommission: the new commission is gone');
    return ok(created);
  });
}

export async function changeCommission(
  db: Db,
  scope: Scope,
  id: number,
  input: v.InferOutput<typeof CommissionUpdateSchema>,
): Promise<Result<Commission>> {
  const otherId = otherIdThanPath(input.id, id);
  if (otherId) return otherId;
  return saveVersioned(db, commissions, id, input.version, {
    notFound: recordNotFound(API_ERROR_CODES.commissionNotFound, 'commission', id, 'id'),
    inScope: (_tx, stored) =>
      mayUseProvider(scope, stored.providerId) ? ok(null) : forbidden(`Commission ${id}`),
    change: () => ok({ percentage: input.percentage }),
    answer: async (tx) => {
      // Read back: the column keeps two decimals.
      const [updated] = await commissionsWhere(tx, eq(commissions.id, id));
      return updated ? ok(updated) : recordNotFound(API_ERROR_CODES.commissionNotFound, 'commission', id);
    },
  });
}
