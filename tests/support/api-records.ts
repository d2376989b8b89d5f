/** Records as the API answers them, for the fake API (tests/support/fake-api.ts) of the actor tests. */
import type { Availability, Timeslots } from '../../src/api/contract/onboarding';
import type { ServiceCategory, ServiceItem } from '../../src/api/contract/service-category';
import type { ProviderAppointment } from '../../src/api/contract/appointment';
import type { Credit } from '../../src/api/contract/credit';
import type { User, UserSummary } from '../../src/api/contract/user';
import type { Place } from '../../src/api/contract/geo';
import type { Location, Provider } from '../../src/api/contract/provider';
import type { MarketplaceSettings } from '../../src/api/contract/settings';
import { closedWeek } from '../../src/domain/providers/hours';

export const LOCATION: Location = {
  id: 7,
  version: 4,
  name: null,
  fullAddress: '1234 Montana Ave, Santa Monica, CA 90403, US',
  streetAddress: '1234 Montana Ave',
  addressLine2: null,
  city: 'Santa Monica',
  state: 'CA',
  zip: '90403',
  country: 'US',
  coordinates: { lat: 34.0336, lng: -118.4979 },
  externalLocationId: null,
  isPublic: true,
  timezone: 'America/Los_Angeles',
  settlementAccount: null,
  stripeAccount: null,
  taxRate: 0.1025,
  billingContactEmail: null,
  isEMAILNotificationsEnabled: true,
  ...closedWeek(),
};

export const PROVIDER: Provider = {
  id: 3,
  version: 2,
  name: 'Glow Studio',
  description: null,
  logoURL: null,
  coverImageURL: null,
  strategy: 'MANUAL',
  externalId: null,
  availableAfterDays: 1,
  timezone: 'America/Los_Angeles',
  phoneNumber: null,
  isSMSNotificationsEnabled: false,
  isUpkeepPayingProcessingFees: false,
  hasCredentials: false,
  location: LOCATION,
};

export const SETTINGS: MarketplaceSettings = {
  lateCancelHours: 24,
  commissionPresets: [10, 15, 20],
  defaultCommission: 15,
  availableAfterDaysOptions: [0, 1, 2],
  defaultTimezone: 'America/New_York',
  activityWindowDays: 30,
  version: 5,
  updatedAt: null,
};

/** A geocoded place (the sandbox's answer for a ZIP code). */
export const PLACE: Place = {
  placeId: 'zip:90403',
  formattedAddress: 'Santa Monica, CA 90403, US',
  streetAddress: null,
  city: 'Santa Monica',
  state: 'CA',
  zip: '90403',
  country: 'US',
  coordinates: { lat: 34.03, lng: -118.49 },
};

/** A week with one slot a day, Monday's offered. */
export const WEEK: Timeslots = {
  Monday: [{ time: '09:00', checked: true }],
  Tuesday: [{ time: '09:00', checked: false }],
  Wednesday: [],
  Thursday: [],
  Friday: [],
  Saturday: [],
  Sunday: [],
};

/** Location 7's availability for category 1. */
export const AVAILABILITY: Availability = {
  id: 40,
  serviceCategoryId: 1,
  locationId: 7,
  timeslots: WEEK,
  version: 3,
};

/** A service category without items. */
export const category = (id: number, name: string): ServiceCategory => ({
  id,
  name,
  iconURL: null,
  serviceItems: [],
});

/** One booking of provider 3 with its customer (what a booking's drawer reads). */
export const BOOKING: ProviderAppointment = {
  id: 501,
  groupId: 'g-501',
  status: 'ACTIVE',
  startDate: '2026-03-02T17:00:00.000Z',
  endDate: '2026-03-02T18:00:00.000Z',
  name: null,
  serviceItemDisplayName: 'Facial',
  serviceItem: { id: 9, name: 'Facial' },
  bundle: null,
  provider: { id: 3, name: 'Glow Studio' },
  location: { id: 7, timezone: 'America/Los_Angeles', name: null },
  serviceItems: [{ id: 9, name: 'Facial' }],
  user: { displayName: 'Ada Lovelace', email: 'ada@example.com', phone: null, birthdate: null },
};

/** A user as the users list answers it. */
export const USER_SUMMARY: UserSummary = {
  id: 21,
  firebaseUid: 'uid-21',
  displayName: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '555-0101',
  birthdate: '1990-12-10',
  photoURL: null,
  inviteCode: null,
  availablePoints: 0,
  role: 'USER',
  isDeleted: false,
  createdAt: '2026-01-05T10:00:00.000Z',
  version: 3,
};

/** The same user as GET /user/{firebaseUid} answers it. */
export const USER: User = { ...USER_SUMMARY, providers: [], customClaims: null };

/** A credit of the credit list. */
export const CREDIT: Credit = {
  id: 3,
  title: 'Welcome Credit',
  description: null,
  totalInCents: 2_500,
  version: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** Service item 9 of category 1. */
export const SERVICE_ITEM: ServiceItem = {
  id: 9,
  name: 'Facial',
  subCategory: null,
  unitsDescriptor: null,
  unitsDescriptorIconURL: null,
  descriptionTitle: null,
  description: null,
  redemptionPoints: 100,
  timeInMins: 60,
  termsInfo: null,
  prepInfo: null,
  isFinancingEnabled: false,
  priceInCents: 12_000,
  isPricePerUnit: false,
  display_order: 1,
  serviceCategoryId: 1,
  version: 2,
};

/** What a DELETE of a record answers. */
export const deleted = (id: number) => ({ id, deleted: true });
