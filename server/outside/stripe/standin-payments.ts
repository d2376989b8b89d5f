/**
 * The payments implementation (the Stripe SDK, server/payouts/config.ts) wired to a Stripe stand-in of its
 * own, called in process: for benches and tests that build a feature's routes without the whole app.
 */
import { Hono } from 'hono';
import type { Db } from '../../db/client';
import { createPayments, stripeClientOptions } from '../../payouts/config';
import type { PaymentsService } from '../../payouts/payments';
import { inProcessFetch } from '../http';
import type { StandinFaults } from '../standin';
import { stripeStandinRoutes } from './standin.routes';
import { STRIPE_STANDIN_PATH } from './wire';

export function standinPayments(
  db: Db,
  options: { faults?: StandinFaults; timeoutMs?: number; consoleOrigins?: readonly string[] } = {},
): PaymentsService {
  const standin = new Hono().route(
    STRIPE_STANDIN_PATH,
    stripeStandinRoutes({ db, consoleOrigins: options.consoleOrigins ?? [], faults: options.faults }),
  );
  return createPayments(
    stripeClientOptions(
      { ...(options.timeoutMs !== undefined && { STRIPE_TIMEOUT_MS: options.timeoutMs }) },
      {
        selfUrl: undefined,
        inProcessOrigin: 'http://stripe.in-process',
        appFetch: inProcessFetch((request) => standin.fetch(request)),
      },
    ),
  );
}
