/** Shared data for the connection machine tests. */
import type { Credentials } from '../../../../src/api/contract/onboarding';
import type { ConnectionLocation } from '../../../../src/domain/connections/connection';

export const LOCATION: ConnectionLocation = {
  id: 'mb-1',
  name: 'Downtown',
  streetAddress: '1201 3rd Ave',
  addressLine2: null,
  city: 'Seattle',
  state: 'WA',
  zip: '98101',
  country: 'US',
  coordinates: { lat: 47.6, lng: -122.3 },
  timezone: 'America/Los_Angeles',
};

export const credentials = (id: number, strategy: Credentials['strategy'] = 'MINDBODY'): Credentials => ({
  id,
  strategy,
  username: null,
  siteId: null,
  tokenType: null,
  merchantId: null,
  businessId: null,
  password: null,
  accessToken: null,
  refreshToken: null,
  version: 1,
});
