/**
 * A Boulevard outage through the whole API: the stand-in made to stall, then to answer 500, behind the real
 * client (composed as the app composes it). Verifying a business and reading a provider's services answer 502
 * `strategy/unavailable` with "Boulevard did not answer" within the client's time limit (and its retries, a
 * GraphQL query being a read), which the console's verification shows as its retrying message; nothing is
 * logged as an unexpected error, the rest of the console keeps answering meanwhile, and Boulevard works again
 * once the stand-in does.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { BOULEVARD_UNAVAILABLE } from '../../server/outside/boulevard/client';
import { boulevardStandinRoutes } from '../../server/outside/boulevard/standin.routes';
import {
  BOULEVARD_STANDIN_API_KEY,
  BOULEVARD_STANDIN_API_SECRET,
  BOULEVARD_STANDIN_PATH,
} from '../../server/outside/boulevard/wire';
import { inProcessFetch } from '../../server/outside/http';
import { composeSchedulingSystems } from '../../server/strategies/config';
import {
  answeredMeanwhile,
  expectUnavailable,
  givenUp,
  OUTAGE_SLACK_MS,
  outageSuite,
  stalledOnce,
  timed,
} from './outside-support';
import { call, expectError, providerId } from './provider-support';

/** Luxe Aesthetics' business: installed on the stand-in by its data. */
const LUXE = { strategy: 'BOULEVARD', businessId: '3f7c2a9e-5b1d-4c8e-9a6f-2d4b8e1c7a05' };
const TIMEOUT_MS = 400;

describe('a Boulevard outage on pglite', () => {
  const outage = outageSuite((db, faults, clientLog) => {
    const standin = new Hono().route(BOULEVARD_STANDIN_PATH, boulevardStandinRoutes({ db, faults }));
    return composeSchedulingSystems({
      boulevard: {
        baseUrl: () => `http://boulevard.test${BOULEVARD_STANDIN_PATH}`,
        apiKey: BOULEVARD_STANDIN_API_KEY,
        apiSecret: BOULEVARD_STANDIN_API_SECRET,
        timeoutMs: TIMEOUT_MS,
        log: clientLog.log,
        fetch: inProcessFetch((request) => standin.fetch(request)),
      },
    });
  });

  it('a stalled Boulevard: the message within the time limit, and the console answers meanwhile', async () => {
    const luxe = await providerId(outage.api.db, 'Luxe Aesthetics');
    const { result, ms } = await stalledOnce(outage.faults, () =>
      answeredMeanwhile(outage.api, outage.as.admin, () =>
        call(outage.api, 'POST', '/strategies/fetch/locations', outage.as.glow, LUXE),
      ),
    );
    expect(expectError(result, 502, API_ERROR_CODES.strategyUnavailable).message).toBe(BOULEVARD_UNAVAILABLE);
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    // A query that lets the time limit pass is not asked again: the caller is waiting.
    expect(ms).toBeLessThan(TIMEOUT_MS + OUTAGE_SLACK_MS);

    const items = await stalledOnce(outage.faults, () =>
      timed(() => call(outage.api, 'GET', `/strategies/fetch/svc-items?provider=${luxe}`, outage.as.admin)),
    );
    expectUnavailable(items, BOULEVARD_UNAVAILABLE, TIMEOUT_MS + OUTAGE_SLACK_MS);
  });

  it('a Boulevard answering 500: the message after the retries of a query', async () => {
    outage.faults.always = 'error';
    const providers = await timed(() =>
      call(outage.api, 'POST', '/strategies/fetch/providers', outage.as.glow, LUXE),
    );
    expect(expectError(providers.result, 502, API_ERROR_CODES.strategyUnavailable).message).toBe(
      BOULEVARD_UNAVAILABLE,
    );
    // Two retries after 200 ms and 400 ms (and a little jitter), each answered at once.
    expect(givenUp(outage.clientLog)).toMatchObject({ system: 'Boulevard', status: 500, attempts: 3 });
    expect(providers.ms).toBeGreaterThanOrEqual(550);
    expect(providers.ms).toBeLessThan(TIMEOUT_MS + OUTAGE_SLACK_MS);
    const others = await call(outage.api, 'GET', '/svc-category', outage.as.admin);
    expect(others.status).toBe(200);
    expect(
      outage.clientLog.lines.filter((line) => line['msg'] === 'Outside system did not answer').length,
    ).toBe(3);
  });

  it('answers again once Boulevard does; no outage was logged as an unexpected error', async () => {
    delete outage.faults.always;
    const found = await call(outage.api, 'POST', '/strategies/fetch/locations', outage.as.glow, LUXE);
    expect(found.status).toBe(200);
    expect((found.body as { id: string }[]).map((location) => location.id)).toEqual([
      'urn:blvd:Location:8a1e',
    ]);
    expect(outage.api.logged).toEqual([]);
    expect(outage.clientLog.errors).toEqual([]);
    expect(outage.clientLog.raw.join('\n')).not.toContain(BOULEVARD_STANDIN_API_SECRET);
  });
});
