/**
 * The local scheduling-system sandboxes: the adapters of scheduling-system.ts answered from fixed test data
 * (documented in server/README.md, "Sandbox test data"), keeping no state. The service-item catalogues
 * (sandbox-catalogue.ts) answer every provider of a strategy with that strategy's items, whatever its saved
 * connection holds.
 *
 * Nothing is answered here in the running API: it composes every strategy's real client (config.ts), whose
 * stand-ins serve this test data in the vendors' shapes (server/outside/<vendor>/standin-data.ts). A strategy
 * is answered here only where a test builds a set without its client. This file's BOULEVARD
 * knows no installs (they are the stand-in's, in the database): its locations and business are
 * `not-connected` for every business id. Its SQUARE takes any token of the stand-in's shape and exchanges no
 * code (it has no authorisation page).
 */
import type { ExternalLocation, ExternalProvider } from '../../src/api/contract/strategies';
import {
  adapterFailure,
  adapterOk,
  BOULEVARD_NOT_CONNECTED,
  CREDENTIALS_REFUSED,
  type SchedulingSystems,
} from './scheduling-system';
import { SANDBOX_SERVICE_ITEMS } from './sandbox-catalogue';
import { SQUARE_TOKEN_PREFIX } from '../outside/square/wire';

/** MINDBODY's own public sandbox site and its owner login; any other site id is refused. */
export const MINDBODY_SANDBOX = { siteId: '-99', username: 'Siteowner', password: 'apitest1234' } as const;

/** A US location of the sandboxes' test data (and the stand-ins' businesses). */
export const place = (
  id: string,
  name: string,
  street: string,
  city: string,
  state: string,
  zip: string,
  lat: number,
  lng: number,
): ExternalLocation => ({
  id,
  name,
  streetAddress: street,
  addressLine2: null,
  city,
  state,
  zip,
  country: 'US',
  coordinates: { lat, lng },
  timezone: 'America/Los_Angeles',
});

export const SANDBOX_LOCATIONS = {
  MINDBODY: [
    place('mb-1', 'Clean Slate Spa Downtown', '1201 3rd Ave', 'Seattle', 'WA', '98101', 47.6076, -122.3361),
    place(
      'mb-2',
      'Clean Slate Spa Ballard',
      '5300 Ballard Ave NW',
      'Seattle',
      'WA',
      '98107',
      47.6672,
      -122.384,
    ),
  ],
  BOOKER: [
    place(
      'bk-101',
      'Glow Studio Mission',
      '2400 Mission St',
      'San Francisco',
      'CA',
      '94110',
      37.7586,
      -122.4189,
    ),
    place(
      'bk-102',
      'Glow Studio Marina',
      '2001 Chestnut St',
      'San Francisco',
      'CA',
      '94123',
      37.8006,
      -122.4365,
    ),
    place('bk-103', 'Glow Studio Oakland', '4000 Piedmont Ave', 'Oakland', 'CA', '94611', 37.8269, -122.2525),
  ],
  SQUARE: [
    place(
      'sq-loc-1',
      'Square Sandbox Medspa',
      '101 Market St',
      'San Francisco',
      'CA',
      '94105',
      37.7936,
      -122.3958,
    ),
    place(
      'sq-loc-2',
      'Square Sandbox Medspa Annex',
      '155 5th St',
      'San Francisco',
      'CA',
      '94103',
      37.7812,
      -122.4048,
    ),
  ],
} as const satisfies Record<string, ExternalLocation[]>;

export type SandboxSchedulingSystems = SchedulingSystems;

export function createSandboxSchedulingSystems(): SandboxSchedulingSystems {
  const mindbodyAccepts = (c: { username: string; password: string; siteId: string }) =>
    c.siteId === MINDBODY_SANDBOX.siteId &&
    c.username === MINDBODY_SANDBOX.username &&
    c.password === MINDBODY_SANDBOX.password;
  const squareAccepts = (token: string) => token.startsWith(SQUARE_TOKEN_PREFIX) && token.length > 20;
  const one = (id: string, name: string): ExternalProvider[] => [{ id, name }];
  const catalogue = (strategy: keyof typeof SANDBOX_SERVICE_ITEMS) => async () =>
    adapterOk([...SANDBOX_SERVICE_ITEMS[strategy]]);

  return {
    name: 'sandbox',
    MINDBODY: {
      strategy: 'MINDBODY',
      fetchLocations: async (c) =>
        mindbodyAccepts(c)
          ? adapterOk([...SANDBOX_LOCATIONS.MINDBODY])
          : adapterFailure('rejected', CREDENTIALS_REFUSED),
      fetchProviders: async (c) =>
        mindbodyAccepts(c)
          ? adapterOk(one(c.siteId, 'Clean Slate Spa'))
          : adapterFailure('rejected', CREDENTIALS_REFUSED),
      fetchServiceItems: catalogue('MINDBODY'),
    },
    BOOKER: {
      strategy: 'BOOKER',
      fetchLocations: async () => adapterOk([...SANDBOX_LOCATIONS.BOOKER]),
      fetchProviders: async () => adapterOk(one('bk-account', 'Glow Studio')),
      fetchServiceItems: catalogue('BOOKER'),
    },
    BOULEVARD: {
      strategy: 'BOULEVARD',
      fetchLocations: async () => adapterFailure('not-connected', BOULEVARD_NOT_CONNECTED),
      fetchProviders: async () => adapterFailure('not-connected', BOULEVARD_NOT_CONNECTED),
      fetchServiceItems: catalogue('BOULEVARD'),
    },
    SQUARE: {
      strategy: 'SQUARE',
      fetchLocations: async ({ accessToken }) =>
        squareAccepts(accessToken)
          ? adapterOk([...SANDBOX_LOCATIONS.SQUARE])
          : adapterFailure('rejected', 'The Square access token is not valid'),
      fetchProviders: async ({ accessToken }) =>
        squareAccepts(accessToken)
          ? adapterOk(one('MLSANDBOX0001', 'Square Sandbox Medspa'))
          : adapterFailure('rejected', 'The Square access token is not valid'),
      fetchServiceItems: catalogue('SQUARE'),
      exchangeOAuthCode: async () =>
        adapterFailure('rejected', 'The authorization code is invalid, expired or was already used'),
    },
  };
}
