/**
 * A Booker outage through the whole API: the stand-in made to stall, then to answer 500, behind the real
 * client (composed as the app composes it). A BOOKER connection's locations and a BOOKER provider's service
 * items answer 502 `strategy/unavailable` with "Booker did not answer" within the client's time limit (and
 * its retries for reads); nothing is logged as an unexpected error, the rest of the console keeps answering
 * meanwhile, and Booker works again once the stand-in does.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { BOOKER_UNAVAILABLE } from '../../server/outside/booker/client';
import { bookerStandinRoutes } from '../../server/outside/booker/standin.routes';
import {
  BOOKER_STANDIN_CLIENT_ID,
  BOOKER_STANDIN_CLIENT_SECRET,
  BOOKER_STANDIN_PATH,
  BOOKER_STANDIN_SUBSCRIPTION_KEY,
} from '../../server/outside/booker/wire';
import { composeSchedulingSystems } from '../../server/strategies/config';
import {
  expectNoUnexpectedErrors,
  expectRetriedRead,
  expectStalledReads,
  outageSuite,
  timed,
  timesGivenUp,
} from './outside-support';
import { call, providerId } from './provider-support';

const BOOKER = { strategy: 'BOOKER' };

describe('a Booker outage on pglite', () => {
  const outage = outageSuite(({ db, faults, client }) => ({
    schedulingSystems: composeSchedulingSystems({
      booker: {
        ...client(
          `http://booker.test${BOOKER_STANDIN_PATH}`,
          new Hono().route(BOOKER_STANDIN_PATH, bookerStandinRoutes({ db, faults })),
        ),
        clientId: BOOKER_STANDIN_CLIENT_ID,
        clientSecret: BOOKER_STANDIN_CLIENT_SECRET,
        subscriptionKey: BOOKER_STANDIN_SUBSCRIPTION_KEY,
      },
    }),
  }));

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
    await expectStalledReads(outage, BOOKER, 'Harbor Wellness', BOOKER_UNAVAILABLE);
  });

  it('a Booker answering 500: the message after the retries of a read', async () => {
    outage.faults.always = 'error';
    const harbor = await providerId(outage.api.db, 'Harbor Wellness');
    const found = await timed(() =>
      call(outage.api, 'GET', `/strategies/fetch/locations?provider=${harbor}`, outage.as.admin),
    );
    expectRetriedRead(found, outage.clientLog, BOOKER_UNAVAILABLE, { system: 'Booker' });
    const others = await call(outage.api, 'GET', '/svc-category', outage.as.admin);
    expect(others.status).toBe(200);
    expect(timesGivenUp(outage.clientLog)).toBe(3);
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
    expectNoUnexpectedErrors(outage, BOOKER_STANDIN_CLIENT_SECRET);
  });
});
