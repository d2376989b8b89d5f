/**
 * Onboarding's wire contract (spec 02 §3, §7): the strategies, credentials (secrets go in, never come back
 * in full) and weekly availability per service category and location.
 */
import * as v from 'valibot';
import { idField, nullableText, queryId } from './primitives';
import { PROVIDER_STRATEGIES, StrategySchema } from './provider';
import { VersionInputSchema, VersionSchema } from './version';

/** GET /strategies: each strategy and whether it connects with stored credentials. */
export const StrategyInfoSchema = v.object({ strategy: StrategySchema, usesCredentials: v.boolean() });
export const StrategyListSchema = v.array(StrategyInfoSchema);
export type StrategyInfo = v.InferOutput<typeof StrategyInfoSchema>;

const secretText = (name: string) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(`${name} must be text`),
        v.maxLength(2_000, `${name} can be at most 2000 characters`),
        v.transform((text) => (text === '' ? null : text)),
      ),
    ),
  );
const plainText = (name: string) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(`${name} must be text`),
        v.trim(),
        v.maxLength(500, `${name} can be at most 500 characters`),
        v.transform((text) => (text === '' ? null : text)),
      ),
    ),
  );

const credentialFields = {
  username: plainText('username'),
  password: secretText('password'),
  siteId: plainText('siteId'),
  accessToken: secretText('accessToken'),
  tokenType: plainText('tokenType'),
  refreshToken: secretText('refreshToken'),
  merchantId: plainText('merchantId'),
  businessId: plainText('businessId'),
};

/** POST /credentials. */
export const CredentialsInputSchema = v.object({
  strategy: v.picklist(PROVIDER_STRATEGIES, `strategy must be one of ${PROVIDER_STRATEGIES.join(', ')}`),
  ...credentialFields,
});
export type CredentialsInput = v.InferInput<typeof CredentialsInputSchema>;

/** PUT /credentials/{id}: only the keys sent change; `version` is the one the credentials were read at. */
export const CredentialsUpdateSchema = v.object({ ...credentialFields, version: VersionInputSchema });
export type CredentialsUpdate = v.InferInput<typeof CredentialsUpdateSchema>;

/** Saved credentials as the browser sees them: secrets only as a hint (the last 4 characters, masked). */
export const CredentialsSchema = v.object({
  id: v.number(),
  strategy: StrategySchema,
  username: nullableText,
  siteId: nullableText,
  tokenType: nullableText,
  merchantId: nullableText,
  businessId: nullableText,
  password: nullableText,
  accessToken: nullableText,
  refreshToken: nullableText,
  version: VersionSchema,
});
export type Credentials = v.InferOutput<typeof CredentialsSchema>;

/** GET /credentials?provider=: the credentials the provider connects with. */
export const CredentialsQuerySchema = v.object({ provider: queryId('provider') });

/** One 15-minute slot: its start as HH:MM (24-hour, local to the location) and whether it is offered. */
export const TimeslotSchema = v.object({
  time: v.pipe(
    v.string('time must be text'),
    v.regex(/^([01]\d|2[0-3]):(00|15|30|45)$/, 'time must be HH:MM at a 15-minute step'),
  ),
  checked: v.boolean('checked must be true or false'),
});
export type Timeslot = v.InferOutput<typeof TimeslotSchema>;
const daySlots = (day: string) =>
  v.pipe(v.array(TimeslotSchema, `${day} must be a list`), v.maxLength(96, `${day} has at most 96 slots`));
export const TimeslotsSchema = v.object({
  Monday: daySlots('Monday'),
  Tuesday: daySlots('Tuesday'),
  Wednesday: daySlots('Wednesday'),
  Thursday: daySlots('Thursday'),
  Friday: daySlots('Friday'),
  Saturday: daySlots('Saturday'),
  Sunday: daySlots('Sunday'),
});
export type Timeslots = v.InferOutput<typeof TimeslotsSchema>;

export const AvailabilitySchema = v.object({
  id: v.number(),
  serviceCategoryId: v.number(),
  locationId: v.number(),
  timeslots: TimeslotsSchema,
  version: VersionSchema,
});
export type Availability = v.InferOutput<typeof AvailabilitySchema>;
export const AvailabilityListSchema = v.array(AvailabilitySchema);

/** GET /availabilities?locationId=. */
export const AvailabilityQuerySchema = v.object({
  locationId: queryId('locationId'),
});

/** POST /availabilities: the category, the location and the week's slots. */
export const AvailabilityInputSchema = v.object({
  serviceCategory: v.object({ id: idField('serviceCategory.id') }, 'serviceCategory is required'),
  location: v.object({ id: idField('location.id') }, 'location is required'),
  timeslots: TimeslotsSchema,
});
export type AvailabilityInput = v.InferInput<typeof AvailabilityInputSchema>;

/** PUT /availabilities/{id}: new slots, and the version they were read at (versioned, version.ts). */
export const AvailabilityUpdateSchema = v.object({ timeslots: TimeslotsSchema, version: VersionInputSchema });
export type AvailabilityUpdate = v.InferInput<typeof AvailabilityUpdateSchema>;

/** The test-mode header that makes one create fail on purpose (refused outside APP_ENV=test). */
export const TEST_FAULT_HEADER = 'X-Test-Fault';
export const TEST_FAULT_TARGETS = [
  'credentials',
  'location',
  'provider',
  'registration',
  'appointment',
  'settlement-account',
  'user',
] as const;
export type TestFaultTarget = (typeof TEST_FAULT_TARGETS)[number];
