import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../../src/api/client';
import { API_ERROR_CODES, RECORD_STALE_MESSAGE } from '../../../../src/api/contract/error-codes';
import type { CheckedDrafts, CheckedLocation } from '../../../../src/domain/providers/provider-draft';
import type { SaveProviderInput } from '../../../../src/machines/providers/provider-manage.machine';
import {
  createAddressSearchActors,
  createProviderManageActors,
} from '../../../../src/machines/providers/provider-manage.actors';
import { deleted, LOCATION, PLACE, PROVIDER, SETTINGS } from '../../../support/api-records';
import { fakeActors, fakeApi, refusal } from '../../../support/fake-api';
import { runActor, startActor } from '../../../support/run-actor';

const {
  id: _id,
  version: _version,
  name: _name,
  externalLocationId: _external,
  ...locationFields
} = LOCATION;
const { settlementAccount: _account, stripeAccount: _stripe, ...checkedLocation } = locationFields;
const typedLocation: CheckedLocation = { ...checkedLocation, city: 'Venice' };

const values = (location: CheckedLocation | null): CheckedDrafts => ({
  provider: {
    name: 'Glow',
    description: null,
    phoneNumber: '555-0100',
    isSMSNotificationsEnabled: true,
    availableAfterDays: 2,
    logoURL: null,
    coverImageURL: null,
  },
  location,
});

/** A save as the view asks for it: both records read (provider 3 at version 2, location 7 at 4). */
const save = (overrides: Partial<SaveProviderInput> = {}): SaveProviderInput => ({
  providerId: 3,
  locationId: 7,
  providerVersion: 2,
  locationVersion: 4,
  values: values(typedLocation),
  ...overrides,
});

const stale = () => refusal(409, API_ERROR_CODES.recordStale, RECORD_STALE_MESSAGE);

const setup = () => fakeActors(createProviderManageActors);

describe('the provider manage view actors', () => {
  it('loads the provider by id with the marketplace default zone', async () => {
    const { fake, actors } = setup();
    fake.on('GET /providers', [PROVIDER]).on('GET /settings', SETTINGS);

    const loaded = await runActor(actors.loadProvider, { providerId: 3 });

    expect(loaded).toEqual({ provider: PROVIDER, location: LOCATION, defaultTimezone: 'America/New_York' });
    expect(fake.calls).toEqual([
      { method: 'GET', path: '/providers', query: { id: 3 }, idempotent: false },
      { method: 'GET', path: '/settings', idempotent: false },
    ]);
  });

  it('loads the provider without a default zone when the settings are refused', async () => {
    const { fake, actors } = setup();
    fake
      .on('GET /providers', [{ ...PROVIDER, location: null }])
      .on('GET /settings', refusal(503, 'server/unavailable', 'down'));

    const loaded = await runActor(actors.loadProvider, { providerId: 3 });

    expect(loaded).toEqual({ provider: { ...PROVIDER, location: null }, location: null });
    expect(fake.routes()).toEqual(['GET /providers', 'GET /settings']);
  });

  it('fails with "Provider not found" when the list has no such provider', async () => {
    const { fake, actors } = setup();
    fake.on('GET /providers', []).on('GET /settings', SETTINGS);

    await expect(runActor(actors.loadProvider, { providerId: 99 })).rejects.toThrow('Provider not found');
    expect(fake.calls[0]).toMatchObject({ path: '/providers', query: { id: 99 } });
  });

  it('geocodes the typed address', async () => {
    const { fake, actors } = setup();
    fake.on('GET /geo/geocode', PLACE);

    await expect(runActor(actors.geocodeAddress, { address: '90403' })).resolves.toEqual(PLACE);
    expect(fake.calls).toEqual([
      { method: 'GET', path: '/geo/geocode', query: { address: '90403' }, idempotent: false },
    ]);
  });

  it('saves the provider and its location side by side, each with the version it was read at', async () => {
    const { fake, actors } = setup();
    const savedLocation = { ...LOCATION, city: 'Venice', version: 5 };
    fake
      .on('PUT /providers/3', { ...PROVIDER, name: 'Glow', version: 3 })
      .on('PUT /locations/7', savedLocation);

    const result = await runActor(actors.saveProvider, save());

    expect(result).toEqual({
      provider: { ok: true, record: { ...PROVIDER, name: 'Glow', version: 3 } },
      location: { ok: true, record: savedLocation },
    });
    expect(fake.calls).toEqual([
      {
        method: 'PUT',
        path: '/providers/3',
        body: { ...values(null).provider, version: 2 },
        idempotent: false,
      },
      { method: 'PUT', path: '/locations/7', body: { ...typedLocation, version: 4 }, idempotent: false },
    ]);
  });

  it('answers each part refused as a value, the other one saved', async () => {
    const { fake, actors } = setup();
    fake.on('PUT /providers/3', PROVIDER).on('PUT /locations/7', stale());

    const result = await runActor(actors.saveProvider, save());

    expect(result.provider).toEqual({ ok: true, record: PROVIDER });
    expect(result.location).toEqual({ ok: false, error: expect.any(ApiRequestError) });
    expect(result.location).toMatchObject({ error: { status: 409, code: API_ERROR_CODES.recordStale } });
  });

  it('saves only the provider when it has no location and none was typed', async () => {
    const { fake, actors } = setup();
    fake.on('PUT /providers/3', PROVIDER);

    const result = await runActor(actors.saveProvider, save({ locationId: null, values: values(null) }));

    expect(result).toEqual({
      provider: { ok: true, record: PROVIDER },
      location: { ok: true, record: null },
    });
    expect(fake.routes()).toEqual(['PUT /providers/3']);
  });

  it('creates a typed location first (one Idempotency-Key) and links the provider to it', async () => {
    const { fake, actors } = setup();
    const created = { ...LOCATION, id: 12, version: 1 };
    fake.on('POST /locations', created).on('PUT /providers/3', { ...PROVIDER, location: created });

    const result = await runActor(actors.saveProvider, save({ locationId: null }));

    expect(result).toEqual({
      provider: { ok: true, record: { ...PROVIDER, location: created } },
      location: { ok: true, record: created },
    });
    expect(fake.calls).toEqual([
      { method: 'POST', path: '/locations', body: typedLocation, idempotent: true },
      {
        method: 'PUT',
        path: '/providers/3',
        body: { ...values(null).provider, version: 2, locationId: 12 },
        idempotent: false,
      },
    ]);
  });

  it('still saves the provider, unlinked, when creating its location is refused', async () => {
    const { fake, actors } = setup();
    fake
      .on(
        'POST /locations',
        refusal(400, API_ERROR_CODES.invalidBody, 'Address is required', 'streetAddress'),
      )
      .on('PUT /providers/3', PROVIDER);

    const result = await runActor(actors.saveProvider, save({ locationId: null }));

    expect(result.provider).toEqual({ ok: true, record: PROVIDER });
    expect(result.location).toMatchObject({ ok: false, error: { field: 'streetAddress' } });
    expect(fake.calls[1]?.body).toEqual({ ...values(null).provider, version: 2 });
  });

  it('deletes the new location again when the provider update that links it is refused', async () => {
    const { fake, actors } = setup();
    const phoneRefused = refusal(400, API_ERROR_CODES.invalidBody, 'phoneNumber is too long', 'phoneNumber');
    fake
      .on('POST /locations', { ...LOCATION, id: 12, version: 1 })
      .on('PUT /providers/3', phoneRefused, stale())
      .on('DELETE /locations/12', deleted(12), refusal(503, 'server/unavailable', 'down'));

    const refused = await runActor(actors.saveProvider, save({ locationId: null }));
    const staleResult = await runActor(actors.saveProvider, save({ locationId: null }));

    // Answered as saved, the location would stay in the view unlinked: its next save never links it.
    expect(refused.provider).toMatchObject({ ok: false, error: { field: 'phoneNumber' } });
    expect(refused.location).toEqual(refused.provider);
    expect(staleResult.location).toMatchObject({ ok: false, error: { code: API_ERROR_CODES.recordStale } });
    expect(fake.routes()).toEqual([
      'POST /locations',
      'PUT /providers/3',
      'DELETE /locations/12',
      'POST /locations',
      'PUT /providers/3',
      'DELETE /locations/12',
    ]);
  });

  it('sends no write of a record whose version was never read', async () => {
    const { fake, actors } = setup();

    const result = await runActor(
      actors.saveProvider,
      save({ providerVersion: undefined, locationVersion: undefined }),
    );

    expect(result.provider).toMatchObject({ ok: false, error: { message: 'The provider was not loaded' } });
    expect(result.location).toMatchObject({ ok: false, error: { message: 'The location was not loaded' } });
    expect(fake.calls).toEqual([]);
  });
});

describe('the address search actors', () => {
  it('asks for suggestions with the actor signal, so a newer search calls the older one off', async () => {
    const fake = fakeApi();
    const suggestion = {
      placeId: 'p1',
      description: 'Main St, Venice',
      mainText: 'Main St',
      secondaryText: 'Venice',
    };
    fake.on('GET /geo/autocomplete', { suggestions: [suggestion] });
    const actors = createAddressSearchActors(fake.client);

    const { actor, done } = startActor(actors.searchAddresses, { text: 'Main' });
    await expect(done).resolves.toEqual([suggestion]);
    expect(fake.calls).toEqual([
      {
        method: 'GET',
        path: '/geo/autocomplete',
        query: { q: 'Main' },
        idempotent: false,
        signal: expect.any(AbortSignal),
      },
    ]);

    const second = startActor(actors.searchAddresses, { text: 'Mai' });
    second.actor.stop();
    expect(fake.calls[1]?.signal?.aborted).toBe(true);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('reads the chosen place by its encoded id', async () => {
    const fake = fakeApi();
    fake.on('GET /geo/place/zip%3A90403', PLACE);

    await expect(
      runActor(createAddressSearchActors(fake.client).placeDetails, { placeId: 'zip:90403' }),
    ).resolves.toEqual(PLACE);
    expect(fake.routes()).toEqual(['GET /geo/place/zip%3A90403']);
  });
});
