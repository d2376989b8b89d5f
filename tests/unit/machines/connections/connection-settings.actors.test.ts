import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../../../src/api/contract/error-codes';
import { createConnectionSettingsActors } from '../../../../src/machines/connections/connection-settings.actors';
import type { ApplyConnectionInput } from '../../../../src/machines/connections/connection-settings.machine';
import { PROVIDER } from '../../../support/api-records';
import { fakeActors, refusal } from '../../../support/fake-api';
import { runActor } from '../../../support/run-actor';
import { credentials } from './fixtures';

const connection = { id: 3, version: 2, externalId: 'biz-1' };
const boulevard = { ...PROVIDER, strategy: 'BOULEVARD' as const, externalId: 'biz-1', hasCredentials: true };
const saved = credentials(11, 'BOULEVARD');

const setup = () => fakeActors(createConnectionSettingsActors);

describe('connection settings: loading', () => {
  it("reads the provider and the credentials it connects with, keeping the provider's version and externalId", async () => {
    const { fake, actors } = setup();
    fake.on('GET /providers', [boulevard]).on('GET /credentials', saved);

    await expect(runActor(actors.loadConnection, { providerId: 3 })).resolves.toEqual({
      credentials: saved,
      provider: connection,
    });
    expect(fake.calls).toEqual([
      { method: 'GET', path: '/providers', query: { id: 3 }, idempotent: false },
      { method: 'GET', path: '/credentials', query: { provider: 3 }, idempotent: false },
    ]);
  });

  it('asks for no credentials when the provider has none (BOOKER, MANUAL)', async () => {
    const { fake, actors } = setup();
    fake.on('GET /providers', [{ ...PROVIDER, strategy: 'BOOKER' }]);

    const loaded = await runActor(actors.loadConnection, { providerId: 3 });

    expect(loaded.credentials).toBeNull();
    expect(fake.routes()).toEqual(['GET /providers']);
  });

  it('reads credentials that are not found (404) as none', async () => {
    const { fake, actors } = setup();
    fake
      .on('GET /providers', [boulevard])
      .on('GET /credentials', refusal(404, API_ERROR_CODES.credentialsNotFound, 'none'));

    await expect(runActor(actors.loadConnection, { providerId: 3 })).resolves.toEqual({
      credentials: null,
      provider: connection,
    });
  });

  it('fails on any other refusal of the credentials, and on a provider that is not there', async () => {
    const { fake, actors } = setup();
    fake
      .on('GET /providers', [boulevard], [])
      .on('GET /credentials', refusal(503, 'server/unavailable', 'down'));

    await expect(runActor(actors.loadConnection, { providerId: 3 })).rejects.toMatchObject({ status: 503 });
    await expect(runActor(actors.loadConnection, { providerId: 3 })).rejects.toThrow(
      'Provider 3 was not found',
    );
    expect(fake.routes()).toEqual(['GET /providers', 'GET /credentials', 'GET /providers']);
  });
});

describe('connection settings: applying a connection', () => {
  const apply = (input: Partial<ApplyConnectionInput>): ApplyConnectionInput => ({
    provider: connection,
    credentials: saved,
    outcome: { kind: 'boulevard', businessId: 'biz-2', externalId: 'biz-2' },
    ...input,
  });

  it("puts Boulevard's business id on the saved credentials and its id on the provider, each with its version", async () => {
    const { fake, actors } = setup();
    const written = { ...boulevard, externalId: 'biz-2', version: 3 };
    fake.on('PUT /credentials/11', { ...saved, businessId: 'biz-2' }).on('PUT /providers/3', written);

    const applied = await runActor(actors.applyConnection, apply({}));

    expect(applied).toEqual({ credentials: { ...saved, businessId: 'biz-2' }, provider: written });
    expect(fake.calls).toEqual([
      {
        method: 'PUT',
        path: '/credentials/11',
        body: { businessId: 'biz-2', version: saved.version },
        idempotent: false,
      },
      { method: 'PUT', path: '/providers/3', body: { externalId: 'biz-2', version: 2 }, idempotent: false },
    ]);
  });

  it('creates Boulevard credentials when the provider has none, and points the provider at them', async () => {
    const { fake, actors } = setup();
    fake.on('POST /credentials', credentials(14, 'BOULEVARD')).on('PUT /providers/3', boulevard);

    await runActor(
      actors.applyConnection,
      apply({ credentials: null, outcome: { kind: 'boulevard', businessId: 'biz-1', externalId: 'biz-1' } }),
    );

    expect(fake.calls).toEqual([
      {
        method: 'POST',
        path: '/credentials',
        body: { strategy: 'BOULEVARD', businessId: 'biz-1' },
        idempotent: true,
      },
      { method: 'PUT', path: '/providers/3', body: { credentialsId: 14, version: 2 }, idempotent: false },
    ]);
  });

  it('writes no provider when neither its externalId nor its credentials change', async () => {
    const { fake, actors } = setup();
    fake.on('PUT /credentials/11', saved);

    const applied = await runActor(
      actors.applyConnection,
      apply({ outcome: { kind: 'boulevard', businessId: 'biz-1', externalId: 'biz-1' } }),
    );

    expect(applied).toEqual({ credentials: saved, provider: null });
    expect(fake.routes()).toEqual(['PUT /credentials/11']);
  });

  it("reads Square's new credentials and points the provider at them", async () => {
    const { fake, actors } = setup();
    const square = credentials(15, 'SQUARE');
    fake.on('GET /credentials/15', square).on('PUT /providers/3', boulevard);

    const applied = await runActor(
      actors.applyConnection,
      apply({ outcome: { kind: 'square', credentialsId: 15 } }),
    );

    expect(applied.credentials).toEqual(square);
    expect(fake.calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['GET', '/credentials/15', undefined],
      ['PUT', '/providers/3', { credentialsId: 15, version: 2 }],
    ]);
  });

  it("points the provider at MINDBODY's first credentials, and writes nothing for the ones it has", async () => {
    const { fake, actors } = setup();
    fake.on('PUT /providers/3', PROVIDER);
    const first = credentials(16);

    await runActor(
      actors.applyConnection,
      apply({ credentials: null, outcome: { kind: 'credentials', credentials: first } }),
    );
    const again = await runActor(
      actors.applyConnection,
      apply({ credentials: first, outcome: { kind: 'credentials', credentials: first } }),
    );

    expect(again).toEqual({ credentials: first, provider: null });
    expect(fake.calls).toEqual([
      { method: 'PUT', path: '/providers/3', body: { credentialsId: 16, version: 2 }, idempotent: false },
    ]);
  });

  it('passes a stale provider write on as the refusal, after the credentials were saved', async () => {
    const { fake, actors } = setup();
    fake
      .on('PUT /credentials/11', saved)
      .on('PUT /providers/3', refusal(409, API_ERROR_CODES.recordStale, 'changed'));

    await expect(runActor(actors.applyConnection, apply({}))).rejects.toMatchObject({ status: 409 });
    expect(fake.routes()).toEqual(['PUT /credentials/11', 'PUT /providers/3']);
  });
});
