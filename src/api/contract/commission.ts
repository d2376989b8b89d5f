/** Commissions per provider and service category (spec 02 §3, §7): a percentage from 0 to 100. */
import * as v from 'valibot';
import { idField, queryId, wholeNumber } from './primitives';
import { VersionInputSchema, VersionSchema } from './version';
import { COMMISSION_MAX, COMMISSION_MIN } from '../../domain/providers/commission';

const percentage = v.pipe(
  v.number('percentage must be a number'),
  v.minValue(COMMISSION_MIN, 'percentage must be from 0 to 100'),
  v.maxValue(COMMISSION_MAX, 'percentage must be from 0 to 100'),
);

export const CommissionSchema = v.object({
  id: wholeNumber,
  /** The same id under the spec's other name. */
  commissionId: wholeNumber,
  name: v.nullable(v.string()),
  serviceCategory: v.object({ id: wholeNumber, name: v.string() }),
  providerId: wholeNumber,
  percentage: v.number(),
  version: VersionSchema,
});
export type Commission = v.InferOutput<typeof CommissionSchema>;

/** GET /commission?providerId=: a list whose first element is the commissions list (spec 02 §7). */
export const CommissionResponseSchema = v.tuple([v.array(CommissionSchema)]);
export const CommissionQuerySchema = v.object({
  providerId: queryId('providerId'),
});

/** POST /commission. */
export const CommissionInputSchema = v.object({
  serviceCategoryId: idField('serviceCategoryId'),
  providerId: idField('providerId'),
  percentage,
  name: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(200)))),
});
export type CommissionInput = v.InferInput<typeof CommissionInputSchema>;

/** PUT /commission/{id}: the percentage. */
export const CommissionUpdateSchema = v.object({
  id: v.optional(v.number()),
  percentage,
  /** The version the form was read at; a newer one answers 409 record/stale. */
  version: VersionInputSchema,
});
export type CommissionUpdate = v.InferInput<typeof CommissionUpdateSchema>;
