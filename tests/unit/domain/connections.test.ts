import { describe, expect, it } from 'vitest';
import {
  checkBusinessId,
  checkMindbodyDraft,
  profilePatchOf,
} from '../../../src/domain/connections/connection';
import { connectionLocationsFrom, locationLabel } from '../../../src/domain/connections/locations';
import { SQUARE_SCOPES, squareAuthorizeUrl } from '../../../src/domain/connections/square';
import { credentialsInputOf } from '../../../src/domain/onboarding/profile';
import { EMPTY_CREDENTIALS } from '../../../src/domain/onboarding/drafts';

const place = {
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

describe('connection rules', () => {
  it('MINDBODY and Boulevard required fields use the catalogue messages', () => {
    expect(checkMindbodyDraft({ username: ' ', password: '', siteId: '' })).toEqual({
      username: 'Username required',
      password: 'Password required',
      siteId: 'Site ID required',
    });
    expect(checkMindbodyDraft({ username: 'u', password: ' ', siteId: '-99' })).toEqual({});
    expect(checkBusinessId('  ')).toBe('Business ID required');
    expect(checkBusinessId('blvd-1')).toBeNull();
  });

  it('a picked location fills the address, coordinates, zone and externalLocationId', () => {
    expect(profilePatchOf(place)).toEqual({
      streetAddress: '1201 3rd Ave',
      addressLine2: '',
      city: 'Seattle',
      state: 'WA',
      zip: '98101',
      country: 'US',
      coordinates: { lat: 47.6, lng: -122.3 },
      externalLocationId: 'mb-1',
      timezone: 'America/Los_Angeles',
    });
    expect(locationLabel(place)).toBe('Downtown (1201 3rd Ave, Seattle, WA)');
    expect(locationLabel({ ...place, streetAddress: null, city: null, state: null })).toBe('Downtown');
  });

  it('stored locations are read back, anything else left out', () => {
    expect(connectionLocationsFrom([place, { id: 3 }, null, 'x'])).toEqual([place]);
    expect(connectionLocationsFrom({ not: 'a list' })).toEqual([]);
    expect(connectionLocationsFrom([{ id: 'a', name: 'A', coordinates: { lat: 'x' } }])).toEqual([
      {
        id: 'a',
        name: 'A',
        streetAddress: null,
        addressLine2: null,
        city: null,
        state: null,
        zip: null,
        country: null,
        coordinates: null,
        timezone: null,
      },
    ]);
  });

  it('the Square authorisation URL carries the scopes, state and return', () => {
    const url = new URL(
      squareAuthorizeUrl({
        authorizeUrl: 'https://sq.example/oauth2/authorize',
        clientId: 'app',
        state: 'abcdefghijklmnopqrst',
        redirectUri: 'https://console.example/provider/onboarding/credentials',
      }),
    );
    expect(url.searchParams.get('scope')?.split(' ')).toEqual([...SQUARE_SCOPES]);
    expect(url.searchParams.get('state')).toBe('abcdefghijklmnopqrst');
    expect(url.searchParams.get('redirect_uri')).toBe(
      'https://console.example/provider/onboarding/credentials',
    );
  });

  it('a credentials update leaves blank secrets out, so the saved ones stay', () => {
    expect(credentialsInputOf('SQUARE', EMPTY_CREDENTIALS)).toEqual({ strategy: 'SQUARE' });
    expect(credentialsInputOf('MINDBODY', { ...EMPTY_CREDENTIALS, username: 'u', siteId: '-99' })).toEqual({
      strategy: 'MINDBODY',
      username: 'u',
      siteId: '-99',
    });
    expect(credentialsInputOf('MINDBODY', { ...EMPTY_CREDENTIALS, password: 'p' })).toMatchObject({
      password: 'p',
    });
  });
});
