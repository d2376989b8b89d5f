import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../src/api/contract/error';
import { ProviderListSchema } from '../../src/api/contract/provider';
import { engines, signIn, startTestServer, tokenFor, type TestServer } from './support';

describe.each(engines)('GET /providers on %s', (engine) => {
  let api: TestServer;
  beforeAll(async () => {
    api = await startTestServer(engine);
  });
  afterAll(async () => {
    await api?.stop();
  });

  async function list(token: string) {
    const response = await api.fetch('/providers', { token });
    expect(response.status).toBe(200);
    return v.parse(ProviderListSchema, await response.json());
  }

  it('gives an admin every provider, by name, each with its location', async () => {
    const providers = await list(await tokenFor('admin'));
    expect(providers.map((p) => p.name)).toEqual([
      'Aloha Facial Spa',
      'Alpine Laser Studio',
      'Beacon Hill Skin',
      'Bloom Beauty Lounge',
      'Brickell Aesthetics',
      'Cedar Wellness Co',
      'Evergreen Med Spa',
      'French Quarter Laser',
      'Glow Studio',
      'Harbor Wellness',
      'Juniper Skin Co',
      'Luxe Aesthetics',
      'Magnolia Skin Institute',
      'Music Row Beauty Bar',
      'Pearl Day Spa',
      'Pearl District Wellness',
      'Radiance Skin Bar',
      'Saguaro Skin Clinic',
      'Serenity Med Spa',
    ]);
    // Those that have not finished onboarding have no location yet.
    expect(providers.filter((p) => p.location === null).map((p) => p.name)).toEqual([
      'Cedar Wellness Co',
      'Juniper Skin Co',
      'Pearl Day Spa',
    ]);
    expect(new Set(providers.map((p) => p.strategy))).toEqual(
      new Set(['MANUAL', 'MINDBODY', 'BOULEVARD', 'SQUARE', 'BOOKER']),
    );
    const glow = providers.find((p) => p.name === 'Glow Studio');
    expect(glow?.strategy).toBe('MANUAL');
    expect(glow?.location).toMatchObject({
      city: expect.any(String),
      coordinates: { lat: expect.any(Number) },
    });
  });

  it('never sends credentials, only whether a provider has them', async () => {
    const response = await api.fetch('/providers', { token: await tokenFor('admin') });
    const text = await response.text();
    expect(text).not.toMatch(/password|accessToken|refreshToken/);
    const serenity = v.parse(ProviderListSchema, JSON.parse(text)).find((p) => p.name === 'Serenity Med Spa');
    expect(serenity?.hasCredentials).toBe(true);
  });

  it('gives a provider user only their own providers', async () => {
    const single = await list(await signIn('provider@upkeep.test', 'upkeep-provider'));
    expect(single.map((p) => p.name)).toEqual(['Glow Studio']);
    const multi = await list(await signIn('multi@upkeep.test', 'upkeep-multi'));
    expect(multi.map((p) => p.name)).toEqual(['Luxe Aesthetics', 'Serenity Med Spa']);
  });

  it('gives a provider account with no linked providers an empty list', async () => {
    expect(await list(await tokenFor('provider'))).toEqual([]);
  });

  it('refuses a customer (403) and an anonymous caller (401)', async () => {
    const customer = await api.fetch('/providers', { token: await tokenFor('user') });
    expect(customer.status).toBe(403);
    expect(v.parse(ApiErrorSchema, await customer.json()).code).toBe('auth/forbidden');
    const anonymous = await api.fetch('/providers');
    expect(anonymous.status).toBe(401);
  });
});
