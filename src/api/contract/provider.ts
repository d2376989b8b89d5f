/**
 * Providers and their locations as the API returns them (02 §3). Credentials' secrets never leave the
 * server: a provider carries only whether it has credentials.
 */
import * as v from 'valibot';
import { isAvailableAfterDaysValue } from '../../domain/providers/available-after';
import { ONBOARDING_STRATEGIES } from '../../domain/onboarding/strategies';
import { isIanaTimeZone, isValidCoordinates } from '../../domain/providers/location';
import { idField, nullableText, queryId, requiredText } from './primitives';
import { VersionInputSchema, VersionSchema } from './version';

/** The scheduling systems (spec 02 §1), from the domain, which keeps the time library out of the first load. */
export const PROVIDER_STRATEGIES = ONBOARDING_STRATEGIES;
export const StrategySchema = v.picklist(PROVIDER_STRATEGIES);
export type Strategy = v.InferOutput<typeof StrategySchema>;

/** Opening hours: isOpenDay1..7 (1 = Monday), day{n}open / day{n}close as text such as 8:00am. */
export const OpeningHoursSchema = v.object({
  isOpenDay1: v.boolean(),
  day1open: nullableText,
  day1close: nullableText,
  isOpenDay2: v.boolean(),
  day2open: nullableText,
  day2close: nullableText,
  isOpenDay3: v.boolean(),
  day3open: nullableText,
  day3close: nullableText,
  isOpenDay4: v.boolean(),
  day4open: nullableText,
  day4close: nullableText,
  isOpenDay5: v.boolean(),
  day5open: nullableText,
  day5close: nullableText,
  isOpenDay6: v.boolean(),
  day6open: nullableText,
  day6close: nullableText,
  isOpenDay7: v.boolean(),
  day7open: nullableText,
  day7close: nullableText,
});

/** A place's address as answers carry it (a location, a scheduling system's location). */
export const AddressEntries = {
  streetAddress: nullableText,
  addressLine2: nullableText,
  city: nullableText,
  state: nullableText,
  zip: nullableText,
  country: nullableText,
  coordinates: v.nullable(v.object({ lat: v.number(), lng: v.number() })),
};

export const LocationSchema = v.object({
  id: v.number(),
  name: nullableText,
  fullAddress: nullableText,
  ...AddressEntries,
  externalLocationId: nullableText,
  isPublic: v.boolean(),
  timezone: v.string(),
  /** The settlement (payouts) account, when one is attached. */
  settlementAccount: v.nullable(v.object({ id: v.string() })),
  stripeAccount: v.nullable(v.object({ id: v.string() })),
  taxRate: v.nullable(v.number()),
  billingContactEmail: nullableText,
  isEMAILNotificationsEnabled: v.boolean(),
  ...OpeningHoursSchema.entries,
  version: VersionSchema,
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
  version: VersionSchema,
});
export type Provider = v.InferOutput<typeof ProviderSchema>;

/** GET /providers: every provider for an admin; a provider user gets only their own. */
export const ProviderListSchema = v.array(ProviderSchema);

/**
 * GET /providers/choices: a provider as the console's pickers offer it, its id and name and the city and state
 * of its location (the invite form matches a typed city), without the rest of its record; in name order,
 * within the caller's providers as GET /providers (an admin: all; a provider user: their own).
 */
export const ProviderChoiceItemSchema = v.object({
  id: v.number(),
  name: v.string(),
  location: v.nullable(v.object({ city: nullableText, state: nullableText })),
});
export type ProviderChoiceItem = v.InferOutput<typeof ProviderChoiceItemSchema>;
export const ProviderChoiceListSchema = v.array(ProviderChoiceItemSchema);

const optionalText = (name: string, max = 2_000) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(`${name} must be text`),
        v.trim(),
        v.maxLength(max, `${name} can be at most ${max} characters`),
        v.transform((text) => (text === '' ? null : text)),
      ),
    ),
  );
const optionalFlag = (name: string) => v.optional(v.boolean(`${name} must be true or false`));
const optionalId = (name: string) => v.optional(v.nullable(idField(name)));

export const TimeZoneSchema = v.pipe(
  v.string('timezone must be text'),
  v.check(isIanaTimeZone, 'timezone must be an IANA time zone such as America/Los_Angeles'),
);

export const CoordinatesSchema = v.pipe(
  v.object({
    lat: v.number('coordinates.lat must be a number'),
    lng: v.number('coordinates.lng must be a number'),
  }),
  v.check(isValidCoordinates, 'coordinates must have lat from -90 to 90 and lng from -180 to 180'),
);

const providerFields = {
  description: optionalText('description', 5_000),
  logoURL: optionalText('logoURL'),
  coverImageURL: optionalText('coverImageURL'),
  strategy: v.optional(
    v.picklist(PROVIDER_STRATEGIES, `strategy must be one of ${PROVIDER_STRATEGIES.join(', ')}`),
  ),
  externalId: optionalText('externalId', 500),
  availableAfterDays: v.optional(
    v.pipe(
      v.number('availableAfterDays must be a number'),
      // Which values are offered is the marketplace setting (/settings); the service checks against it.
      v.check(isAvailableAfterDaysValue, 'availableAfterDays must be a whole number of days from 0 to 365'),
    ),
  ),
  timezone: v.optional(TimeZoneSchema),
  phoneNumber: optionalText('phoneNumber', 40),
  isSMSNotificationsEnabled: optionalFlag('isSMSNotificationsEnabled'),
  isUpkeepPayingProcessingFees: optionalFlag('isUpkeepPayingProcessingFees'),
  credentialsId: optionalId('credentialsId'),
  locationId: optionalId('locationId'),
};
const providerName = requiredText('name', 200);

/** POST /providers (onboarding step 1, or an admin's Add Provider). */
export const ProviderInputSchema = v.object({ name: providerName, ...providerFields });
export type ProviderInput = v.InferInput<typeof ProviderInputSchema>;

/** PUT /providers/{id}: only the keys that are sent change. */
export const ProviderUpdateSchema = v.object({
  id: v.optional(v.number()),
  name: v.optional(providerName),
  ...providerFields,
  /** The version the form was read at; a newer one answers 409 record/stale. */
  version: VersionInputSchema,
});
export type ProviderUpdate = v.InferInput<typeof ProviderUpdateSchema>;

const timeText = (name: string) => optionalText(name, 20);
const hoursInput = {
  isOpenDay1: optionalFlag('isOpenDay1'),
  day1open: timeText('day1open'),
  day1close: timeText('day1close'),
  isOpenDay2: optionalFlag('isOpenDay2'),
  day2open: timeText('day2open'),
  day2close: timeText('day2close'),
  isOpenDay3: optionalFlag('isOpenDay3'),
  day3open: timeText('day3open'),
  day3close: timeText('day3close'),
  isOpenDay4: optionalFlag('isOpenDay4'),
  day4open: timeText('day4open'),
  day4close: timeText('day4close'),
  isOpenDay5: optionalFlag('isOpenDay5'),
  day5open: timeText('day5open'),
  day5close: timeText('day5close'),
  isOpenDay6: optionalFlag('isOpenDay6'),
  day6open: timeText('day6open'),
  day6close: timeText('day6close'),
  isOpenDay7: optionalFlag('isOpenDay7'),
  day7open: timeText('day7open'),
  day7close: timeText('day7close'),
};

/**
 * POST /locations: the server checks the location as a whole: street, city, and state or country ('Address
 * is required'), each billing email, the hours.
 */
export const LocationInputSchema = v.object({
  id: v.optional(v.number()),
  name: optionalText('name', 200),
  fullAddress: optionalText('fullAddress', 500),
  streetAddress: optionalText('streetAddress', 200),
  addressLine2: optionalText('addressLine2', 200),
  city: optionalText('city', 100),
  state: optionalText('state', 100),
  zip: optionalText('zip', 20),
  country: optionalText('country', 100),
  coordinates: v.optional(v.nullable(CoordinatesSchema)),
  externalLocationId: optionalText('externalLocationId', 500),
  isPublic: optionalFlag('isPublic'),
  timezone: v.optional(TimeZoneSchema),
  settlementAccount: v.optional(
    v.nullable(v.object({ id: v.pipe(v.string(), v.nonEmpty('settlementAccount.id is required')) })),
  ),
  taxRate: v.optional(
    v.nullable(
      v.pipe(
        v.number('taxRate must be a number'),
        v.minValue(0, 'taxRate must be from 0 to 1'),
        v.maxValue(1, 'taxRate must be from 0 to 1'),
      ),
    ),
  ),
  /** A comma-separated list; whitespace is removed before it is split (spec 02 §5). */
  billingContactEmail: optionalText('billingContactEmail', 2_000),
  isEMAILNotificationsEnabled: optionalFlag('isEMAILNotificationsEnabled'),
  ...hoursInput,
});
export type LocationInput = v.InferInput<typeof LocationInputSchema>;

/** PUT /locations/{id}: only the keys that are sent change; the result is checked as for POST. */
export const LocationUpdateSchema = v.object({
  ...LocationInputSchema.entries,
  /** The version the form was read at; a newer one answers 409 record/stale. */
  version: VersionInputSchema,
});
export type LocationUpdate = v.InferInput<typeof LocationUpdateSchema>;
export const LocationListSchema = v.array(LocationSchema);

/** GET /locations?providerId=: the locations of the caller's providers (all for an admin). */
export const LocationListQuerySchema = v.object({ providerId: v.optional(queryId('providerId')) });
