import { describe, expect, it } from 'vitest';
import { closedWeek } from '../../../../src/domain/providers/hours';
import {
  checkManageDrafts,
  draftNeedsGeocoding,
  EMPTY_LOCATION_DRAFT,
  isPlaceComplete,
  locationDraftFrom,
  withPlace,
  type LocationDraft,
  type ProviderDraft,
} from '../../../../src/domain/providers/provider-draft';
import { placeLineOf } from '../../../../src/domain/providers/providers';
import { loaded, type LoadedProvider } from '../../../../src/machines/providers/provider-manage.context';

const provider: ProviderDraft = {
  name: 'Glow Studio',
  description: '',
  phoneNumber: ' 555-0100 ',
  isSMSNotificationsEnabled: true,
  availableAfterDays: 2,
  logoURL: '',
  coverImageURL: ' /uploads/cover.png ',
};
const location: LocationDraft = {
  ...EMPTY_LOCATION_DRAFT,
  streetAddress: '1234 Montana Ave',
  city: 'Santa Monica',
  state: 'CA',
  zip: '90403',
  country: 'US',
  coordinates: '34.0336, -118.4979',
  taxRate: '10.25',
  billingContactEmail: ' a@glow.test ,\tb@glow.test, ',
};
const options = { hasLocation: true, addressRequired: 'Address is required' };
/** A saved location, as the API answers it. */
const boise = {
  ...closedWeek(),
  streetAddress: '9 Elm St',
  addressLine2: null,
  city: 'Boise',
  state: 'ID',
  zip: null,
  country: null,
  coordinates: { lat: 43.6, lng: -116.2 },
  taxRate: 0,
  billingContactEmail: null,
  isEMAILNotificationsEnabled: false,
  isPublic: true,
  timezone: 'America/Boise',
};

describe('manage drafts', () => {
  it('turns both drafts into what the API takes', () => {
    const checked = checkManageDrafts(provider, location, options);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value.provider).toEqual({
      name: 'Glow Studio',
      description: null,
      phoneNumber: '555-0100',
      isSMSNotificationsEnabled: true,
      availableAfterDays: 2,
      logoURL: null,
      coverImageURL: '/uploads/cover.png',
    });
    expect(checked.value.location).toMatchObject({
      coordinates: { lat: 34.0336, lng: -118.4979 },
      taxRate: 0.1025,
      billingContactEmail: 'a@glow.test,b@glow.test',
      fullAddress: '1234 Montana Ave, Santa Monica, CA 90403, US',
      timezone: 'America/Los_Angeles',
    });
  });

  it.each([
    [{ streetAddress: '' }, 'address', 'Address is required'],
    [{ city: ' ' }, 'address', 'Address is required'],
    [{ coordinates: '91, 0' }, 'coordinates', 'Enter coordinates as "lat, lng", e.g. 34.0336, -118.4979'],
    [{ taxRate: '-0.1' }, 'taxRate', 'Tax rate must be a percent from 0 to 100'],
    [{ taxRate: '100.5' }, 'taxRate', 'Tax rate must be a percent from 0 to 100'],
    [{ taxRate: 'ten' }, 'taxRate', 'Tax rate must be a percent from 0 to 100'],
    [{ billingContactEmail: 'a@b.test,not-mail' }, 'billingContactEmail', 'Not an email address: not-mail'],
    [{ timezone: '+05:00' }, 'timezone', 'Choose a time zone such as America/Los_Angeles'],
    [
      { hours: { ...closedWeek(), isOpenDay3: true, day3open: '9:00am', day3close: '9:00am' } },
      'day3',
      'Closing time must be after opening time',
    ],
  ] as const)('refuses %j on %s', (change, field, message) => {
    const checked = checkManageDrafts(provider, { ...location, ...change } as LocationDraft, options);
    expect(checked).toEqual({ ok: false, errors: { [field]: message } });
  });

  it('keeps state or country enough, and a tax rate of 0% and 100%', () => {
    for (const change of [{ state: '' }, { country: '' }, { taxRate: '0' }, { taxRate: '100' }]) {
      expect(checkManageDrafts(provider, { ...location, ...change }, options).ok).toBe(true);
    }
  });

  it('reads the tax rate typed as a percent, with or without its sign, as the rate from 0 to 1', () => {
    for (const [typed, rate] of [
      ['10.25', 0.1025],
      ['8.875 %', 0.08875],
      ['100', 1],
      ['0', 0],
    ] as const) {
      const checked = checkManageDrafts(provider, { ...location, taxRate: typed }, options);
      expect(checked.ok && checked.value.location?.taxRate).toBe(rate);
    }
  });

  it('shows a stored tax rate as its percent', () => {
    for (const [rate, shown] of [
      [0.1025, '10.25'],
      [0.07, '7'],
      [0.08875, '8.875'],
      [1, '100'],
    ] as const) {
      const draft = locationDraftFrom({ ...boise, coordinates: null, taxRate: rate });
      expect(draft.taxRate).toBe(shown);
    }
  });

  it('a provider without a location may leave it empty; once typed, the address is required', () => {
    const none = checkManageDrafts(provider, EMPTY_LOCATION_DRAFT, { ...options, hasLocation: false });
    expect(none.ok && none.value.location).toBeNull();
    const typed = checkManageDrafts(
      provider,
      { ...EMPTY_LOCATION_DRAFT, city: 'Boise' },
      {
        ...options,
        hasLocation: false,
      },
    );
    expect(typed).toEqual({ ok: false, errors: { address: 'Address is required' } });
    expect(checkManageDrafts({ ...provider, name: ' ' }, location, options)).toEqual({
      ok: false,
      errors: { name: 'Name is required' },
    });
  });

  it('geocodes only a complete address without coordinates', () => {
    expect(draftNeedsGeocoding({ ...location, coordinates: '' })).toBe(true);
    expect(draftNeedsGeocoding(location)).toBe(false);
    expect(draftNeedsGeocoding({ ...location, coordinates: '', streetAddress: '' })).toBe(false);
  });

  it('a place fills what it has; completeness needs street, city, zip and state or country', () => {
    const place = {
      streetAddress: null,
      city: 'Boise',
      state: 'ID',
      zip: null,
      country: 'US',
      coordinates: { lat: 43.6, lng: -116.2 },
    };
    expect(withPlace(location, place)).toMatchObject({
      streetAddress: '1234 Montana Ave',
      city: 'Boise',
      zip: '90403',
      coordinates: '43.6, -116.2',
    });
    expect(isPlaceComplete(place)).toBe(false);
    expect(isPlaceComplete({ ...place, streetAddress: '9 Elm St', zip: '83702' })).toBe(true);
  });

  it('reads a saved location back into a draft', () => {
    expect(locationDraftFrom(null)).toEqual(EMPTY_LOCATION_DRAFT);
    const draft = locationDraftFrom(boise);
    expect(draft).toMatchObject({
      zip: '',
      taxRate: '0',
      coordinates: '43.6, -116.2',
      timezone: 'America/Boise',
    });
  });

  it('a new location’s draft starts in the marketplace settings’ default zone; a saved one keeps its own', () => {
    expect(locationDraftFrom(null, 'Europe/Berlin')).toEqual({
      ...EMPTY_LOCATION_DRAFT,
      timezone: 'Europe/Berlin',
    });
    expect(locationDraftFrom(null).timezone).toBe('America/Los_Angeles');
    // The machine's load: a provider without a location, with the settings' zone.
    const provider = { id: 7, name: 'Zoned', location: null } as unknown as LoadedProvider['provider'];
    const change = loaded({ provider, location: null, defaultTimezone: 'Asia/Tokyo' });
    expect(change.locationDraft?.timezone).toBe('Asia/Tokyo');
    // Nothing is unsaved: the draft and what was loaded agree.
    expect(change.savedLocationDraft).toEqual(change.locationDraft);
    const saved = locationDraftFrom({ ...closedWeek(), timezone: 'America/Boise' } as never, 'Asia/Tokyo');
    expect(saved.timezone).toBe('America/Boise');
  });

  it('a tile shows "city, state, country" or nothing when the city is unknown', () => {
    expect(placeLineOf({ city: 'Chicago', state: 'IL', country: 'US' })).toBe('Chicago, IL, US');
    expect(placeLineOf({ city: 'Paris', state: null, country: 'FR' })).toBe('Paris, FR');
    expect(placeLineOf({ city: null, state: 'IL', country: 'US' })).toBeNull();
    expect(placeLineOf(null)).toBeNull();
  });
});
