/**
 * Which payments implementation the API uses, from the environment (an empty variable counts as unset):
 * STRIPE_SECRET_KEY set → Stripe (sk_test_… or sk_live_…); unset → the local sandbox (sandbox.ts).
 * PAYMENTS_FAULT (APP_ENV=test only) arms the test fault switch of sandbox.routes.ts.
 */
import Stripe from 'stripe';
import * as v from 'valibot';
import type { Db } from '../db/client';
import type { PaymentsService } from './payments';
import { createSandboxPayments } from './sandbox';
import { createStripePayments } from './stripe';

const PaymentsEnvSchema = v.object({
  STRIPE_SECRET_KEY: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(sk|rk)_(test|live)_\w+$/, 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_…)'),
    ),
  ),
});

export type PaymentsConfig = { service: 'sandbox' } | { service: 'stripe'; secretKey: string };

export function readPaymentsConfig(source: Record<string, string | undefined>): PaymentsConfig {
  const present = Object.fromEntries(
    Object.entries(source).filter(
      ([name, value]) => name === 'STRIPE_SECRET_KEY' && value !== undefined && value.trim() !== '',
    ),
  );
  const parsed = v.safeParse(PaymentsEnvSchema, present);
  if (!parsed.success) {
    throw new Error(
      `Invalid payments configuration: ${parsed.issues.map((issue) => issue.message).join('; ')}`,
    );
  }
  const key = parsed.output.STRIPE_SECRET_KEY;
  return key ? { service: 'stripe', secretKey: key } : { service: 'sandbox' };
}

export function createPayments(config: PaymentsConfig, db: Db): PaymentsService {
  return config.service === 'sandbox'
    ? createSandboxPayments(db)
    : createStripePayments(new Stripe(config.secretKey, { maxNetworkRetries: 1, timeout: 20_000 }));
}
