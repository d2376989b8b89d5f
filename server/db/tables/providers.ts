/**
 * Providers (businesses), how they connect (strategy + credentials), where they are (locations) and what
 * they offer (spec 02 §3).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PROVIDER_STRATEGIES } from '../../../src/api/contract/provider';
import { DEFAULT_TIME_ZONE } from '../../../src/domain/shared/constants';
import { bundles, serviceCategories, serviceItems } from './catalog';
import { createdAt, id, reference, requiredReference, version } from './common';

export const providerStrategy = pgEnum('provider_strategy', PROVIDER_STRATEGIES);

/** One row per connection; which fields are used depends on the strategy (MINDBODY, SQUARE, BOULEVARD). */
export const credentials = pgTable('credentials', {
  id: id(),
  strategy: providerStrategy('strategy').notNull(),
  username: text('username'),
  password: text('password'),
  siteId: text('site_id'),
  accessToken: text('access_token'),
  tokenType: text('token_type'),
  refreshToken: text('refresh_token'),
  /** When the access token stops answering (Square: 30 days after it was issued); null when not known. */
  accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
  merchantId: text('merchant_id'),
  businessId: text('business_id'),
  /** Who saved them: until a provider points at them, only their creator (or an admin) may use them. */
  createdByUid: text('created_by_uid'),
  /** Settings change them after onboarding: a write based on an older version is refused (record/stale). */
  version: version(),
  createdAt: createdAt(),
});

/** Opening hours: day1 is Monday … day7 is Sunday (ISO weekday); open/close are texts such as '8:00am'. */
export const locations = pgTable(
  'locations',
  {
    id: id(),
    name: text('name'),
    fullAddress: text('full_address'),
    streetAddress: text('street_address'),
    addressLine2: text('address_line2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    country: text('country'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    externalLocationId: text('external_location_id'),
    isPublic: boolean('is_public').notNull().default(true),
    timezone: text('timezone').notNull().default(DEFAULT_TIME_ZONE),
    settlementAccountId: text('settlement_account_id'),
    stripeAccountId: text('stripe_account_id'),
    taxRate: numeric('tax_rate', { precision: 5, scale: 4, mode: 'number' }),
    /** Comma-separated list, as the form sends it. */
    billingContactEmail: text('billing_contact_email'),
    isEMAILNotificationsEnabled: boolean('is_email_notifications_enabled').notNull().default(false),
    isOpenDay1: boolean('is_open_day1').notNull().default(false),
    day1open: text('day1_open'),
    day1close: text('day1_close'),
    isOpenDay2: boolean('is_open_day2').notNull().default(false),
    day2open: text('day2_open'),
    day2close: text('day2_close'),
    isOpenDay3: boolean('is_open_day3').notNull().default(false),
    day3open: text('day3_open'),
    day3close: text('day3_close'),
    isOpenDay4: boolean('is_open_day4').notNull().default(false),
    day4open: text('day4_open'),
    day4close: text('day4_close'),
    isOpenDay5: boolean('is_open_day5').notNull().default(false),
    day5open: text('day5_open'),
    day5close: text('day5_close'),
    isOpenDay6: boolean('is_open_day6').notNull().default(false),
    day6open: text('day6_open'),
    day6close: text('day6_close'),
    isOpenDay7: boolean('is_open_day7').notNull().default(false),
    day7open: text('day7_open'),
    day7close: text('day7_close'),
    /**
     * Who created it: onboarding creates the location before the provider that points at it, so until then
     * the location belongs to its creator (a provider user may read, change or delete only such a location).
     */
    createdByUid: text('created_by_uid'),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    check('locations_tax_rate_range', sql`${t.taxRate} is null or (${t.taxRate} >= 0 and ${t.taxRate} <= 1)`),
    // The providers list filters by country and city without regard to case (GET /providers).
    index('locations_country_city_idx').on(sql`lower(${t.country})`, sql`lower(${t.city})`),
  ],
);

/** Onboarding creates credentials, then the location, then the provider, so the provider points at both. */
export const providers = pgTable(
  'providers',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    logoURL: text('logo_url'),
    coverImageURL: text('cover_image_url'),
    strategy: providerStrategy('strategy').notNull().default('MANUAL'),
    externalId: text('external_id'),
    availableAfterDays: integer('available_after_days').notNull().default(0),
    timezone: text('timezone').notNull().default(DEFAULT_TIME_ZONE),
    phoneNumber: text('phone_number'),
    isSMSNotificationsEnabled: boolean('is_sms_notifications_enabled').notNull().default(false),
    isUpkeepPayingProcessingFees: boolean('is_upkeep_paying_processing_fees').notNull().default(false),
    credentialsId: reference('credentials_id', () => credentials.id, 'set null'),
    locationId: reference('location_id', () => locations.id, 'set null'),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    index('providers_location_idx').on(t.locationId),
    // The providers list's order (name without regard to case, then id), so a page is read in index order.
    index('providers_list_order_idx').on(sql`lower(${t.name})`, t.id),
    // ?name= (LIKE '%term%' on the lowercased name): the trigram index gives the matching rows and their count.
    index('providers_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

/** A provider's own service (externalId in its system) mapped to one of ours: an item or a bundle. */
export const providerServiceItems = pgTable(
  'provider_service_items',
  {
    id: id(),
    externalId: text('external_id'),
    locationId: requiredReference('location_id', () => locations.id, 'cascade'),
    serviceItemId: reference('service_item_id', () => serviceItems.id, 'cascade'),
    bundleId: reference('bundle_id', () => bundles.id, 'cascade'),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    check('provider_service_items_one_target', sql`num_nonnulls(${t.serviceItemId}, ${t.bundleId}) = 1`),
    // "Mapping for service_item already exists" (spec 02 §5) is one mapping per item or bundle per location.
    uniqueIndex('provider_service_items_item_key').on(t.locationId, t.serviceItemId),
    uniqueIndex('provider_service_items_bundle_key').on(t.locationId, t.bundleId),
  ],
);

/** Weekly time slots per category and location: { Monday: [{ time, checked }], … }. */
export const availabilities = pgTable(
  'availabilities',
  {
    id: id(),
    serviceCategoryId: requiredReference('service_category_id', () => serviceCategories.id, 'cascade'),
    locationId: requiredReference('location_id', () => locations.id, 'cascade'),
    timeslots: jsonb('timeslots').notNull(),
    version: version(),
  },
  (t) => [
    uniqueIndex('availabilities_category_location_key').on(t.serviceCategoryId, t.locationId),
    // GET /availabilities?locationId= reads a location's rows along this index.
    index('availabilities_location_idx').on(t.locationId),
  ],
);

export const specialDates = pgTable(
  'special_dates',
  {
    id: id(),
    locationId: requiredReference('location_id', () => locations.id, 'cascade'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    version: version(),
  },
  (t) => [
    index('special_dates_location_idx').on(t.locationId),
    check('special_dates_range', sql`${t.startDate} <= ${t.endDate}`),
  ],
);

export const specialDateServiceItems = pgTable(
  'special_date_service_items',
  {
    id: id(),
    specialDateId: requiredReference('special_date_id', () => specialDates.id, 'cascade'),
    serviceItemId: reference('service_item_id', () => serviceItems.id, 'cascade'),
    bundleId: reference('bundle_id', () => bundles.id, 'cascade'),
  },
  (t) => [
    index('special_date_service_items_special_date_idx').on(t.specialDateId),
    check('special_date_service_items_one_target', sql`num_nonnulls(${t.serviceItemId}, ${t.bundleId}) = 1`),
  ],
);

/** Percentage of a category's sales kept as commission, 0–100 (presets 15 and 20). */
export const commissions = pgTable(
  'commissions',
  {
    id: id(),
    name: text('name'),
    providerId: requiredReference('provider_id', () => providers.id, 'cascade'),
    serviceCategoryId: requiredReference('service_category_id', () => serviceCategories.id, 'cascade'),
    percentage: numeric('percentage', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    version: version(),
  },
  (t) => [
    uniqueIndex('commissions_provider_category_key').on(t.providerId, t.serviceCategoryId),
    check('commissions_percentage_range', sql`${t.percentage} >= 0 and ${t.percentage} <= 100`),
  ],
);
