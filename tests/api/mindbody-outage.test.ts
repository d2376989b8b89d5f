/**
 * A MINDBODY outage through the whole API: the stand-in made to stall, then to answer 500, behind the real
 * client (composed as the app composes it). Connections answer 502 `strategy/unavailable` with "MINDBODY did
 * not answer" within the client's time limit (and its retries for reads), nothing is logged as an
 * unexpected error, the rest of the console keeps answering meanwhile, and MINDBODY works again once the
 * stand-in does.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { inProcessFetch } from '../../server/outside/http';
import { MINDBODY_UNAVAILABLE } from '../../server/outside/mindbody/client';
import { mindbodyStandinRoutes, type StandinFaults } from '../../server/outside/mindbody/standin.routes';
import { MINDBODY_STANDIN_API_KEY, MINDBODY_STANDIN_PATH } from '../../server/outside/mindbody/wire';
import { composeSchedulingSystems } from '../../server/strategies/config';
import { call, callers, expectError, providerId, type Callers } from './provider-support';
import {
  captureLog,
  openTestDatabase,
  startTestServer,
  timed,
  type TestDatabase,
  type TestServer,
} from './support';

const MINDBODY = { strategy: 'MINDBODY', username: 'Siteowner', password: 'apitest1234', siteId: '-99' };
const TIMEOUT_MS = 400;

describe('a MINDBODY outage on pglite', () => {
  let api: TestServer;
  let as: Callers;
  let standinDb: TestDatabase;
  const faults: StandinFaults = { next: [] };
  const clientLog = captureLog();

  beforeAll(async () => {
    standinDb = await openTestDatabase('pglite');
    const standin = new Hono().route(
      MINDBODY_STANDIN_PATH,
      mindbodyStandinRoutes({ db: standinDb.handle.db, faults }),
    );
    api = await startTestServer('pglite', {
      schedulingSystems: composeSchedulingSystems({
        mindbody: {
          baseUrl: () => `http://mindbody.test${MINDBODY_STANDIN_PATH}`,
          apiKey: MINDBODY_STANDIN_API_KEY,
          timeoutMs: TIMEOUT_MS,
          log: clientLog.log,
          fetch: inProcessFetch((request) => standin.fetch(request)),
        },
      }),
    });
    as = await callers();
  });
  afterAll(async () => {
    await api?.stop();
    await standinDb?.dispose();
  });

  it('a stalled MINDBODY: the message within the time limit, and the console answers meanwhile', async () => {
    faults.always = 'stall';
    const serenity = await providerId(api.db, 'Serenity Med Spa');
    const stalled = timed(() => call(api, 'POST', '/strategies/fetch/locations', as.glow, MINDBODY));
    const others = await timed(() => call(api, 'GET', '/svc-category', as.admin));
    expect(others.result.status).toBe(200);
    const { result, ms } = await stalled;
    expect(others.ms).toBeLessThan(ms);
    const error = expectError(result, 502, API_ERROR_CODES.strategyUnavailable);
    expect(error.message).toBe(MINDBODY_UNAVAILABLE);
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(ms).toBeLessThan(TIMEOUT_MS + 1500);

    // A read that lets the time limit pass is not asked again: the caller is waiting.
    const items = await timed(() =>
      call(api, 'GET', `/strategies/fetch/svc-items?provider=${serenity}`, as.admin),
    );
    expect(expectError(items.result, 502, API_ERROR_CODES.strategyUnavailable).message).toBe(
      MINDBODY_UNAVAILABLE,
    );
    expect(items.ms).toBeLessThan(TIMEOUT_MS + 1500);
  });

  it('a MINDBODY answering 500: the message after the retries of a read, at once for a write', async () => {
    faults.always = 'error';
    const serenity = await providerId(api.db, 'Serenity Med Spa');
    const locations = await timed(() => call(api, 'POST', '/strategies/fetch/locations', as.glow, MINDBODY));
    expect(expectError(locations.result, 502, API_ERROR_CODES.strategyUnavailable).message).toBe(
      MINDBODY_UNAVAILABLE,
    );
    expect(locations.ms).toBeLessThan(TIMEOUT_MS);
    const items = await timed(() =>
      call(api, 'GET', `/strategies/fetch/svc-items?provider=${serenity}`, as.admin),
    );
    expect(expectError(items.result, 502, API_ERROR_CODES.strategyUnavailable).message).toBe(
      MINDBODY_UNAVAILABLE,
    );
    // Two retries after 200 ms and 400 ms (and a little jitter), each answered at once.
    expect(items.ms).toBeGreaterThanOrEqual(550);
    expect(items.ms).toBeLessThan(TIMEOUT_MS + 1500);
    expect(clientLog.lines.filter((line) => line['msg'] === 'Outside system did not answer').length).toBe(4);
  });

  it('answers again once MINDBODY does; no outage was logged as an unexpected error', async () => {
    delete faults.always;
    const found = await call(api, 'POST', '/strategies/fetch/locations', as.glow, MINDBODY);
    expect(found.status).toBe(200);
    expect(api.logged).toEqual([]);
    expect(clientLog.errors).toEqual([]);
    expect(clientLog.raw.join('\n')).not.toContain('apitest1234');
  });
});
