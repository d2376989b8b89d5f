/**
 * A Stripe outage through the whole API: the Stripe stand-in (on a database of its own, served over real
 * HTTP at STRIPE_API_URL) made to stall, then to answer 500, behind the real client (the official SDK, as the
 * app composes it from the environment). The payouts routes answer 502 `payments/unavailable` with "The
 * payment provider did not answer; try again" within the client's time limit (and its one retry), a create
 * changes nothing, nothing is logged as an unexpected error, the rest of the console keeps answering
 * meanwhile (the dashboard's activity with its bookings count, its payout figures marked unavailable), and
 * payouts work again once the stand-in does.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ProviderActivitySchema } from '../../src/api/contract/appointment';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { stripeStandinRoutes } from '../../server/outside/stripe/standin.routes';
import { STRIPE_STANDIN_PATH } from '../../server/outside/stripe/wire';
import { OUTAGE_TIMEOUT_MS, outageSuite, timed } from './outside-support';
import { call, expectError, expectNoChange, locationIdOf, providerId } from './provider-support';
import { TEST_ORIGIN } from './support';

/**
 * Two attempts cut off at the time limit (the SDK retries once after a connection failure or a 5xx), its
 * backoff of at least half a second between them, and room for a busy machine: seconds, where a stalled
 * Stripe without the time limit would hold the request for two minutes.
 */
const WITHIN_MS = 2 * OUTAGE_TIMEOUT_MS + 500 + 2500;
const PAYMENTS_UNAVAILABLE = 'The payment provider did not answer; try again';
/** Serenity Med Spa's demo account (server/db/seed/dashboard-data.ts), read by its provider user. */
const SERENITY_ACCOUNT = 'acct_demo_serenity';

describe('a Stripe outage on pglite', () => {
  const outage = outageSuite(async ({ db, faults, serve }) => {
    const routes = stripeStandinRoutes({ db, faults, consoleOrigins: [TEST_ORIGIN] });
    const origin = await serve(new Hono().route(STRIPE_STANDIN_PATH, routes));
    return {
      env: {
        STRIPE_API_URL: `${origin}${STRIPE_STANDIN_PATH}`,
        STRIPE_TIMEOUT_MS: String(OUTAGE_TIMEOUT_MS),
      },
    };
  });
  const { faults } = outage;

  const account = () => call(outage.api, 'GET', `/settlement-accounts/${SERENITY_ACCOUNT}`, outage.as.multi);
  const payouts = () =>
    call(outage.api, 'GET', `/settlement-accounts/payouts/${SERENITY_ACCOUNT}`, outage.as.multi);
  /** Serenity's dashboard activity: always answered, its payout figures only when Stripe does. */
  const activity = async () => {
    const serenity = await providerId(outage.api.db, 'Serenity Med Spa');
    const result = await timed(() =>
      call(outage.api, 'GET', `/appointments/activity?provider=${serenity}`, outage.as.multi),
    );
    expect(result.result.status).toBe(200);
    expect(result.ms).toBeLessThan(WITHIN_MS);
    return v.parse(ProviderActivitySchema, result.result.body);
  };
  /** The bookings count the dashboard showed while Stripe did not answer. */
  let bookingsDuringOutage: number | undefined;
  const unavailable = (answered: { result: { status: number; body: unknown }; ms: number }) => {
    expect(expectError(answered.result, 502, API_ERROR_CODES.paymentsUnavailable).message).toBe(
      PAYMENTS_UNAVAILABLE,
    );
    expect(answered.ms).toBeLessThan(WITHIN_MS);
  };

  /** While a payouts call waits on a stalled Stripe, the providers list and a provider's appointments answer. */
  async function answeredMeanwhile(slow: () => Promise<{ status: number; body: unknown }>) {
    const serenity = await providerId(outage.api.db, 'Serenity Med Spa');
    const waiting = timed(slow);
    const providers = await timed(() => call(outage.api, 'GET', '/providers', outage.as.admin));
    const appointments = await timed(() =>
      call(outage.api, 'GET', `/appointments?provider=${serenity}`, outage.as.multi),
    );
    const done = await waiting;
    for (const other of [providers, appointments]) {
      expect(other.result.status).toBe(200);
      expect(other.ms).toBeLessThan(done.ms);
    }
    return done;
  }

  it('a stalled Stripe: the message within the time limit, and the console answers meanwhile', async () => {
    faults.always = 'stall';
    const read = await answeredMeanwhile(account);
    unavailable(read);
    expect(read.ms).toBeGreaterThanOrEqual(OUTAGE_TIMEOUT_MS - 50);
    unavailable(await answeredMeanwhile(payouts));
  });

  it('a Stripe answering 500: the message for reads and a create, which changes nothing', async () => {
    faults.always = 'error';
    unavailable(await timed(account));
    unavailable(await timed(payouts));
    const glowLocation = await locationIdOf(outage.api.db, 'Glow Studio');
    const created = await timed(() =>
      expectNoChange(outage.api.db, () =>
        call(outage.api, 'POST', '/settlement-accounts/onboarding-link', outage.as.glow, {
          locationId: glowLocation,
        }),
      ),
    );
    unavailable(created);
    // The dashboard's activity still answers: its bookings count and settlement account are ours; its payout
    // figures are Stripe's, so they are null and marked unavailable, and the outage is logged as a warning.
    const serenity = await providerId(outage.api.db, 'Serenity Med Spa');
    const warned = outage.api.logLines.length;
    const during = await activity();
    expect(during).toMatchObject({
      payouts: 'unavailable',
      payoutsPast30DaysInCents: null,
      lifetimePayoutsInCents: null,
      settlementAccount: { id: SERENITY_ACCOUNT },
    });
    expect(during.bookingsPast30Days).toBeGreaterThan(0);
    bookingsDuringOutage = during.bookingsPast30Days;
    expect(outage.api.logLines.slice(warned)).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: 'Payments service unavailable',
        method: 'GET',
        path: '/appointments/activity',
      }),
    );
    expect(
      (await call(outage.api, 'GET', `/appointments?provider=${serenity}`, outage.as.multi)).status,
    ).toBe(200);
    expect((await call(outage.api, 'GET', '/providers', outage.as.admin)).status).toBe(200);
  });

  it('answers again once Stripe does; no outage was logged as an unexpected error', async () => {
    delete faults.always;
    const read = await account();
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: SERENITY_ACCOUNT, payouts_enabled: true });
    expect((await payouts()).status).toBe(200);
    // The dashboard's payout figures come back, with the same bookings count.
    const after = await activity();
    expect(after).toMatchObject({ payouts: 'available', bookingsPast30Days: bookingsDuringOutage });
    expect(after.lifetimePayoutsInCents).toBeGreaterThan(0);
    expect(outage.api.logged).toEqual([]);
  });
});
