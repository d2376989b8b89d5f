/**
 * Service mappings (spec 02 §3, §7): a provider's own service item (its id in the scheduling system) mapped to
 * one of ours, a service item or a bundle, per location. GET /strategies/fetch/svc-items lists the provider's
 * external service items; GET/POST /providers/svc-items and PUT/DELETE /providers/svc-items/{id} keep the
 * mappings. Updates are versioned (version.ts).
 */
import * as v from 'valibot';
import { idField, queryId, wholeNumber } from './primitives';
import { StrategySchema } from './provider';
import { VersionInputSchema, VersionSchema } from './version';

/** One service item as the provider's scheduling system lists it. */
export const ExternalServiceItemSchema = v.object({
  id: v.string(),
  name: v.string(),
  /** The system's own grouping of the item (a hint only; the console's sections are its own categories). */
  category: v.nullable(v.string()),
});
export type ExternalServiceItem = v.InferOutput<typeof ExternalServiceItemSchema>;

/** GET /strategies/fetch/svc-items?provider=: the strategy and its items. */
export const ExternalServiceItemListSchema = v.object({
  strategy: StrategySchema,
  items: v.array(ExternalServiceItemSchema),
});
export type ExternalServiceItemList = v.InferOutput<typeof ExternalServiceItemListSchema>;

export const ProviderServiceItemSchema = v.object({
  id: wholeNumber,
  externalId: v.string(),
  locationId: wholeNumber,
  serviceItemId: v.nullable(wholeNumber),
  bundleId: v.nullable(wholeNumber),
  version: VersionSchema,
});
export type ProviderServiceItem = v.InferOutput<typeof ProviderServiceItemSchema>;
export const ProviderServiceItemListSchema = v.array(ProviderServiceItemSchema);

const externalIdField = v.pipe(
  v.string('externalId must be text'),
  v.trim(),
  v.minLength(1, 'externalId is required'),
  v.maxLength(200, 'externalId can be at most 200 characters'),
);
const targetId = (name: string) => v.optional(v.nullable(idField(name)), null);

const ONE_TARGET = 'Give either serviceItemId or bundleId, not both and not neither';
const hasOneTarget = (input: { serviceItemId: number | null; bundleId: number | null }) =>
  (input.serviceItemId === null) !== (input.bundleId === null);

/** POST /providers/svc-items. */
export const ProviderServiceItemInputSchema = v.pipe(
  v.object({
    externalId: externalIdField,
    locationId: idField('locationId'),
    serviceItemId: targetId('serviceItemId'),
    bundleId: targetId('bundleId'),
  }),
  v.forward(v.partialCheck([['serviceItemId'], ['bundleId']], hasOneTarget, ONE_TARGET), ['serviceItemId']),
);
export type ProviderServiceItemInput = v.InferInput<typeof ProviderServiceItemInputSchema>;

/** PUT /providers/svc-items/{id}: the location stays; the external item and the target may change. */
export const ProviderServiceItemUpdateSchema = v.pipe(
  v.object({
    externalId: externalIdField,
    serviceItemId: targetId('serviceItemId'),
    bundleId: targetId('bundleId'),
    version: VersionInputSchema,
  }),
  v.forward(v.partialCheck([['serviceItemId'], ['bundleId']], hasOneTarget, ONE_TARGET), ['serviceItemId']),
);
export type ProviderServiceItemUpdate = v.InferInput<typeof ProviderServiceItemUpdateSchema>;

/** GET /providers/svc-items?location=. */
export const ProviderServiceItemQuerySchema = v.object({ location: queryId('location') });
/** GET /strategies/fetch/svc-items?provider=. */
export const ExternalServiceItemQuerySchema = v.object({ provider: queryId('provider') });
