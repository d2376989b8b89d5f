/**
 * Bundles (spec 01 §3, §7; 02 §7: /bundle): a named set of service items. Requests send the items as a
 * list of ids; responses carry the items themselves.
 */
import * as v from 'valibot';
import { VersionInputSchema, VersionSchema } from './version';
import { NEW_BUNDLE_NAME } from '../../domain/shared/constants';
import { idField, wholeNumber } from './primitives';
import { plainObject, ServiceItemSchema } from './service-item';

export const BundleSchema = v.object({
  id: wholeNumber,
  name: v.string(),
  /** The category whose screen lists the bundle; null for a bundle of no category. */
  serviceCategoryId: v.nullable(wholeNumber),
  serviceItems: v.array(ServiceItemSchema),
  version: VersionSchema,
});
export type Bundle = v.InferOutput<typeof BundleSchema>;

export const BundleListSchema = v.array(BundleSchema);

const NAME_REQUIRED = 'name is required';
const NAME_MAX = 200;

const name = v.pipe(
  v.string(NAME_REQUIRED),
  v.trim(),
  v.nonEmpty(NAME_REQUIRED),
  v.maxLength(NAME_MAX, `name must be at most ${NAME_MAX} characters`),
);

/** Item ids; an id listed twice counts once. */
const serviceItemIds = v.pipe(
  v.array(idField('serviceItems'), 'serviceItems must be a list of service item ids'),
  v.maxLength(1000, 'serviceItems must list at most 1000 items'),
  v.transform((ids) => [...new Set(ids)]),
);

const entries = {
  name: v.optional(name),
  serviceCategoryId: v.optional(v.nullable(idField('serviceCategoryId'))),
  serviceItems: v.optional(serviceItemIds),
};

/** POST /bundle: every key optional; the name defaults to 'New Bundle' (01 §9), the items to none. */
const NOT_AN_OBJECT = 'must be an object of bundle fields';

export const BundleCreateSchema = plainObject(
  v.object(
    {
      ...entries,
      name: v.optional(name, NEW_BUNDLE_NAME),
      serviceItems: v.optional(serviceItemIds, []),
    },
    NOT_AN_OBJECT,
  ),
  NOT_AN_OBJECT,
);
export type BundleCreateInput = v.InferInput<typeof BundleCreateSchema>;
export type BundleCreateParsed = v.InferOutput<typeof BundleCreateSchema>;

/** PUT /bundle/{id}: the keys that are present are changed; serviceItems replaces the whole list. */
export const BundleUpdateSchema = plainObject(
  v.object(
    { ...entries, /** The version the form was read at. */ version: VersionInputSchema },
    NOT_AN_OBJECT,
  ),
  NOT_AN_OBJECT,
);
export type BundleUpdateInput = v.InferInput<typeof BundleUpdateSchema>;
export type BundleUpdateParsed = v.InferOutput<typeof BundleUpdateSchema>;
