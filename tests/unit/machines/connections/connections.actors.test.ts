import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../../../src/api/contract/error-codes';
import {
  createApiLocationActors,
  createBoulevardConnectionActors,
  createMindbodyCredentialsActors,
  createSquareOAuthActors,
  type SquareBrowser,
} from '../../../../src/machines/connections/connections.actors';
import { LOCATION } from '../../../support/api-records';
import { fakeApi, refusal } from '../../../support/fake-api';
import { runActor } from '../../../support/run-actor';
import { credentials, LOCATION as EXTERNAL } from './fixtures';

const mindbody = { strategy: 'MINDBODY' as const, username: 'owner', siteId: '-99' };

describe('MINDBODY credentials actors', () => {
  it('reads the locations with the typed credentials, or with the saved password', async () => {
    const fake = fakeApi();
    fake.on('POST /strategies/fetch/locations', [EXTERNAL]);
    const { fetchLocations } = createMindbodyCredentialsActors(fake.client);

    await expect(runActor(fetchLocations, { ...mindbody, password: 'secret' })).resolves.toEqual([EXTERNAL]);
    await runActor(fetchLocations, { ...mindbody, credentialsId: 11 });

    expect(fake.calls.map((call) => call.body)).toEqual([
      { ...mindbody, password: 'secret' },
      { ...mindbody, credentialsId: 11 },
    ]);
  });

  it('creates new credentials (one Idempotency-Key)', async () => {
    const fake = fakeApi();
    fake.on('POST /credentials', credentials(11));

    await expect(
      runActor(createMindbodyCredentialsActors(fake.client).saveCredentials, {
        id: null,
        version: null,
        body: { ...mindbody, password: 'secret' },
      }),
    ).resolves.toEqual(credentials(11));
    expect(fake.calls).toEqual([
      { method: 'POST', path: '/credentials', body: { ...mindbody, password: 'secret' }, idempotent: true },
    ]);
  });

  it('updates saved credentials without the strategy, with the version read, or read just before', async () => {
    const fake = fakeApi();
    fake
      .on('PUT /credentials/11', credentials(11))
      .on('GET /credentials/11', { ...credentials(11), version: 5 });
    const { saveCredentials } = createMindbodyCredentialsActors(fake.client);

    await runActor(saveCredentials, { id: 11, version: 2, body: mindbody });
    await runActor(saveCredentials, { id: 11, version: null, body: mindbody });

    expect(fake.calls).toEqual([
      {
        method: 'PUT',
        path: '/credentials/11',
        body: { username: 'owner', siteId: '-99', version: 2 },
        idempotent: false,
      },
      { method: 'GET', path: '/credentials/11', idempotent: false },
      {
        method: 'PUT',
        path: '/credentials/11',
        body: { username: 'owner', siteId: '-99', version: 5 },
        idempotent: false,
      },
    ]);
  });

  it('reads the saved credentials again after a stale save', async () => {
    const fake = fakeApi();
    fake.on('GET /credentials/11', { ...credentials(11), version: 7 });

    const fresh = await runActor(createMindbodyCredentialsActors(fake.client).reloadCredentials, { id: 11 });

    expect(fresh.version).toBe(7);
    expect(fake.routes()).toEqual(['GET /credentials/11']);
  });
});

describe('Boulevard connection actors', () => {
  it("reads the business's locations and providers side by side", async () => {
    const fake = fakeApi();
    const providers = [{ id: 'blvd-p1', name: 'Glow Studio' }];
    fake.on('POST /strategies/fetch/locations', [EXTERNAL]).on('POST /strategies/fetch/providers', providers);

    const verified = await runActor(createBoulevardConnectionActors(fake.client).verifyBusiness, {
      businessId: 'biz-1',
    });

    expect(verified).toEqual({ locations: [EXTERNAL], providers });
    const body = { strategy: 'BOULEVARD', businessId: 'biz-1' };
    expect(fake.calls).toEqual([
      { method: 'POST', path: '/strategies/fetch/locations', body, idempotent: false },
      { method: 'POST', path: '/strategies/fetch/providers', body, idempotent: false },
    ]);
  });

  it('fails when the system does not know the business', async () => {
    const fake = fakeApi();
    fake
      .on('POST /strategies/fetch/locations', refusal(404, 'strategies/not-found', 'no such business'))
      .on('POST /strategies/fetch/providers', []);

    await expect(
      runActor(createBoulevardConnectionActors(fake.client).verifyBusiness, { businessId: 'nope' }),
    ).rejects.toMatchObject({ status: 404, code: 'strategies/not-found' });
  });
});

describe('Square OAuth actors', () => {
  function setup() {
    const fake = fakeApi();
    const authorized: string[] = [];
    const browser: SquareBrowser = {
      newState: async () => 'state-1',
      authorize: async (state) => {
        authorized.push(state);
      },
    };
    return { fake, authorized, actors: createSquareOAuthActors(fake.client, browser) };
  }

  it("leaves the round trip's state and the page to the browser, sending nothing", async () => {
    const { fake, authorized, actors } = setup();

    await expect(runActor(actors.newState, undefined)).resolves.toBe('state-1');
    await runActor(actors.authorize, { state: 'state-1' });

    expect(authorized).toEqual(['state-1']);
    expect(fake.calls).toEqual([]);
  });

  it('exchanges the code for credentials, then reads the locations with them', async () => {
    const { fake, actors } = setup();
    fake
      .on('POST /strategies/exchange-oauth-code', credentials(12, 'SQUARE'))
      .on('POST /strategies/fetch/locations', [EXTERNAL]);

    await expect(runActor(actors.exchangeCode, { code: 'sq-code' })).resolves.toEqual(
      credentials(12, 'SQUARE'),
    );
    await expect(runActor(actors.fetchLocations, { credentialsId: 12 })).resolves.toEqual([EXTERNAL]);
    expect(fake.calls.map((call) => call.body)).toEqual([
      { strategy: 'SQUARE', code: 'sq-code' },
      { strategy: 'SQUARE', credentialsId: 12 },
    ]);
  });
});

describe('API location actors', () => {
  it("reads the provider's system's locations", async () => {
    const fake = fakeApi();
    fake.on('GET /strategies/fetch/locations', [EXTERNAL]);

    await expect(
      runActor(createApiLocationActors(fake.client).loadLocations, { providerId: 3 }),
    ).resolves.toEqual([EXTERNAL]);
    expect(fake.calls).toEqual([
      { method: 'GET', path: '/strategies/fetch/locations', query: { provider: 3 }, idempotent: false },
    ]);
  });

  it('saves the chosen location on the location with the version read', async () => {
    const fake = fakeApi();
    fake.on('PUT /locations/7', { ...LOCATION, externalLocationId: 'mb-1', version: 5 });

    const saved = await runActor(createApiLocationActors(fake.client).associateLocation, {
      locationId: 7,
      externalLocationId: 'mb-1',
      version: 4,
    });

    expect(saved).toMatchObject({ externalLocationId: 'mb-1', version: 5 });
    expect(fake.calls).toEqual([
      {
        method: 'PUT',
        path: '/locations/7',
        body: { externalLocationId: 'mb-1', version: 4 },
        idempotent: false,
      },
    ]);
  });

  it('reads the location again from the list, and fails when it is gone', async () => {
    const fake = fakeApi();
    fake.on('GET /locations', [{ ...LOCATION, id: 6 }, LOCATION]);
    const { reloadLocation } = createApiLocationActors(fake.client);

    await expect(runActor(reloadLocation, { locationId: 7 })).resolves.toEqual(LOCATION);
    await expect(runActor(reloadLocation, { locationId: 8 })).rejects.toThrow('Location 8 was not found');
    expect(fake.routes()).toEqual(['GET /locations', 'GET /locations']);
  });

  it('passes a stale association on as the refusal', async () => {
    const fake = fakeApi();
    fake.on('PUT /locations/7', refusal(409, API_ERROR_CODES.recordStale, 'changed'));

    await expect(
      runActor(createApiLocationActors(fake.client).associateLocation, {
        locationId: 7,
        externalLocationId: 'mb-1',
        version: 3,
      }),
    ).rejects.toMatchObject({ code: API_ERROR_CODES.recordStale });
  });
});
