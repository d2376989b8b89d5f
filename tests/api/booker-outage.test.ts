/**
 * A Booker outage through the whole API: the stand-in made to stall, then to answer 500, behind the real
 * client (composed as the app composes it). A BOOKER connection's locations and a BOOKER provider's service
 * items answer 502 `strategy/unavailable` with "Booker did not answer" within the client's time limit (and
 * its retries for reads); nothing is logged as an unexpected error, the rest of the console keeps answering
 * meanwhile, and Booker works again once the stand-in does.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { BOOKER_UNAVAILABLE } from '../../server/outside/booker/client';
import { bookerStandinRoutes } from '../../server/outside/booker/standin.routes';
import {
  BOOKER_STANDIN_CLIENT_ID,
  BOOKER_STANDIN_CLIENT_SECRET,
  BOOKER_STANDIN_PATH,
  BOOKER_STANDIN_SUBSCRIPTION_KEY,
} from '../../server/outside/booker/wire';
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

const BOOKER = { strategy: 'BOOKER' };
const TIMEOUT_MS = 400;

describe('a Booker outage on pglite', () => {
  const outage = outageSuite((db, faults, clientLog) => {
    const standin = new Hono().route(BOOKER_STANDIN_PATH, bookerStandinRoutes({ db, faults }));
    return composeSchedulingSystems({
      booker: {
        baseUrl: () => `http://booker.test${BOOKER_STANDIN_PATH}`,
        clientId: BOOKER_STANDIN_CLIENT_ID,
        clientSecret: BOOKER_STANDIN_CLIENT_SECRET,
        subscriptionKey: BOOKER_STANDIN_SUBSCRIPTION_KEY,
        timeoutMs: TIMEOUT_MS,
        log: clientLog.log,
        fetch: inProcessFetch((request) => standin.fetch(request)),
      },
    });
  });

  it('answers while Booker does', async () => {
    const found = await call(outage.api, 'POST', '/strategies/fetch/locations', outage.as.glow, BOOKER);
    expect(found.status).toBe(200);
    expect((found.body as { id: string }[]).map((location) => location.id)).toEqual([
      'bk-101',
      'bk-102',
      'bk-103',
    ]);
  });

  it('a stalled Booker: the message within the time limit, and the console answers meanwhile', async () => {
    const harbor = await providerId(outage.api.db, 'Harbor Wellness');
    const { result, ms } = await stalledOnce(outage.faults, () =>
      answeredMeanwhile(outage.api, outage.as.admin, () =>
        call(outage.api, 'POST', '/strategies/fetch/locations', outage.as.glow, BOOKER),
      ),
    );
    expect(expectError(result, 502, API_ERROR_CODES.strategyUnavailable).message).toBe(BOOKER_UNAVAILABLE);
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    // A read that lets the time limit pass is not asked again: the caller is waiting.
    expect(ms).toBeLessThan(TIMEOUT_MS + OUTAGE_SLACK_MS);

    const items = await stalledOnce(outage.faults, () =>
      timed(() => call(outage.api, 'GET', `/strategies/fetch/svc-items?provider=${harbor}`, outage.as.admin)),
    );
    expectUnavailable(items, BOOKER_UNAVAILABLE, TIMEOUT_MS + OUTAGE_SLACK_MS);
  });

  it('a Booker answering 500: the message after the retries of a read', async () => {
    outage.faults.always = 'error';
    const harbor = await providerId(outage.api.db, 'Harbor Wellness');
    const found = await timed(() =>
      call(outage.api, 'GET', `/strategies/fetch/locations?provider=${harbor}`, outage.as.admin),
    );
    expect(expectError(found.result, 502, API_ERROR_CODES.strategyUnavailable).message).toBe(
      BOOKER_UNAVAILABLE,
    );
    // Two retries after 200 ms and 400 ms (and a little jitter), each answered at once.
    expect(givenUp(outage.clientLog)).toMatchObject({ system: 'Booker', status: 500, attempts: 3 });
    expect(found.ms).toBeGreaterThanOrEqual(550);
    expect(found.ms).toBeLessThan(TIMEOUT_MS + OUTAGE_SLACK_MS);
    const others = await call(outage.api, 'GET', '/svc-category', outage.as.admin);
    expect(others.status).toBe(200);
    expect(
      outage.clientLog.lines.filter((line) => line['msg'] === 'Outside system did not answer').length,
    ).toBe(3);
  });

  it('answers again once Booker does; no outage was logged as an unexpected error', async () => {
    delete outage.faults.always;
    const harbor = await providerId(outage.api.db, 'Harbor Wellness');
    const items = await call(
      outage.api,
      'GET',
      `/strategies/fetch/svc-items?provider=${harbor}`,
      outage.as.admin,
    );
    expect(items.status).toBe(200);
    expect((items.body as { items: { id: string }[] }).items[0]?.id).toBe('bk-501');
    expect(outage.api.logged).toEqual([]);
    expect(outage.clientLog.errors).toEqual([]);
    expect(outage.clientLog.raw.join('\n')).not.toContain(BOOKER_STANDIN_CLIENT_SECRET);
  });
});
