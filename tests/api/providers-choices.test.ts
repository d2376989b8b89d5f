/**
 * GET /providers/choices: each provider's id, name and place (its location's city and state) and nothing else,
 * in the list's name order, within the caller's providers exactly as GET /providers (an admin: all; a provider
 * user: their own, whatever the filters ask); a bad parameter is a 400 naming it.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { ProviderChoiceListSchema, ProviderListSchema } from '../../src/api/contract/provider';
import { call, callers, expectError, type Callers } from './provider-support';
import { engines, startTestServer, type TestServer } from './support';

describe.each(engines)('GET /providers/choices on %s', (engine) => {
  let api: TestServer;
  let as: Callers;
  beforeAll(async () => {
    api = await startTestServer(engine);
    as = await callers();
  });
  afterAll(async () => {
    await api?.stop();
  });

  const choices = async (token: string, query = '') => {
    const answer = await call(api, 'GET', `/providers/choices${query}`, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return {
      raw: answer.body as Record<string, unknown>[],
      list: v.parse(ProviderChoiceListSchema, answer.body),
    };
  };
  const whole = async (token: string) => {
    const answer = await call(api, 'GET', '/providers', token);
    expect(answer.status).toBe(200);
    return v.parse(ProviderListSchema, answer.body);
  };

  it("gives an admin every provider in the list's order, with only its id, name and place", async () => {
    const { raw, list } = await choices(as.admin);
    const providers = await whole(as.admin);
    expect(list.map(({ id, name }) => ({ id, name }))).toEqual(
      providers.map(({ id, name }) => ({ id, name })),
    );
    expect(list).toEqual(
      providers.map(({ id, name, location }) => ({
        id,
        name,
        location: location && { city: location.city, state: location.state },
      })),
    );
    for (const row of raw) {
      expect(Object.keys(row).sort()).toEqual(['id', 'location', 'name']);
      if (row['location'] !== null)
        expect(Object.keys(row['location'] as object).sort()).toEqual(['city', 'state']);
    }
    // Those that have not finished onboarding have no location yet.
    expect(list.filter((p) => p.location === null).map((p) => p.name)).toEqual([
      'Cedar Wellness Co',
      'Juniper Skin Co',
      'Pearl Day Spa',
    ]);
  });

  it('gives a provider user only their own providers, whatever the filters ask', async () => {
    expect((await choices(as.glow)).list.map((p) => p.name)).toEqual(['Glow Studio']);
    expect((await choices(as.multi)).list.map((p) => p.name)).toEqual([
      'Luxe Aesthetics',
      'Serenity Med Spa',
    ]);
    expect((await choices(as.unlinked)).list).toEqual([]);
    // Another business's name, asked for by name, is never answered.
    expect((await choices(as.multi, '?name=glow')).list).toEqual([]);
    expect((await choices(as.glow, '?name=serenity')).list).toEqual([]);
  });

  it('takes the filters of the list', async () => {
    const laser = (await choices(as.admin, '?name=LASER')).list.map((p) => p.name);
    expect(laser).toEqual(['Alpine Laser Studio', 'French Quarter Laser']);
    const manual = (await choices(as.admin, '?strategy=MANUAL')).list.map((p) => p.name);
    expect(manual).toContain('Glow Studio');
    expect(manual).not.toContain('Serenity Med Spa');
  });

  it.each([
    ['?strategy=ACME', 'strategy'],
    ['?onboarding=done', 'onboarding'],
    ['?public=yes&public=no', 'public'],
    ['?payoutsReady=maybe', 'payoutsReady'],
    ['?name=a&name=b', 'name'],
    ['?city=' + 'x'.repeat(201), 'city'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const error = expectError(
      await call(api, 'GET', `/providers/choices${query}`, as.admin),
      400,
      API_ERROR_CODES.invalidQuery,
      field,
    );
    expect(error.message).toMatch(new RegExp(field));
  });

  it('asks who is calling: 401 without a token, 403 for a customer', async () => {
    expectError(await call(api, 'GET', '/providers/choices'), 401, API_ERROR_CODES.unauthenticated);
    expectError(await call(api, 'GET', '/providers/choices', as.customer), 403, API_ERROR_CODES.forbidden);
  });
});
