/**
 * Service items (spec 01 §3, §7: /svc-item), shared by the client (parsing responses) and the API
 * (validating requests). Money is integer cents. A 400 names the field: "priceInCents: …".
 */
import * as v from 'valibot';
import { idField, MAX_ID, nullableText, wholeNumber } from './primitives';
import { VersionInputSchema, VersionSchema } from './version';
import { ITEM_LIMITS } from '../../domain/catalogue/catalogue';
import { NEW_SERVICE_ITEM_DEFAULTS } from '../../domain/shared/constants';

export const ServiceItemSchema = v.object({
  id: wholeNumber,
  name: v.string(),
  /** 'Botox', 'Filler'/'Fillers' or none; the Injectables tabs filter on it. */
  subCategory: nullableText,
  unitsDescriptor: nullableText,
  unitsDescriptorIconURL: nullableText,
  descriptionTitle: nullableText,
  description: nullableText,
  redemptionPoints: v.number(),
  timeInMins: v.number(),
  termsInfo: nullableText,
  prepInfo: nullableText,
  isFinancingEnabled: v.boolean(),
  priceInCents: wholeNumber,
  isPricePerUnit: v.boolean(),
  display_order: v.nullable(v.number()),
  serviceCategoryId: wholeNumber,
  /** Present in flat item lists (GET /svc-item), absent when nested under a category. */
  serviceCategory: v.optional(v.object({ id: wholeNumber, name: v.string() })),
  version: VersionSchema,
});
export type ServiceItem = v.InferOutput<typeof ServiceItemSchema>;

export const ServiceItemListSchema = v.array(ServiceItemSchema);

// ---------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------

function text(field: string, max: number) {
  return v.optional(
    v.nullable(
      v.pipe(
        v.string(`${field} must be text`),
        v.maxLength(max, `${field} must be at most ${max} characters`),
      ),
    ),
  );
}

function whole(field: string, min: number, max: number) {
  const message = `${field} must be a whole number from ${min} to ${max}`;
  return v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));
}

/**
 * An object that is not an array (valibot's object schema takes arrays as objects, so `[]` would pass as
 * "no fields" where every key is optional).
 */
export function plainObject<S extends v.GenericSchema<unknown, object>>(
  schema: S,
  message: string,
): v.GenericSchema<v.InferInput<S>, v.InferOutput<S>> {
  return v.pipe(
    v.unknown(),
    v.check((input) => !Array.isArray(input), message),
    schema,
  ) as unknown as v.GenericSchema<v.InferInput<S>, v.InferOutput<S>>;
}

const NAME_REQUIRED = 'name is required';

const itemEntries = {
  name: v.pipe(
    v.string(NAME_REQUIRED),
    v.trim(),
    v.nonEmpty(NAME_REQUIRED),
    v.maxLength(ITEM_LIMITS.nameMaxLength, `name must be at most ${ITEM_LIMITS.nameMaxLength} characters`),
  ),
  subCategory: text('subCategory', ITEM_LIMITS.shortTextMaxLength),
  unitsDescriptor: text('unitsDescriptor', ITEM_LIMITS.shortTextMaxLength),
  unitsDescriptorIconURL: text('unitsDescriptorIconURL', ITEM_LIMITS.urlMaxLength),
  descriptionTitle: text('descriptionTitle', ITEM_LIMITS.shortTextMaxLength),
  description: text('description', ITEM_LIMITS.longTextMaxLength),
  redemptionPoints: v.optional(whole('redemptionPoints', 0, ITEM_LIMITS.pointsMax)),
  timeInMins: v.optional(whole('timeInMins', ITEM_LIMITS.minutesMin, ITEM_LIMITS.minutesMax)),
  termsInfo: text('termsInfo', ITEM_LIMITS.longTextMaxLength),
  prepInfo: text('prepInfo', ITEM_LIMITS.longTextMaxLength),
  isFinancingEnabled: v.optional(v.boolean('isFinancingEnabled must be true or false')),
  priceInCents: v.optional(whole('priceInCents', 0, ITEM_LIMITS.priceMaxCents)),
  isPricePerUnit: v.optional(v.boolean('isPricePerUnit must be true or false')),
  display_order: v.optional(v.nullable(whole('display_order', 0, MAX_ID))),
  serviceCategoryId: idField('serviceCategoryId'),
};

const missingKey =
  (what: string) =>
  (issue: { expected: string | null }): string => {
    const key = issue.expected?.match(/^"(.+)"$/)?.[1];
    return key ? `${key} is required` : `must be an object with ${what}`;
  };

/**
 * POST /svc-item. Unknown keys (id, serviceCategory, a client's isNew flag) are ignored, so a client may send
 * the whole item. Missing numbers and switches take the new-item defaults (01 §9).
 */
export const ServiceItemCreateSchema = v.object(
  {
    ...itemEntries,
    redemptionPoints: v.optional(itemEntries.redemptionPoints, 0),
    timeInMins: v.optional(itemEntries.timeInMins, NEW_SERVICE_ITEM_DEFAULTS.timeInMins),
    isFinancingEnabled: v.optional(itemEntries.isFinancingEnabled, false),
    priceInCents: v.optional(itemEntries.priceInCents, NEW_SERVICE_ITEM_DEFAULTS.priceInCents),
    isPricePerUnit: v.optional(itemEntries.isPricePerUnit, NEW_SERVICE_ITEM_DEFAULTS.isPricePerUnit),
  },
  missingKey('a name and a serviceCategoryId'),
);
export type ServiceItemCreateInput = v.InferInput<typeof ServiceItemCreateSchema>;
export type ServiceItemCreateParsed = v.InferOutput<typeof ServiceItemCreateSchema>;

/** PUT /svc-item/{id}: the keys that are present are changed; the others stay as they are. */
export const ServiceItemUpdateSchema = plainObject(
  v.object(
    {
      ...itemEntries,
      name: v.optional(itemEntries.name),
      serviceCategoryId: v.optional(itemEntries.serviceCategoryId),
      /** The version the form was read at. */
      version: VersionInputSchema,
    },
    'must be an object of service item fields',
  ),
  'must be an object of service item fields',
);
export type ServiceItemUpdateInput = v.InferInput<typeof ServiceItemUpdateSchema>;
export type ServiceItemUpdateParsed = v.InferOutput<typeof ServiceItemUpdateSchema>;

/**
 * POST /svc-item/display-order/: the items in their new order. Each entry needs an id; its display_order
 * defaults to its place in the list (1-based). Other keys are ignored, so whole items may be sent.
 */
export const DisplayOrderSchema = v.object(
  {
    newOrder: v.pipe(
      v.array(
        v.object(
          {
            id: idField('id'),
            display_order: v.optional(v.nullable(whole('display_order', 0, MAX_ID))),
          },
          missingKey('an id'),
        ),
        'newOrder must be a list of items',
      ),
      v.minLength(1, 'newOrder must list at least one item'),
      v.maxLength(5000, 'newOrder must list at most 5000 items'),
      v.check(
        (list) => new Set(list.map((entry) => entry.id)).size === list.length,
        'newOrder must not list an item twice',
      ),
    ),
  },
  missingKey('a newOrder list'),
);
export type DisplayOrderInput = v.InferInput<typeof DisplayOrderSchema>;
export type DisplayOrderParsed = v.InferOutput<typeof DisplayOrderSchema>;
