/** Promo codes (01 §3, §7, §9). Money is integer cents; an empty allowedServices means every service. */
import * as v from 'valibot';
import { PROMO_SORT_COLUMNS } from '../../domain/promos/promo-list';
import { idField, sortQueryEntries, wholeNumber } from './primitives';
import { VersionInputSchema, VersionSchema } from './version';
import { MAX_AMOUNT_CENTS } from '../../domain/credits/credits';
import { CODE_MAX, MAX_QUANTITY } from '../../domain/promos/promos';

/** A missing key is reported by the object schema; name it like an empty value ("title is required"). */
const missingKey = (what: string) => (issue: v.ObjectIssue) =>
  issue.expected?.startsWith('"') ? `${issue.expected.slice(1, -1)} is required` : `must be ${what}`;

export const PROMO_TYPES = ['PER_USER'] as const;

export const PromoCodeSchema = v.object({
  id: wholeNumber,
  code: v.string(),
  type: v.string(),
  quantityAbsolute: v.nullable(wholeNumber),
  quantityPerUser: v.nullable(wholeNumber),
  amountInCents: wholeNumber,
  /** Service item ids; empty means no restriction. */
  allowedServices: v.array(wholeNumber),
  version: VersionSchema,
});
export type PromoCode = v.InferOutput<typeof PromoCodeSchema>;
export const PromoCodeListSchema = v.array(PromoCodeSchema);

/**
 * GET /promo: in the order asked (`sort` code, amount, uses or perUser; `dir`), by code A to Z (without
 * regard to case) without one. A code with no limit comes last either way.
 */
export const PromoCodeListQuerySchema = v.object(sortQueryEntries(PROMO_SORT_COLUMNS));
export type PromoCodeListQuery = v.InferOutput<typeof PromoCodeListQuerySchema>;

const quantity = (field: string) =>
  v.pipe(
    v.number(`${field} must be a whole number`),
    v.integer(`${field} must be a whole number`),
    v.minValue(1, `${field} must be at least 1`),
    v.maxValue(MAX_QUANTITY, `${field} can be at most ${MAX_QUANTITY}`),
  );

const promoEntries = {
  id: v.optional(wholeNumber),
  code: v.pipe(
    v.string('code is required'),
    v.trim(),
    v.nonEmpty('code is required'),
    v.regex(
      new RegExp(`^[A-Za-z0-9_-]{1,${CODE_MAX}}$`),
      `code uses letters, digits, - and _ only (up to ${CODE_MAX})`,
    ),
  ),
  type: v.optional(v.picklist(PROMO_TYPES, `type must be ${PROMO_TYPES.join(' or ')}`), 'PER_USER'),
  quantityAbsolute: quantity('quantityAbsolute'),
  quantityPerUser: quantity('quantityPerUser'),
  amountInCents: v.pipe(
    v.number('amountInCents must be a number of cents'),
    v.integer('amountInCents must be a whole number of cents'),
    v.minValue(0, 'amountInCents cannot be negative'),
    v.maxValue(MAX_AMOUNT_CENTS, `amountInCents can be at most ${MAX_AMOUNT_CENTS}`),
  ),
  allowedServices: v.optional(
    v.pipe(
      v.array(idField('allowedServices'), 'allowedServices must be a list of service item ids'),
      v.maxLength(1_000, 'allowedServices can list at most 1000 ids'),
      v.transform((ids) => [...new Set(ids)]),
    ),
    [],
  ),
};

const QUANTITIES_MESSAGE = 'quantityPerUser cannot be more than quantityAbsolute';

/** POST /promo. Codes are unique without regard to case (409 promo/code-exists). */
export const PromoCodeInputSchema = v.pipe(
  v.object(promoEntries, missingKey('a promo code')),
  v.forward(
    v.check((promo) => promo.quantityPerUser <= promo.quantityAbsolute, QUANTITIES_MESSAGE),
    ['quantityPerUser'],
  ),
);

/** PUT /promo/{id}: the same fields and the version the form was read at (a newer one answers 409). */
export const PromoCodeUpdateSchema = v.pipe(
  v.object({ ...promoEntries, version: VersionInputSchema }, missingKey('a promo code')),
  v.forward(
    v.check((promo) => promo.quantityPerUser <= promo.quantityAbsolute, QUANTITIES_MESSAGE),
    ['quantityPerUser'],
  ),
);
export type PromoCodeInput = v.InferInput<typeof PromoCodeInputSchema>;
export type PromoCodeInputParsed = v.InferOutput<typeof PromoCodeInputSchema>;
export type PromoCodeUpdate = v.InferInput<typeof PromoCodeUpdateSchema>;
export type PromoCodeUpdateParsed = v.InferOutput<typeof PromoCodeUpdateSchema>;
