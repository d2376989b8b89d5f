/** Records as the API answers them, for the fake API (tests/support/fake-api.ts) of the actor tests. */
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

/** What a DELETE of a record answers. */
export const deleted = (id: number) => ({ id, deleted: true });
