/**
 * GET /providers sorted and filtered by strategy, payouts ready and public, and GET /providers/facets: each
 * count is the number of rows the list shows with that value added, within the caller's providers; a bad
 * parameter is a 400 naming it.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import {
  ProviderFacetsSchema,
  ProviderPageSchema,
  type ProviderFacets,
} from '../../src/api/contract/provider-list';
import { onboardingStageOf, ONBOARDING_STAGE_RANK } from '../../src/domain/providers/provider-list';
import { call, callers, expectError, type Callers } from './provider-support';
import { engines, startTestServer, type TestServer } from './support';

describe.each(engines)('/providers facets and sort on %s', (engine) => {
  let api: TestServer;
  let as: Callers;
  beforeAll(async () => {
    api = await startTestServer(engine);
    as = await callers();
  });
  afterAll(async () => {
    await api?.stop();
  });

  const page = async (query: string, token: string) => {
    const answer = await call(api, 'GET', `/providers?pageSize=200&${query}`, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return v.parse(ProviderPageSchema, answer.body);
  };
  const facets = async (query: string, token: string) => {
    const answer = await call(api, 'GET', `/providers/facets?${query}`, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return v.parse(ProviderFacetsSchema, answer.body);
  };

  /** Every count of `counted` equals the list's total with that value added to `base`. */
  async function expectCountsMatchRows(counted: ProviderFacets, base: string, token: string) {
    expect((await page(base, token)).total).toBe(counted.total);
    const checks: [string, { value: string; count: number }[]][] = [
      ['strategy', counted.strategy],
      ['onboarding', counted.onboarding],
      ['payoutsReady', counted.payoutsReady],
      ['public', counted.public],
      ['country', counted.country],
      ['city', counted.city],
    ];
    for (const [name, values] of checks) {
      // Counts ignore the facet's own filter, so the list is asked without it.
      const others = base
        .split('&')
        .filter((part) => part && !part.startsWith(`${name}=`))
        .join('&');
      for (const { value, count } of values) {
        const rows = await page(
          [others, `${name}=${encodeURIComponent(value)}`].filter(Boolean).join('&'),
          token,
        );
        expect(rows.total, `${name}=${value} with ${others}`).toBe(count);
      }
    }
  }

  it('counts each value as the rows the list shows with it (admin, no filter)', async () => {
    const counted = await facets('', as.admin);
    expect(counted.total).toBeGreaterThan(3);
    expect(counted.strategy.reduce((sum, row) => sum + row.count, 0)).toBe(counted.total);
    expect(counted.payoutsReady.reduce((sum, row) => sum + row.count, 0)).toBe(counted.total);
    expect(counted.public.reduce((sum, row) => sum + row.count, 0)).toBe(counted.total);
    expect(counted.onboarding.find((row) => row.value === 'started')?.count).toBe(counted.total);
    expect(counted.country.length).toBeGreaterThan(0);
    expect(counted.city.length).toBeGreaterThan(0);
    await expectCountsMatchRows(counted, '', as.admin);
  });

  it('keeps a chosen value’s neighbours and narrows the other facets', async () => {
    const all = await facets('', as.admin);
    const strategy = all.strategy[0];
    if (!strategy) throw new Error('a strategy expected');
    const narrowed = await facets(`strategy=${strategy.value}`, as.admin);
    expect(narrowed.strategy).toEqual(all.strategy);
    expect(narrowed.total).toBe(strategy.count);
    await expectCountsMatchRows(narrowed, `strategy=${strategy.value}`, as.admin);
    const city = all.city[0];
    if (!city) throw new Error('a city expected');
    await expectCountsMatchRows(
      await facets(`city=${encodeURIComponent(city.value)}&public=yes`, as.admin),
      `city=${encodeURIComponent(city.value)}&public=yes`,
      as.admin,
    );
  });

  it('counts a provider user’s own providers only', async () => {
    const mine = await facets('', as.multi);
    expect(mine.total).toBe(2);
    expect(mine.strategy.reduce((sum, row) => sum + row.count, 0)).toBe(2);
    await expectCountsMatchRows(mine, '', as.multi);
    const none = await facets('', as.unlinked);
    expect(none).toMatchObject({ total: 0, strategy: [], country: [], city: [] });
  });

  it('sorts by each column both ways, ties by name', async () => {
    const names = (rows: { name: string }[]) => rows.map((row) => row.name);
    const asc = await page('sort=name&dir=asc', as.admin);
    const desc = await page('sort=name&dir=desc', as.admin);
    expect(names(desc.providers)).toEqual(names(asc.providers).reverse());
    const byStage = await page('sort=onboarding&dir=desc', as.admin);
    const ranks = byStage.providers.map((row) => ONBOARDING_STAGE_RANK[onboardingStageOf(row.onboarding)]);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    const byStrategy = await page('sort=strategy', as.admin);
    const strategies = byStrategy.providers.map((row) => row.strategy);
    expect(strategies).toEqual([...strategies].sort());
    const byPayouts = await page('sort=payoutsReady&dir=desc', as.admin);
    const ready = byPayouts.providers.map((row) => row.onboarding.payoutsReady);
    expect(ready).toEqual([...ready].sort((a, b) => Number(b) - Number(a)));
    const byPlace = await page('sort=place', as.admin);
    const cities = byPlace.providers.map((row) => row.location?.city?.toLowerCase() ?? null);
    const placed = cities.filter((city) => city !== null);
    expect(placed).toEqual([...placed].sort());
    // Providers without a place come last.
    expect(cities.slice(placed.length).every((city) => city === null)).toBe(true);
    const byPublic = await page('sort=public&dir=asc', as.admin);
    const flags = byPublic.providers.map((row) => row.location?.isPublic ?? false);
    expect(flags).toEqual([...flags].sort((a, b) => Number(a) - Number(b)));
  });

  it.each([
    ['/providers?sort=rating', 'sort'],
    ['/providers?dir=up', 'dir'],
    ['/providers?strategy=ACME', 'strategy'],
    ['/providers?payoutsReady=maybe', 'payoutsReady'],
    ['/providers?public=1', 'public'],
    ['/providers?sort=name&sort=place', 'sort'],
    ['/providers/facets?strategy=ACME', 'strategy'],
    ['/providers/facets?onboarding=done', 'onboarding'],
    ['/providers/facets?public=yes&public=no', 'public'],
    ['/providers/facets?city=' + 'x'.repeat(201), 'city'],
  ])('refuses %s, naming %s', async (path, field) => {
    const error = expectError(
      await call(api, 'GET', path, as.admin),
      400,
      API_ERROR_CODES.invalidQuery,
      field,
    );
    expect(error.message).toMatch(new RegExp(field));
  });

  it('asks who is calling: 401 without a token, 403 for a customer', async () => {
    expect((await call(api, 'GET', '/providers/facets')).status).toBe(401);
    expect((await call(api, 'GET', '/providers/facets', as.customer)).status).toBe(403);
  });
});
