/**
 * A MINDBODY outage through the whole API: the stand-in made to stall, then to answer 500, behind the real
 * client (composed as the app composes it). Connections answer 502 `strategy/unavailable` with "MINDBODY did
 * not answer" within the client's time limit (and its retries for reads), nothing is logged as an
 * unexpected error, the rest of the console keeps answering meanwhile, and MINDBODY works again once the
 * stand-in does.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { inProcessFetch } from '../../server/outside/http';
import { MINDBODY_UNAVAILABLE } from '../../server/outside/mindbody/client';
import { mindbodyStandinRoutes } from '../../server/outside/mindbody/standin.routes';
import { MINDBODY_STANDIN_API_KEY, MINDBODY_STANDIN_PATH } from '../../server/outside/mindbody/wire';
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

const MINDBODY = { strategy: 'MINDBODY', username: 'Siteowner', password: 'apitest1234', siteId: '-99' };
const TIMEOUT_MS = 400;

describe('a MINDBODY outage on pglite', () => {
  const outage = outageSuite((db, faults, clientLog) => {
    const standin = new Hono().route(MINDBODY_STANDIN_PATH, mindbodyStandinRoutes({ db, faults }));
    return composeSchedulingSystems({
      mindbody: {
        baseUrl: () => `http://mindbody.test${MINDBODY_STANDIN_PATH}`,
        apiKey: MINDBODY_STANDIN_API_KEY,
        timeoutMs: TIMEOUT_MS,
        log: clientLog.log,
        fetch: inProcessFetch((request) => standin.fetch(request)),
      },
    });
  });

  it('a stalled MINDBODY: the message within the time limit, and the console answers meanwhile', async () => {
    const serenity = await providerId(outage.api.db, 'Serenity Med Spa');
    const { result, ms } = await stalledOnce(outage.faults, () =>
      answeredMeanwhile(outage.api, outage.as.admin, () =>
        call(outage.api, 'POST', '/strategies/fetch/locations', outage.as.glow, MINDBODY),
      ),
    );
    const error = expectError(result, 502, API_ERROR_CODES.strategyUnavailable);
    expect(error.message).toBe(MINDBODY_UNAVAILABLE);
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(ms).toBeLessThan(TIMEOUT_MS + OUTAGE_SLACK_MS);

    // A read that lets the time limit pass is not asked again: the caller is waiting.
    const items = await stalledOnce(outage.faults, () =>
      timed(() =>
        call(outage.api, 'GET', `/strategies/fetch/svc-items?provider=${serenity}`, outage.as.admin),
      ),
    );
    expectUnavailable(items, MINDBODY_UNAVAILABLE, TIMEOUT_MS + OUTAGE_SLACK_MS);
  });

  it('a MINDBODY answering 500: the message after the retries of a read, at once for a write', async () => {
    outage.faults.always = 'error';
    const serenity = await providerId(outage.api.db, 'Serenity Med Spa');
    const locations = await timed(() =>
      call(outage.api, 'POST', '/strategies/fetch/locations', outage.as.glow, MINDBODY),
    );
    expect(expectError(locations.result, 502, API_ERROR_CODES.strategyUnavailable).message).toBe(
      MINDBODY_UNAVAILABLE,
    );
    // At once: the write was sent one time, not repeated after the 500 (the log says the attempts made).
    expect(givenUp(outage.clientLog)).toMatchObject({
      system: 'MINDBODY',
      method: 'POST',
      status: 500,
      attempts: 1,
    });
    expect(locations.ms).toBeLessThan(TIMEOUT_MS + OUTAGE_SLACK_MS);
    const items = await timed(() =>
      call(outage.api, 'GET', `/strategies/fetch/svc-items?provider=${serenity}`, outage.as.admin),
    );
    expect(expectError(items.result, 502, API_ERROR_CODES.strategyUnavailable).message).toBe(
      MINDBODY_UNAVAILABLE,
    );
    // Two retries after 200 ms and 400 ms (and a little jitter), each answered at once.
    expect(givenUp(outage.clientLog)).toMatchObject({
      system: 'MINDBODY',
      method: 'GET',
      status: 500,
      attempts: 3,
    });
    expect(items.ms).toBeGreaterThanOrEqual(550);
    expect(items.ms).toBeLessThan(TIMEOUT_MS + OUTAGE_SLACK_MS);
    expect(
      outage.clientLog.lines.filter((line) => line['msg'] === 'Outside system did not answer').length,
    ).toBe(4);
  });

  it('answers again once MINDBODY does; no outage was logged as an unexpected error', async () => {
    delete outage.faults.always;
    const found = await call(outage.api, 'POST', '/strategies/fetch/locations', outage.as.glow, MINDBODY);
    expect(found.status).toBe(200);
    expect(outage.api.logged).toEqual([]);
    expect(outage.clientLog.errors).toEqual([]);
    expect(outage.clientLog.raw.join('\n')).not.toContain('apitest1234');
  });
});
