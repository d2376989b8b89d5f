/**
 * GET /settings and PUT /settings (02 §9): who may read and write them, the 400 naming the field for each
 * bad value, the 409 on a stale version, and the rules on the server that follow each setting.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderActivitySchema } from '../../src/api/contract/appointment';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { LocationSchema, ProviderSchema } from '../../src/api/contract/provider';
import { MarketplaceSettingsSchema, type MarketplaceSettings } from '../../src/api/contract/settings';
import { DEFAULT_SETTINGS, type MarketplaceSettingsValues } from '../../src/domain/settings/settings';
import { call, callers, expectError, expectNoChange, providerId, type Callers } from './provider-support';
import { engines, startTestServer, type TestServer } from './support';

const ADDRESS = {
  streetAddress: '500 Ocean Ave',
  city: 'Santa Monica',
  state: 'CA',
  zip: '90402',
  country: 'US',
};

describe.each(engines)('/settings on %s', (engine) => {
  let api: TestServer;
  let as: Callers;
  beforeAll(async () => {
    api = await startTestServer(engine);
    as = await callers();
  });
  afterAll(async () => {
    await api?.stop();
  });

  const read = async (token = as.admin) => {
    const result = await call(api, 'GET', '/settings', token);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return v.parse(MarketplaceSettingsSchema, result.body);
  };
  const valuesOf = ({ version: _v, updatedAt: _u, ...values }: MarketplaceSettings) => values;
  /** Saves `change` on top of what is stored, with the version read. */
  const change = async (values: Partial<MarketplaceSettingsValues>) => {
    const current = await read();
    const result = await call(api, 'PUT', '/settings', as.admin, {
      ...valuesOf(current),
      ...values,
      version: current.version,
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return v.parse(MarketplaceSettingsSchema, result.body);
  };
  const restore = () => change(DEFAULT_SETTINGS);

  it('reads the spec’s values at first, for an admin and for a provider user', async () => {
    const expected = { ...DEFAULT_SETTINGS, version: 1, updatedAt: null };
    expect(await read()).toEqual(expected);
    expect(await read(as.glow)).toEqual(expected);
    expect(await read(as.unlinked)).toEqual(expected);
    expect(DEFAULT_SETTINGS).toEqual({
      lateCancelHours: 24,
      commissionPresets: [15, 20],
      defaultCommission: 20,
      availableAfterDaysOptions: [0, 1, 2, 7],
      defaultTimezone: 'America/Los_Angeles',
      activityWindowDays: 30,
    });
  });

  it('401 without a token; 403 for a customer on GET and for a provider on PUT; nothing changes', async () => {
    expectError(await call(api, 'GET', '/settings'), 401, API_ERROR_CODES.unauthenticated);
    expectError(await call(api, 'GET', '/settings', as.customer), 403, API_ERROR_CODES.forbidden);
    const body = { ...DEFAULT_SETTINGS, lateCancelHours: 1, version: 1 };
    await expectNoChange(api.db, async () => {
      expectError(await call(api, 'PUT', '/settings', undefined, body), 401, API_ERROR_CODES.unauthenticated);
      expectError(await call(api, 'PUT', '/settings', as.glow, body), 403, API_ERROR_CODES.forbidden);
      expectError(await call(api, 'PUT', '/settings', as.unlinked, body), 403, API_ERROR_CODES.forbidden);
    });
    expect((await read()).lateCancelHours).toBe(24);
  });

  it('saves every setting with the version read; the version goes up and a stale version is a 409', async () => {
    const before = await read();
    const saved = await change({
      lateCancelHours: 48,
      commissionPresets: [10, 15, 25],
      defaultCommission: 25,
      availableAfterDaysOptions: [0, 3, 14],
      defaultTimezone: 'America/New_York',
      activityWindowDays: 7,
    });
    expect(saved).toMatchObject({
      lateCancelHours: 48,
      commissionPresets: [10, 15, 25],
      defaultCommission: 25,
      availableAfterDaysOptions: [0, 3, 14],
      defaultTimezone: 'America/New_York',
      activityWindowDays: 7,
      version: before.version + 1,
    });
    expect(saved.updatedAt).not.toBeNull();
    expect(await read(as.glow)).toEqual(saved);
    // Someone who read the old version cannot overwrite the change.
    await expectNoChange(api.db, async () =>
      expectError(
        await call(api, 'PUT', '/settings', as.admin, { ...DEFAULT_SETTINGS, version: before.version }),
        409,
        API_ERROR_CODES.recordStale,
        'version',
      ),
    );
    expect(await read()).toEqual(saved);
    await restore();
  });

  it.each([
    [{ lateCancelHours: 169 }, 'lateCancelHours'],
    [{ lateCancelHours: -1 }, 'lateCancelHours'],
    [{ lateCancelHours: 1.5 }, 'lateCancelHours'],
    [{ lateCancelHours: '24' }, 'lateCancelHours'],
    [{ commissionPresets: [] }, 'commissionPresets'],
    [{ commissionPresets: [15, 15] }, 'commissionPresets'],
    [{ commissionPresets: [10, 20, 30, 40, 50, 60] }, 'commissionPresets'],
    [{ commissionPresets: [101, 20] }, 'commissionPresets'],
    [{ defaultCommission: 30 }, 'defaultCommission'],
    [{ availableAfterDaysOptions: [] }, 'availableAfterDaysOptions'],
    [{ availableAfterDaysOptions: [0, 366] }, 'availableAfterDaysOptions'],
    [{ availableAfterDaysOptions: [1, 1] }, 'availableAfterDaysOptions'],
    [{ availableAfterDaysOptions: [0, 1, 2, 3, 4, 5, 6, 7, 8] }, 'availableAfterDaysOptions'],
    [{ defaultTimezone: 'Mars/Olympus_Mons' }, 'defaultTimezone'],
    [{ defaultTimezone: '+05:00' }, 'defaultTimezone'],
    [{ activityWindowDays: 0 }, 'activityWindowDays'],
    [{ activityWindowDays: 366 }, 'activityWindowDays'],
    [{ version: undefined }, 'version'],
  ])('refuses %j with a 400 naming %s, and changes nothing', async (values, field) => {
    const current = await read();
    await expectNoChange(api.db, async () =>
      expectError(
        await call(api, 'PUT', '/settings', as.admin, {
          ...valuesOf(current),
          version: current.version,
          ...values,
        }),
        400,
        API_ERROR_CODES.invalidBody,
        field,
      ),
    );
  });

  it('the activity window: GET /appointments/activity counts the days the setting says', async () => {
    const glow = await providerId(api.db, 'Glow Studio');
    const activity = async () => {
      const result = await call(api, 'GET', `/appointments/activity?provider=${glow}`, as.glow);
      expect(result.status).toBe(200);
      return v.parse(ProviderActivitySchema, result.body);
    };
    const thirty = await activity();
    expect(thirty).toMatchObject({ bookingsPast30Days: 7, activityWindowDays: 30 });
    await change({ activityWindowDays: 1 });
    const one = await activity();
    expect(one.activityWindowDays).toBe(1);
    expect(one.bookingsPast30Days).toBeLessThan(thirty.bookingsPast30Days);
    await change({ activityWindowDays: 365 });
    expect((await activity()).bookingsPast30Days).toBeGreaterThan(thirty.bookingsPast30Days);
    await restore();
    expect(await activity()).toEqual(thirty);
  });

  it('the default time zone: a location or provider created without one takes the setting', async () => {
    const create = async (path: string, body: object) => {
      const result = await call(api, 'POST', path, as.admin, body);
      expect(result.status, JSON.stringify(result.body)).toBe(201);
      return result.body;
    };
    expect(v.parse(LocationSchema, await create('/locations', ADDRESS)).timezone).toBe('America/Los_Angeles');
    await change({ defaultTimezone: 'Europe/Berlin' });
    expect(v.parse(LocationSchema, await create('/locations', ADDRESS)).timezone).toBe('Europe/Berlin');
    expect(v.parse(ProviderSchema, await create('/providers', { name: 'Berlin Brows' })).timezone).toBe(
      'Europe/Berlin',
    );
    // A zone sent is kept.
    const sent = await create('/locations', { ...ADDRESS, timezone: 'Asia/Tokyo' });
    expect(v.parse(LocationSchema, sent).timezone).toBe('Asia/Tokyo');
    await restore();
  });

  it('the available-after options: a provider may pick only an offered option', async () => {
    expectError(
      await call(api, 'POST', '/providers', as.admin, { name: 'Three Days', availableAfterDays: 3 }),
      400,
      API_ERROR_CODES.invalidBody,
      'availableAfterDays',
    );
    await change({ availableAfterDaysOptions: [0, 3, 14] });
    const created = await call(api, 'POST', '/providers', as.admin, {
      name: 'Three Days',
      availableAfterDays: 3,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const provider = v.parse(ProviderSchema, created.body);
    expect(provider.availableAfterDays).toBe(3);
    // 7 is no longer offered; a save that keeps the stored value is still fine.
    expectError(
      await call(api, 'PUT', `/providers/${provider.id}`, as.admin, {
        availableAfterDays: 7,
        version: provider.version,
      }),
      400,
      API_ERROR_CODES.invalidBody,
      'availableAfterDays',
    );
    const kept = await call(api, 'PUT', `/providers/${provider.id}`, as.admin, {
      availableAfterDays: 3,
      description: 'Kept',
      version: provider.version,
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    await restore();
  });
});
