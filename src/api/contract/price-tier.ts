/**
 * Pricing tiers and their polygons (spec 01 §3 PriceTier and Polygon, §7), shared by the client (parsing
 * responses) and the API (validating requests). Money is integer cents; points are [lng, lat] pairs.
 */
import * as v from 'valibot';
import { MAX_TIER_PRICE_CENTS, MAX_MIN_UNITS, NAME_MAX } from '../../domain/pricing-tiers/tiers';
import { idField, requiredText, wholeNumber } from './primitives';
import { VersionInputSchema, VersionSchema } from './version';

const point = v.tuple([v.number(), v.number()]);

export const PolygonSchema = v.object({
  id: wholeNumber,
  name: v.string(),
  points: v.array(point),
  priceTierId: wholeNumber,
});
export type Polygon = v.InferOutput<typeof PolygonSchema>;

export const TierPriceSchema = v.object({
  serviceItemId: wholeNumber,
  priceInCents: wholeNumber,
  isPricePerUnit: v.boolean(),
  minUnits: v.nullable(wholeNumber),
});
export type TierPrice = v.InferOutput<typeof TierPriceSchema>;

export const PriceTierSchema = v.object({
  id: wholeNumber,
  name: v.string(),
  description: v.nullable(v.string()),
  serviceItems: v.array(TierPriceSchema),
  cityIds: v.array(v.string()),
  polygons: v.array(PolygonSchema),
  version: VersionSchema,
});
export type PriceTier = v.InferOutput<typeof PriceTierSchema>;
export const PriceTierListSchema = v.array(PriceTierSchema);

// ---------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------

/** A missing key is reported by the object schema; name it like an empty value ("name is required"). */
const missingKey = (what: string) => (issue: v.ObjectIssue) =>
  issue.expected?.startsWith('"') ? `${issue.expected.slice(1, -1)} is required` : `must be ${what}`;

const name = requiredText('name', NAME_MAX);

const description = v.optional(
  v.nullable(
    v.pipe(
      v.string('description must be text'),
      v.trim(),
      v.maxLength(2000, 'description can be at most 2000 characters'),
      v.transform((text) => (text === '' ? null : text)),
    ),
  ),
);

/** POST /price-tier: the console sends the default name, Untitled (01 §9); a missing name means that too. */
export const PriceTierCreateSchema = v.object(
  { name: v.optional(name, 'Untitled'), description },
  'must be an object',
);
export type PriceTierCreate = v.InferInput<typeof PriceTierCreateSchema>;

const priceMessage = `priceInCents must be a whole number of cents from 0 to ${MAX_TIER_PRICE_CENTS}`;
const unitsMessage = `minUnits must be a whole number from 1 to ${MAX_MIN_UNITS}`;

export const TierPriceInputSchema = v.object(
  {
    serviceItemId: idField('serviceItemId'),
    priceInCents: v.pipe(
      v.number(priceMessage),
      v.integer(priceMessage),
      v.minValue(0, priceMessage),
      v.maxValue(MAX_TIER_PRICE_CENTS, priceMessage),
    ),
    isPricePerUnit: v.optional(v.boolean('isPricePerUnit must be true or false'), false),
    minUnits: v.optional(
      v.nullable(
        v.pipe(
          v.number(unitsMessage),
          v.integer(unitsMessage),
          v.minValue(1, unitsMessage),
          v.maxValue(MAX_MIN_UNITS, unitsMessage),
        ),
      ),
      null,
    ),
  },
  missingKey('an object with serviceItemId and priceInCents'),
);
export type TierPriceInput = v.InferInput<typeof TierPriceInputSchema>;

/**
 * PUT /price-tier/{id}: the name, and what else is sent replaces what the tier had: serviceItems (the tier's
 * prices; an item left out charges its own price), cityIds, and polygonIds (the tier's polygons: listed ones
 * move to this tier, its others are deleted).
 */
export const PriceTierUpdateSchema = v.pipe(
  v.object(
    {
      name,
      description,
      serviceItems: v.optional(
        v.pipe(
          v.array(TierPriceInputSchema, 'serviceItems must be a list'),
          v.check(
            (items) => new Set(items.map((item) => item.serviceItemId)).size === items.length,
            'serviceItems must list each service item once',
          ),
        ),
      ),
      cityIds: v.optional(
        v.pipe(
          v.array(
            v.pipe(v.string('cityIds must be place ids'), v.trim(), v.nonEmpty('cityIds must be place ids')),
            'cityIds must be a list of place ids',
          ),
          v.maxLength(500, 'cityIds can list at most 500 cities'),
          v.transform((ids) => [...new Set(ids)]),
        ),
      ),
      polygonIds: v.optional(
        v.pipe(
          v.array(idField('polygonIds'), 'polygonIds must be a list of polygon ids'),
          v.transform((ids) => [...new Set(ids)]),
        ),
      ),
      /** The version the form was read at; a newer one answers 409 record/stale. */
      version: VersionInputSchema,
    },
    missingKey('an object with a name'),
  ),
);
export type PriceTierUpdate = v.InferInput<typeof PriceTierUpdateSchema>;
export type PriceTierUpdateParsed = v.InferOutput<typeof PriceTierUpdateSchema>;

/**
 * POST /polygon: a name, the points and the tier. The shape is checked here; the geometry (closed ring, at
 * least four points, real coordinates, no crossing edges) by the route, with its own error code.
 */
export const PolygonCreateSchema = v.object(
  {
    name: requiredText('name', NAME_MAX),
    points: v.pipe(
      v.array(
        v.tuple(
          [
            v.number('points must be [longitude, latitude] pairs'),
            v.number('points must be [longitude, latitude] pairs'),
          ],
          'points must be [longitude, latitude] pairs',
        ),
        'points must be a list of [longitude, latitude] pairs',
      ),
      v.maxLength(10_000, 'points can hold at most 10000 points'),
    ),
    priceTierId: idField('priceTierId'),
  },
  missingKey('an object with name, points and priceTierId'),
);
export type PolygonCreate = v.InferInput<typeof PolygonCreateSchema>;
