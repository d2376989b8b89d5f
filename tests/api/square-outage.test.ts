/**
 * A Square outage through the whole API: the stand-in made to stall, then to answer 500, behind the real
 * client (composed as the app composes it). Connections answer 502 `strategy/unavailable` with "Square did
 * not answer" within the client's time limit (and its retries for reads; a code exchange is not repeated),
 * nothing is logged as an unexpected error, the rest of the console keeps answering meanwhile, and Square
 * works again once the stand-in does.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { inProcessFetch } from '../../server/outside/http';
import { mindbodyStandinRoutes } from '../../server/outside/mindbody/standin.routes';
import { MINDBODY_STANDIN_API_KEY, MINDBODY_STANDIN_PATH } from '../../server/outside/mindbody/wire';
import { SQUARE_UNAVAILABLE } from '../../server/outside/square/client';
import { demoSquareTokens } from '../../server/outside/square/standin-data';
import type { StandinFaults } from '../../server/outside/standin';
import {
  SQUARE_STANDIN_APPLICATION_ID,
  SQUARE_STANDIN_APPLICATION_SECRET,
} from '../../server/outside/square/wire';
import { composeSchedulingSystems } from '../../server/strategies/config';
import { call, callers, expectError, providerId, type Callers } from './provider-support';
import { answeredMeanwhile, givenUp, OUTAGE_SLACK_MS, stalledOnce } from './outside-support';
import { SQUARE_BASE, squareStandin } from './square-support';
import {
  captureLog,
  openTestDatabase,
  startTestServer,
  timed,
  type TestDatabase,
  type TestServer,
} from './support';

const SQUARE = { strategy: 'SQUARE', accessToken: demoSquareTokens('').accessToken };
const TIMEOUT_MS = 400;

describe('a Square outage on pglite', () => {
  let api: TestServer;
  let as: Callers;
  let standinDb: TestDatabase;
  const faults: StandinFaults = { next: [] };
  const clientLog = captureLog();

  beforeAll(async () => {
    standinDb = await openTestDatabase('pglite');
    const square = squareStandin({ db: standinDb.handle.db, faults });
    const mindbody = new Hono().route(
      MINDBODY_STANDIN_PATH,
      mindbodyStandinRoutes({ db: standinDb.handle.db }),
    );
    api = await startTestServer('pglite', {
      schedulingSystems: composeSchedulingSystems({
        mindbody: {
          baseUrl: () => `http://mindbody.test${MINDBODY_STANDIN_PATH}`,
          apiKey: MINDBODY_STANDIN_API_KEY,
          timeoutMs: TIMEOUT_MS,
          log: clientLog.log,
          fetch: inProcessFetch((request) => mindbody.fetch(request)),
        },
        square: {
          baseUrl: () => SQUARE_BASE,
          applicationId: SQUARE_STANDIN_APPLICATION_ID,
          applicationSecret: SQUARE_STANDIN_APPLICATION_SECRET,
          timeoutMs: TIMEOUT_MS,
          log: clientLog.log,
          fetch: inProcessFetch((request) => square.fetch(request)),
        },
      }),
    });
    as = await callers();
  });
  afterAll(async () => {
    await api?.stop();
    await standinDb?.dispose();
  });

  const unavailable = (result: { status: number; body: unknown }) =>
    expectError(result, 502, API_ERROR_CODES.strategyUnavailable).message;

  it('answers while Square does', async () => {
    const found = await call(api, 'POST', '/strategies/fetch/locations', as.glow, SQUARE);
    expect(found.status).toBe(200);
  });

  it('a stalled Square: the message within the time limit, and the console answers meanwhile', async () => {
    const radiance = await providerId(api.db, 'Radiance Skin Bar');
    const { result, ms } = await stalledOnce(faults, () =>
      answeredMeanwhile(api, as.admin, () =>
        call(api, 'POST', '/strategies/fetch/locations', as.glow, SQUARE),
      ),
    );
    expect(unavailable(result)).toBe(SQUARE_UNAVAILABLE);
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(ms).toBeLessThan(TIMEOUT_MS + OUTAGE_SLACK_MS);

    // A read that lets the time limit pass is not asked again: the caller is waiting.
    const items = await stalledOnce(faults, () =>
      timed(() => call(api, 'GET', `/strategies/fetch/svc-items?provider=${radiance}`, as.admin)),
    );
    expect(unavailable(items.result)).toBe(SQUARE_UNAVAILABLE);
    expect(items.ms).toBeLessThan(TIMEOUT_MS + OUTAGE_SLACK_MS);
    const exchange = await stalledOnce(faults, () =>
      timed(() =>
        call(api, 'POST', '/strategies/exchange-oauth-code', as.glow, {
          strategy: 'SQUARE',
          code: 'sq0cgp-x',
        }),
      ),
    );
    expect(unavailable(exchange.result)).toBe(SQUARE_UNAVAILABLE);
    expect(exchange.ms).toBeLessThan(TIMEOUT_MS + OUTAGE_SLACK_MS);
  });

  it('a Square answering 500: the message after the retries of a read, at once for the code exchange', async () => {
    faults.always = 'error';
    const radiance = await providerId(api.db, 'Radiance Skin Bar');
    const exchange = await timed(() =>
      call(api, 'POST', '/strategies/exchange-oauth-code', as.glow, { strategy: 'SQUARE', code: 'sq0cgp-x' }),
    );
    expect(unavailable(exchange.result)).toBe(SQUARE_UNAVAILABLE);
    // At once: the exchange was sent one time, not repeated after the 500 (the log says the attempts made).
    expect(givenUp(clientLog)).toMatchObject({ system: 'Square', method: 'POST', status: 500, attempts: 1 });
    expect(exchange.ms).toBeLessThan(TIMEOUT_MS + OUTAGE_SLACK_MS);
    const items = await timed(() =>
      call(api, 'GET', `/strategies/fetch/locations?provider=${radiance}`, as.admin),
    );
    expect(unavailable(items.result)).toBe(SQUARE_UNAVAILABLE);
    // Two retries after 200 ms and 400 ms (and a little jitter), each answered at once.
    expect(givenUp(clientLog)).toMatchObject({ system: 'Square', method: 'GET', status: 500, attempts: 3 });
    expect(items.ms).toBeGreaterThanOrEqual(550);
    expect(items.ms).toBeLessThan(TIMEOUT_MS + OUTAGE_SLACK_MS);
    expect(clientLog.lines.filter((line) => line['msg'] === 'Outside system did not answer').length).toBe(5);
  });

  it('answers again once Square does; no outage was logged as an unexpected error', async () => {
    delete faults.always;
    const radiance = await providerId(api.db, 'Radiance Skin Bar');
    const found = await call(api, 'GET', `/strategies/fetch/locations?provider=${radiance}`, as.admin);
    expect(found.status).toBe(200);
    expect(api.logged).toEqual([]);
    expect(clientLog.errors).toEqual([]);
    expect(clientLog.raw.join('\n')).not.toContain(SQUARE.accessToken);
  });
});
