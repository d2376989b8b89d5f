/**
 * Providers and their locations as the API returns them (02 §3). Credentials' secrets never leave the
 * server: a provider carries only whether it has credentials.
 */
import * as v from 'valibot';

export const PROVIDER_STRATEGIES = ['MANUAL', 'MINDBODY', 'BOOKER', 'BOULEVARD', 'SQUARE'] as const;
export const StrategySchema = v.picklist(PROVIDER_STRATEGIES);
export type Strategy = v.InferOutput<typeof StrategySchema>;

const nullableText = v.nullable(v.string());

export const LocationSchema = v.object({
  id: v.number(),
  name: nullableText,
  fullAddress: nullableText,
  streetAddress: nullableText,
  addressLine2: nullableText,
  city: nullableText,
  state: nullableText,
  zip: nullableText,
  country: nullableText,
  coordinates: v.nullable(v.object({ lat: v.number(), lng: v.number() })),
  externalLocationId: nullableText,
  isPublic: v.boolean(),
  timezone: v.string(),
  /** The settlement (payouts) account, when one is attached. */
  settlementAccount: v.nullable(v.object({ id: v.string() })),
  stripeAccount: v.nullable(v.object({ id: v.string() })),
  taxRate: v.nullable(v.number()),
  billingContactEmail: nullableText,
  isEMAILNotificationsEnabled: v.boolean(),
});
export type Location = v.InferOutput<typeof LocationSchema>;

export const ProviderSchema = v.object({
  id: v.number(),
  name: v.string(),
  description: nullableText,
  logoURL: nullableText,
  coverImageURL: nullableText,
  strategy: StrategySchema,
  externalId: nullableText,
  availableAfterDays: v.number(),
  timezone: v.string(),
  phoneNumber: nullableText,
  isSMSNotificationsEnabled: v.boolean(),
  isUpkeepPayingProcessingFees: v.boolean(),
  hasCredentials: v.boolean(),
  location: v.nullable(LocationSchema),
});
export type Provider = v.InferOutput<typeof ProviderSchema>;

/** GET /providers: every provider for an admin; a provider user gets only their own. */
export const ProviderListSchema = v.array(ProviderSchema);
