/**
 * A Square outage through the whole API: the stand-in made to stall, then to answer 500, behind the real
 * client (composed as the app composes it). Connections answer 502 `strategy/unavailable` with "Square did
 * not answer" within the client's time limit (and its retries for reads; a code exchange is not repeated),
 * nothing is logged as an unexpected error, the rest of the console keeps answering meanwhile, and Square
 * works again once the stand-in does.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { mindbodyStandinRoutes } from '../../server/outside/mindbody/standin.routes';
import { MINDBODY_STANDIN_API_KEY, MINDBODY_STANDIN_PATH } from '../../server/outside/mindbody/wire';
import { SQUARE_UNAVAILABLE } from '../../server/outside/square/client';
import { demoSquareTokens } from '../../server/outside/square/standin-data';
import {
  SQUARE_STANDIN_APPLICATION_ID,
  SQUARE_STANDIN_APPLICATION_SECRET,
} from '../../server/outside/square/wire';
import { composeSchedulingSystems } from '../../server/strategies/config';
import {
  expectNoUnexpectedErrors,
  expectRetriedRead,
  expectStalledReads,
  expectUnavailable,
  expectWrittenOnce,
  OUTAGE_SLACK_MS,
  OUTAGE_TIMEOUT_MS,
  outageSuite,
  stalledOnce,
  timed,
  timesGivenUp,
} from './outside-support';
import { call, providerId } from './provider-support';
import { SQUARE_BASE, squareStandin } from './square-support';

const SQUARE = { strategy: 'SQUARE', accessToken: demoSquareTokens('').accessToken };
const EXCHANGE = { strategy: 'SQUARE', code: 'sq0cgp-x' };

describe('a Square outage on pglite', () => {
  const outage = outageSuite(({ db, faults, client }) => ({
    schedulingSystems: composeSchedulingSystems({
      mindbody: {
        ...client(
          `http://mindbody.test${MINDBODY_STANDIN_PATH}`,
          new Hono().route(MINDBODY_STANDIN_PATH, mindbodyStandinRoutes({ db })),
        ),
        apiKey: MINDBODY_STANDIN_API_KEY,
      },
      square: {
        ...client(SQUARE_BASE, squareStandin({ db, faults })),
        applicationId: SQUARE_STANDIN_APPLICATION_ID,
        applicationSecret: SQUARE_STANDIN_APPLICATION_SECRET,
      },
    }),
  }));
  const { faults, clientLog } = outage;

  it('answers while Square does', async () => {
    const found = await call(outage.api, 'POST', '/strategies/fetch/locations', outage.as.glow, SQUARE);
    expect(found.status).toBe(200);
  });

  it('a stalled Square: the message within the time limit, and the console answers meanwhile', async () => {
    await expectStalledReads(outage, SQUARE, 'Radiance Skin Bar', SQUARE_UNAVAILABLE);
    const exchange = await stalledOnce(faults, () =>
      timed(() => call(outage.api, 'POST', '/strategies/exchange-oauth-code', outage.as.glow, EXCHANGE)),
    );
    expectUnavailable(exchange, SQUARE_UNAVAILABLE, OUTAGE_TIMEOUT_MS + OUTAGE_SLACK_MS);
  });

  it('a Square answering 500: the message after the retries of a read, at once for the code exchange', async () => {
    faults.always = 'error';
    const radiance = await providerId(outage.api.db, 'Radiance Skin Bar');
    const exchange = await timed(() =>
      call(outage.api, 'POST', '/strategies/exchange-oauth-code', outage.as.glow, EXCHANGE),
    );
    expectWrittenOnce(exchange, clientLog, SQUARE_UNAVAILABLE, 'Square');
    const items = await timed(() =>
      call(outage.api, 'GET', `/strategies/fetch/locations?provider=${radiance}`, outage.as.admin),
    );
    expectRetriedRead(items, clientLog, SQUARE_UNAVAILABLE, { system: 'Square', method: 'GET' });
    expect(timesGivenUp(clientLog)).toBe(5);
  });

  it('answers again once Square does; no outage was logged as an unexpected error', async () => {
    delete faults.always;
    const radiance = await providerId(outage.api.db, 'Radiance Skin Bar');
    const found = await call(
      outage.api,
      'GET',
      `/strategies/fetch/locations?provider=${radiance}`,
      outage.as.admin,
    );
    expect(found.status).toBe(200);
    expectNoUnexpectedErrors(outage, SQUARE.accessToken);
  });
});
