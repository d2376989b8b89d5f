/**
 * A MINDBODY outage through the whole API: the stand-in made to stall, then to answer 500, behind the real
 * client (composed as the app composes it). Connections answer 502 `strategy/unavailable` with "MINDBODY did
 * not answer" within the client's time limit (and its retries for reads), nothing is logged as an
 * unexpected error, the rest of the console keeps answering meanwhile, and MINDBODY works again once the
 * stand-in does.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { MINDBODY_UNAVAILABLE } from '../../server/outside/mindbody/client';
import { mindbodyStandinRoutes } from '../../server/outside/mindbody/standin.routes';
import { MINDBODY_STANDIN_API_KEY, MINDBODY_STANDIN_PATH } from '../../server/outside/mindbody/wire';
import { composeSchedulingSystems } from '../../server/strategies/config';
import {
  expectNoUnexpectedErrors,
  expectRetriedRead,
  expectStalledReads,
  expectWrittenOnce,
  outageSuite,
  timed,
  timesGivenUp,
} from './outside-support';
import { call, providerId } from './provider-support';

const MINDBODY = { strategy: 'MINDBODY', username: 'Siteowner', password: 'apitest1234', siteId: '-99' };

describe('a MINDBODY outage on pglite', () => {
  const outage = outageSuite(({ db, faults, client }) => ({
    schedulingSystems: composeSchedulingSystems({
      mindbody: {
        ...client(
          `http://mindbody.test${MINDBODY_STANDIN_PATH}`,
          new Hono().route(MINDBODY_STANDIN_PATH, mindbodyStandinRoutes({ db, faults })),
        ),
        apiKey: MINDBODY_STANDIN_API_KEY,
      },
    }),
  }));

  it('a stalled MINDBODY: the message within the time limit, and the console answers meanwhile', async () => {
    await expectStalledReads(outage, MINDBODY, 'Serenity Med Spa', MINDBODY_UNAVAILABLE);
  });

  it('a MINDBODY answering 500: the message after the retries of a read, at once for a write', async () => {
    outage.faults.always = 'error';
    const serenity = await providerId(outage.api.db, 'Serenity Med Spa');
    const locations = await timed(() =>
      call(outage.api, 'POST', '/strategies/fetch/locations', outage.as.glow, MINDBODY),
    );
    expectWrittenOnce(locations, outage.clientLog, MINDBODY_UNAVAILABLE, 'MINDBODY');
    const items = await timed(() =>
      call(outage.api, 'GET', `/strategies/fetch/svc-items?provider=${serenity}`, outage.as.admin),
    );
    expectRetriedRead(items, outage.clientLog, MINDBODY_UNAVAILABLE, { system: 'MINDBODY', method: 'GET' });
    expect(timesGivenUp(outage.clientLog)).toBe(4);
  });

  it('answers again once MINDBODY does; no outage was logged as an unexpected error', async () => {
    delete outage.faults.always;
    const found = await call(outage.api, 'POST', '/strategies/fetch/locations', outage.as.glow, MINDBODY);
    expect(found.status).toBe(200);
    expectNoUnexpectedErrors(outage, 'apitest1234');
  });
});
