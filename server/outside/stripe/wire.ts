/**
 * Stripe's REST API on the wire, for the calls server/payouts/stripe.ts makes through the official SDK
 * (Stripe's API reference, cited in server/README.md, "Payments"): form-encoded requests with nested keys
 * (`capabilities[transfers][requested]=true`), `Authorization: Bearer sk_…`, `Stripe-Account` for a
 * connected account's objects, JSON answers with `object` names, lists as `{ object: 'list', data, has_more,
 * url }` paged by `limit` and `starting_after`, and every refusal as `{ error: { type, message, code?,
 * param? } }`. The stand-in (standin.routes.ts) answers these shapes.
 */
import type { Context } from 'hono';
import { STRIPE_STANDIN_PATH, STRIPE_STANDIN_PUBLISHABLE_KEY } from '../../../src/api/contract/payouts';

/** The stand-in's mount point (STRIPE_API_URL's default is the API's own origin plus it) and browser key. */
export { STRIPE_STANDIN_PATH, STRIPE_STANDIN_PUBLISHABLE_KEY };
/** Stripe's own API host. */
export const STRIPE_PRODUCTION_URL = 'https://api.stripe.com';
/** The secret key the stand-in accepts (STRIPE_SECRET_KEY's default). */
export const STRIPE_STANDIN_SECRET_KEY = 'sk_test_standin_upkeep_console';

/** The headers Stripe reads: the key, and the connected account a call acts for. */
export const HEADER = { authorization: 'Authorization', account: 'Stripe-Account' } as const;

/** A list's page size: Stripe's default and largest `limit`. */
export const LIST_LIMIT = { default: 10, max: 100 } as const;

/** Where the hosted onboarding page lives below the stand-in (Stripe's: connect.stripe.com/setup/…). */
export const ONBOARDING_PAGE_PATH = 'setup';

export type StripeErrorType = 'invalid_request_error' | 'api_error' | 'card_error' | 'idempotency_error';

/** Stripe's error body, with the status Stripe sends it with. */
export function stripeError(
  c: Context,
  status: 400 | 401 | 403 | 404 | 429 | 500,
  error: { type: StripeErrorType; message: string; code?: string; param?: string },
) {
  const doc = error.code && {
    doc_url: `https://stripe.com/docs/error-codes/${error.code.replace(/_/g, '-')}`,
  };
  return c.json({ error: { ...error, ...doc } }, status);
}

/** A key as Stripe repeats it in a refusal: its prefix and last four characters. */
export const redactedKey = (key: string) => {
  const prefix = /^(sk|pk|rk)_(test|live)_/.exec(key)?.[0] ?? '';
  return `${prefix}${'*'.repeat(Math.max(0, Math.min(24, key.length - prefix.length - 4)))}${key.slice(-4)}`;
};

export const missing = (c: Context, what: string, id: string, param: string) =>
  stripeError(c, 404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${what}: '${id}'`,
    param,
  });

/** settings.payouts.schedule of an account. */
export interface PayoutSchedule {
  interval: 'daily' | 'weekly' | 'monthly' | 'manual';
  delay_days: number;
  weekly_anchor?: string;
  monthly_anchor?: number;
}

/** An external account of type bank_account, as Stripe lists it. */
export interface BankAccountObject {
  id: string;
  object: 'bank_account';
  account: string;
  account_holder_type: string | null;
  bank_name: string | null;
  country: string;
  currency: string;
  default_for_currency: boolean;
  last4: string;
  routing_number: string;
  status: 'new';
}

/** A list's envelope. */
export const listOf = <T>(url: string, data: T[], hasMore: boolean) => ({
  object: 'list' as const,
  data,
  has_more: hasMore,
  url,
});
