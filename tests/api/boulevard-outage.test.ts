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
import { BOULEVARD_UNAVAILABLE } from '../../server/outside/boulevard/client';
import { boulevardStandinRoutes } from '../../server/outside/boulevard/standin.routes';
import {
  BOULEVARD_STANDIN_API_KEY,
  BOULEVARD_STANDIN_API_SECRET,
  BOULEVARD_STANDIN_PATH,
} from '../../server/outside/boulevard/wire';
import { composeSchedulingSystems } from '../../server/strategies/config';
import {
  expectNoUnexpectedErrors,
  expectRetriedRead,
  expectStalledReads,
  outageSuite,
  timed,
  timesGivenUp,
} from './outside-support';
import { call } from './provider-support';

/** Luxe Aesthetics' business: installed on the stand-in by its data. */
const LUXE = { strategy: 'BOULEVARD', businessId: '3f7c2a9e-5b1d-4c8e-9a6f-2d4b8e1c7a05' };

describe('a Boulevard outage on pglite', () => {
  const outage = outageSuite(({ db, faults, client }) => ({
    schedulingSystems: composeSchedulingSystems({
      boulevard: {
        ...client(
          `http://boulevard.test${BOULEVARD_STANDIN_PATH}`,
          new Hono().route(BOULEVARD_STANDIN_PATH, boulevardStandinRoutes({ db, faults })),
        ),
        apiKey: BOULEVARD_STANDIN_API_KEY,
        apiSecret: BOULEVARD_STANDIN_API_SECRET,
      },
    }),
  }));

  it('a stalled Boulevard: the message within the time limit, and the console answers meanwhile', async () => {
    await expectStalledReads(outage, LUXE, 'Luxe Aesthetics', BOULEVARD_UNAVAILABLE);
  });

  it('a Boulevard answering 500: the message after the retries of a query', async () => {
    outage.faults.always = 'error';
    const providers = await timed(() =>
      call(outage.api, 'POST', '/strategies/fetch/providers', outage.as.glow, LUXE),
    );
    expectRetriedRead(providers, outage.clientLog, BOULEVARD_UNAVAILABLE, { system: 'Boulevard' });
    const others = await call(outage.api, 'GET', '/svc-category', outage.as.admin);
    expect(others.status).toBe(200);
    expect(timesGivenUp(outage.clientLog)).toBe(3);
  });

  it('answers again once Boulevard does; no outage was logged as an unexpected error', async () => {
    delete outage.faults.always;
    const found = await call(outage.api, 'POST', '/strategies/fetch/locations', outage.as.glow, LUXE);
    expect(found.status).toBe(200);
    expect((found.body as { id: string }[]).map((location) => location.id)).toEqual([
      'urn:blvd:Location:8a1e',
    ]);
    expectNoUnexpectedErrors(outage, BOULEVARD_STANDIN_API_SECRET);
  });
});
