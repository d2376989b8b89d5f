/**
 * Promo codes and the service items they are limited to (01 §3). Codes are unique without regard to case
 * (the promo_codes_code_lower_key index); a taken code comes back as a value, never as a database error.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PromoCode, PromoCodeInputParsed, PromoCodeUpdateParsed } from '../../src/api/contract/promo';
import type { PromoSortColumn } from '../../src/domain/promos/promo-list';
import type { SortOrder } from '../../src/domain/shared/sort';
import type { Db } from '../db/client';
import { missingIds } from '../db/missing-ids';
import { lockRow, updateVersioned } from '../db/versioned';
import { promoCodes, promoCodeServices, serviceItems } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import { Rejected, deleted, failure, ok, staleFailure, recordNotFound, type Result } from '../http/result';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type { Deleted } from '../../src/api/contract/primitives';

const CODE_KEY = 'promo_codes_code_lower_key';

const SORT_EXPRESSIONS: Record<Exclude<PromoSortColumn, 'code'>, SQL> = {
  amount: sql`${promoCodes.amountInCents}`,
  uses: sql`${promoCodes.quantityAbsolute}`,
  perUser: sql`${promoCodes.quantityPerUser}`,
};

/**
 * The order asked, then by code and id: rows that tie keep one order from read to read. A code without a
 * limit (an older code's empty quantity) goes last in either direction.
 */
function orderOf({ sort, dir }: SortOrder<PromoSortColumn>): SQL[] {
  const direction = dir === 'desc' ? sql`desc` : sql`asc`;
  const byCode = sql`lower(${promoCodes.code}) ${direction}, ${promoCodes.id} ${direction}`;
  if (sort === 'code') return [byCode];
  return [
    sql`${SORT_EXPRESSIONS[sort]} ${direction} nulls last`,
    sql`lower(${promoCodes.code})`,
    asc(promoCodes.id),
  ];
}

/** Every promo code with its services, in the order asked (by code A to Z, in any case, without one). */
export async function listPromoCodes(
  db: Db,
  order: SortOrder<PromoSortColumn> = { sort: 'code', dir: 'asc' },
): Promise<PromoCode[]> {
  const [rows, links] = await Promise.all([
    db
      .select()
      .from(promoCodes)
      .orderBy(...orderOf(order)),
    db
      .select()
      .from(promoCodeServices)
      .orderBy(asc(promoCodeServices.promoCodeId), asc(promoCodeServices.serviceItemId)),
  ]);
  const allowed = new Map<number, number[]>();
  for (const link of links) {
    const list = allowed.get(link.promoCodeId);
    if (list) list.push(link.serviceItemId);
    else allowed.set(link.promoCodeId, [link.serviceItemId]);
  }
  return rows.map(({ createdAt: _createdAt, ...row }) => ({
    ...row,
    allowedServices: allowed.get(row.id) ?? [],
  }));
}

const promoNotFound = (id: number) => recordNotFound(API_ERROR_CODES.promoNotFound, 'promo code', id);
const codeExists = (code: string) =>
  failure(
    409,
    API_ERROR_CODES.promoCodeExists,
    `The code ${code} already exists (codes are compared without case)`,
    'code',
  );

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function checkServices(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const missing = await missingIds(tx, serviceItems, ids);
  if (missing.length > 0) {
    throw new Rejected(
      recordNotFound(
        API_ERROR_CODES.serviceItemNotFound,
        'service item',
        missing.join(', '),
        'allowedServices',
      ),
    );
  }
}

async function checkCodeFree(tx: Tx, code: string, exceptId?: number): Promise<void> {
  const [holder] = await tx
    .select({ id: promoCodes.id })
    .from(promoCodes)
    .where(
      and(
        sql`lower(${promoCodes.code}) = ${code.toLowerCase()}`,
        exceptId === undefined ? undefined : sql`${promoCodes.id} <> ${exceptId}`,
      ),
    );
  if (holder) throw new Rejected(codeExists(code));
}

async function save(db: Db, work: (tx: Tx) => Promise<PromoCode>, code: string): Promise<Result<PromoCode>> {
  try {
    return ok(await db.transaction(work));
  } catch (error) {
    if (error instanceof Rejected) return error.failure;
    // Two saves of the same code at once: the index catches the second.
    if (isUniqueViolation(error, CODE_KEY)) return codeExists(code);
    throw error;
  }
}

export function createPromoCode(db: Db, input: PromoCodeInputParsed): Promise<Result<PromoCode>> {
  return save(
    db,
    async (tx) => {
      await checkCodeFree(tx, input.code);
      await checkServices(tx, input.allowedServices);
      const [created] = await tx
        .insert(promoCodes)
        .values({
          code: input.code,
          type: input.type,
          quantityAbsolute: input.quantityAbsolute,
          quantityPerUser: input.quantityPerUser,
          amountInCents: input.amountInCents,
        })
        .returning();
      if (!created) throw new Error('insert into promo_codes returned no row');
      if (input.allowedServices.length > 0) {
        await tx
          .insert(promoCodeServices)
          .values(input.allowedServices.map((serviceItemId) => ({ promoCodeId: created.id, serviceItemId })));
      }
      const { createdAt: _createdAt, ...row } = created;
      return { ...row, allowedServices: [...input.allowedServices].sort((a, b) => a - b) };
    },
    input.code,
  );
}

export function updatePromoCode(
  db: Db,
  id: number,
  input: PromoCodeUpdateParsed,
): Promise<Result<PromoCode>> {
  if (input.id !== undefined && input.id !== id) {
    const mismatch = failure(
      400,
      API_ERROR_CODES.promoIdMismatch,
      'The id must be the one in the path',
      'id',
    );
    return Promise.resolve(mismatch);
  }
  return save(
    db,
    async (tx) => {
      const current = await lockRow(tx, promoCodes, id);
      if (!current) throw new Rejected(promoNotFound(id));
      if (input.version !== undefined && input.version !== current.version)
        throw new Rejected(staleFailure());
      await checkCodeFree(tx, input.code, id);
      await checkServices(tx, input.allowedServices);
      const values = {
        code: input.code,
        type: input.type,
        quantityAbsolute: input.quantityAbsolute,
        quantityPerUser: input.quantityPerUser,
        amountInCents: input.amountInCents,
      };
      const updated = await updateVersioned(tx, promoCodes, id, values, current.version);
      if (!updated) throw new Rejected(staleFailure());
      await tx.delete(promoCodeServices).where(eq(promoCodeServices.promoCodeId, id));
      if (input.allowedServices.length > 0) {
        await tx
          .insert(promoCodeServices)
          .values(input.allowedServices.map((serviceItemId) => ({ promoCodeId: id, serviceItemId })));
      }
      const { createdAt: _createdAt, ...row } = updated;
      return { ...row, allowedServices: [...input.allowedServices].sort((a, b) => a - b) };
    },
    input.code,
  );
}

/** Deletes a code (its service links go with it). */
export async function deletePromoCode(db: Db, id: number): Promise<Result<Deleted>> {
  const removed = await db.delete(promoCodes).where(eq(promoCodes.id, id)).returning({ id: promoCodes.id });
  return removed.length > 0 ? deleted(id) : promoNotFound(id);
}
