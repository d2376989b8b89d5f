import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { API_ERROR_CODES } from '../../../../src/api/contract/error-codes';
import {
  EMPTY_CREDENTIALS,
  locationInputOf,
  NO_IDS,
  providerInputOf,
} from '../../../../src/domain/onboarding/profile';
import {
  createOnboardingWizardActors,
  createProviderCreationActors,
} from '../../../../src/machines/onboarding/onboarding.actors';
import type { ProviderCreationInput } from '../../../../src/machines/onboarding/provider-creation.machine';
import { AVAILABILITY, category, deleted, LOCATION, PROVIDER } from '../../../support/api-records';
import { fakeActors, fakeApi, refusal } from '../../../support/fake-api';
import { runActor, startActor } from '../../../support/run-actor';
import { credentials } from '../connections/fixtures';
import { COMPLETE_PROFILE } from './fixtures';

const mindbodyBody = { strategy: 'MINDBODY' as const, username: 'owner', password: 'secret', siteId: '-99' };
const locationBody = locationInputOf(COMPLETE_PROFILE);
const providerBody = providerInputOf('MINDBODY', COMPLETE_PROFILE, {
  credentialsId: 11,
  locationId: 7,
  providerId: null,
});

const setup = () => fakeActors(createProviderCreationActors);

describe('provider creation actors', () => {
  it('creates new credentials, a location and a provider, each with an Idempotency-Key', async () => {
    const { fake, actors } = setup();
    fake
      .on('POST /credentials', credentials(11))
      .on('POST /locations', LOCATION)
      .on('POST /providers', PROVIDER);

    await expect(runActor(actors.saveCredentials, { id: null, body: mindbodyBody })).resolves.toEqual(
      credentials(11),
    );
    await expect(
      runActor(actors.saveLocation, { id: null, version: null, body: locationBody }),
    ).resolves.toEqual(LOCATION);
    await expect(
      runActor(actors.saveProvider, { id: null, version: null, body: providerBody }),
    ).resolves.toEqual(PROVIDER);
    expect(fake.calls).toEqual([
      { method: 'POST', path: '/credentials', body: mindbodyBody, idempotent: true },
      { method: 'POST', path: '/locations', body: locationBody, idempotent: true },
      { method: 'POST', path: '/providers', body: providerBody, idempotent: true },
    ]);
  });

  it('reads saved credentials just before updating them, with the version read', async () => {
    const { fake, actors } = setup();
    fake
      .on('GET /credentials/11', { ...credentials(11), version: 6 })
      .on('PUT /credentials/11', credentials(11));

    await runActor(actors.saveCredentials, { id: 11, body: mindbodyBody });

    expect(fake.routes()).toEqual(['GET /credentials/11', 'PUT /credentials/11']);
    expect(fake.calls[1]?.body).toEqual({ ...mindbodyBody, version: 6 });
  });

  it('updates a saved location with the version it was saved at, without reading it', async () => {
    const { fake, actors } = setup();
    fake.on('PUT /locations/7', { ...LOCATION, version: 5 });

    const saved = await runActor(actors.saveLocation, { id: 7, version: 4, body: locationBody });

    expect(saved.version).toBe(5);
    expect(fake.calls).toEqual([
      { method: 'PUT', path: '/locations/7', body: { ...locationBody, version: 4 }, idempotent: false },
    ]);
  });

  it('reads the version of a saved location it does not know from the locations list', async () => {
    const { fake, actors } = setup();
    fake
      .on('GET /locations', [
        { ...LOCATION, id: 6, version: 1 },
        { ...LOCATION, version: 9 },
      ])
      .on('PUT /locations/7', LOCATION);

    await runActor(actors.saveLocation, { id: 7, version: null, body: locationBody });

    expect(fake.routes()).toEqual(['GET /locations', 'PUT /locations/7']);
    expect(fake.calls[1]?.body).toEqual({ ...locationBody, version: 9 });
  });

  it('reads the version of a saved provider it does not know by the provider id', async () => {
    const { fake, actors } = setup();
    fake.on('GET /providers', [{ ...PROVIDER, version: 8 }]).on('PUT /providers/3', PROVIDER);

    await runActor(actors.saveProvider, { id: 3, version: null, body: providerBody });

    expect(fake.calls).toEqual([
      { method: 'GET', path: '/providers', query: { id: 3 }, idempotent: false },
      { method: 'PUT', path: '/providers/3', body: { ...providerBody, version: 8 }, idempotent: false },
    ]);
  });

  it('passes a refused update on as the API error', async () => {
    const { fake, actors } = setup();
    fake.on('PUT /providers/3', refusal(409, API_ERROR_CODES.recordStale, 'changed'));

    await expect(
      runActor(actors.saveProvider, { id: 3, version: 2, body: providerBody }),
    ).rejects.toMatchObject({ status: 409, code: API_ERROR_CODES.recordStale });
    expect(fake.routes()).toEqual(['PUT /providers/3']);
  });

  it('deletes a location and credentials by id', async () => {
    const { fake, actors } = setup();
    fake.on('DELETE /locations/22', deleted(22)).on('DELETE /credentials/11', deleted(11));

    await expect(runActor(actors.deleteLocation, { id: 22 })).resolves.toEqual(deleted(22));
    await expect(runActor(actors.deleteCredentials, { id: 11 })).resolves.toEqual(deleted(11));
    expect(fake.routes()).toEqual(['DELETE /locations/22', 'DELETE /credentials/11']);
  });
});

describe('the onboarding wizard actors', () => {
  const mindbody: ProviderCreationInput = {
    strategy: 'MINDBODY',
    profile: COMPLETE_PROFILE,
    credentials: { ...EMPTY_CREDENTIALS, username: 'owner', password: 'secret', siteId: '-99' },
    ids: NO_IDS,
  };

  async function create(fake: ReturnType<typeof fakeApi>) {
    const { actor, done } = startActor(createOnboardingWizardActors(fake.client).providerCreation, mindbody);
    actor.send({ type: 'creation.submit' });
    return done;
  }

  it('bind provider creation to the API: the three records, newest last', async () => {
    const fake = fakeApi();
    fake
      .on('POST /credentials', credentials(11))
      .on('POST /locations', { ...LOCATION, id: 22, version: 1 })
      .on('POST /providers', { ...PROVIDER, id: 33, version: 1 });

    const output = await create(fake);

    expect(output).toEqual({
      created: true,
      ids: { credentialsId: 11, locationId: 22, locationVersion: 1, providerId: 33, providerVersion: 1 },
    });
    expect(fake.calls[2]?.body).toMatchObject({ name: 'Bloom Spa', locationId: 22, credentialsId: 11 });
  });

  it('undo what the run created, newest first, when the provider is refused', async () => {
    const fake = fakeApi();
    fake
      .on('POST /credentials', credentials(11))
      .on('POST /locations', { ...LOCATION, id: 22, version: 1 })
      .on('POST /providers', refusal(400, API_ERROR_CODES.invalidBody, 'name is required', 'name'))
      .on('DELETE /locations/22', deleted(22))
      .on('DELETE /credentials/11', deleted(11));

    const output = await create(fake);

    expect(output.created).toBe(false);
    expect(output.ids).toMatchObject({ credentialsId: null, locationId: null, providerId: null });
    expect(fake.routes()).toEqual([
      'POST /credentials',
      'POST /locations',
      'POST /providers',
      'DELETE /locations/22',
      'DELETE /credentials/11',
    ]);
  });

  it('bind the availability editor to the API: the categories and the location availability', async () => {
    const fake = fakeApi();
    fake.on('GET /svc-category', [category(1, 'Facials')]).on('GET /availabilities', [AVAILABILITY]);

    const { actor } = startActor(createOnboardingWizardActors(fake.client).availabilityEditor, {
      locationId: 7,
    });
    const editing = await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.stop();

    expect(editing.context.categories).toEqual([{ id: 1, name: 'Facials' }]);
    expect(fake.calls).toEqual([
      { method: 'GET', path: '/svc-category', query: {}, idempotent: false },
      { method: 'GET', path: '/availabilities', query: { locationId: 7 }, idempotent: false },
    ]);
  });
});
