/**
 * The Stripe implementation's request mapping, without network: the official SDK is given a fetch that
 * records each request and answers like Stripe would.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../../../server/env';
import { createStripeClient, stripeClientOptions } from '../../../server/payouts/config';
import { PaymentsUnavailableError } from '../../../server/payouts/payments';
import { createStripePayments } from '../../../server/payouts/stripe';

interface Recorded {
  method: string;
  path: string;
  form: Record<string, string>;
  stripeAccount: string | null;
}

function fakeStripe(answer: (request: Recorded) => { status: number; body: unknown }) {
  const requests: Recorded[] = [];
  const fetchFn = (async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    const bodyText = typeof init?.body === 'string' ? init.body : '';
    const form = Object.fromEntries(new URLSearchParams(bodyText || url.search));
    const request = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      form,
      stripeAccount: headers.get('Stripe-Account'),
    };
    requests.push(request);
    const { status, body } = answer(request);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  const client = new Stripe('sk_test_unit', {
    httpClient: Stripe.createFetchHttpClient(fetchFn),
    maxNetworkRetries: 0,
  });
  return { payments: createStripePayments(client), requests };
}

const ACCOUNT = {
  id: 'acct_123',
  object: 'account',
  details_submitted: true,
  requirements: { currently_due: ['external_account'] },
  charges_enabled: true,
  payouts_enabled: false,
  business_profile: { name: 'Glow Studio' },
};

describe('Stripe payments', () => {
  it('creates an Express US account with the business name and maps it to the settlement account shape', async () => {
    const { payments, requests } = fakeStripe(() => ({ status: 200, body: ACCOUNT }));
    const account = await payments.createAccount({ businessName: 'Glow Studio' });
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/v1/accounts' });
    expect(requests[0]?.form).toMatchObject({
      type: 'express',
      country: 'US',
      'business_profile[name]': 'Glow Studio',
      'capabilities[transfers][requested]': 'true',
    });
    expect(account).toEqual({
      accountId: 'acct_123',
      details_submitted: true,
      requirements: { currently_due: ['external_account'] },
      charges_enabled: true,
      payouts_enabled: false,
      business_profile: { name: 'Glow Studio' },
      external_account: null,
      payout_schedule: null,
    });
  });

  it('reads the default bank account (last four and bank name only) and the payout schedule', async () => {
    const { payments, requests } = fakeStripe(() => ({
      status: 200,
      body: {
        ...ACCOUNT,
        external_accounts: {
          object: 'list',
          has_more: false,
          url: '/v1/accounts/acct_123/external_accounts',
          data: [
            { id: 'card_1', object: 'card', last4: '4242', default_for_currency: false },
            {
              id: 'ba_1',
              object: 'bank_account',
              last4: '6789',
              bank_name: 'STRIPE TEST BANK',
              routing_number: '110000000',
              default_for_currency: true,
            },
          ],
        },
        settings: { payouts: { schedule: { interval: 'weekly', delay_days: 2, weekly_anchor: 'monday' } } },
      },
    }));
    const account = await payments.retrieveAccount('acct_123');
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/v1/accounts/acct_123' });
    expect(account?.external_account).toEqual({ last4: '6789', bank_name: 'STRIPE TEST BANK' });
    expect(account?.payout_schedule).toEqual({
      interval: 'weekly',
      delay_days: 2,
      weekly_anchor: 'monday',
      monthly_anchor: null,
    });
  });

  it('asks for an account_onboarding link with the return and refresh URLs', async () => {
    const { payments, requests } = fakeStripe(() => ({
      status: 200,
      body: { object: 'account_link', url: 'https://connect.stripe.com/setup/e/acct_123/x' },
    }));
    const link = await payments.createOnboardingLink('acct_123', {
      returnUrl: 'http://localhost:5173/provider/onboarding/stripe',
      refreshUrl: 'http://localhost:5173/provider/onboarding/stripe',
    });
    expect(link.url).toBe('https://connect.stripe.com/setup/e/acct_123/x');
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/v1/account_links' });
    expect(requests[0]?.form).toEqual({
      account: 'acct_123',
      type: 'account_onboarding',
      return_url: 'http://localhost:5173/provider/onboarding/stripe',
      refresh_url: 'http://localhost:5173/provider/onboarding/stripe',
    });
  });

  it('attaches the bank token as the external account; a rejected token is a value, not an error', async () => {
    const ok = fakeStripe(() => ({ status: 200, body: { id: 'ba_1', object: 'bank_account' } }));
    expect(await ok.payments.attachBankAccount('acct_123', 'btok_abc')).toEqual({ ok: true });
    expect(ok.requests[0]).toMatchObject({ method: 'POST', path: '/v1/accounts/acct_123/external_accounts' });
    expect(ok.requests[0]?.form).toEqual({ external_account: 'btok_abc', default_for_currency: 'true' });

    const refused = fakeStripe(() => ({
      status: 400,
      body: {
        error: { type: 'invalid_request_error', message: 'No such token', code: 'token_already_used' },
      },
    }));
    expect(await refused.payments.attachBankAccount('acct_123', 'btok_used')).toEqual({
      ok: false,
      reason: 'invalid-token',
    });
  });

  it('lists every page of payouts on the connected account (Stripe-Account header), in cents and unix seconds', async () => {
    const { payments, requests } = fakeStripe((request) => ({
      status: 200,
      body: {
        object: 'list',
        has_more: request.form.starting_after === undefined,
        url: '/v1/payouts',
        data:
          request.form.starting_after === undefined
            ? [{ id: 'po_1', object: 'payout', amount: 12_500, arrival_date: 1_760_000_000 }]
            : [{ id: 'po_2', object: 'payout', amount: 4_000, arrival_date: 1_750_000_000 }],
      },
    }));
    expect(await payments.listPayouts('acct_123')).toEqual([
      { amount: 12_500, arrival_date: 1_760_000_000 },
      { amount: 4_000, arrival_date: 1_750_000_000 },
    ]);
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/v1/payouts', stripeAccount: 'acct_123' });
    expect(requests[0]?.form).toEqual({ limit: '100' });
    expect(requests[1]).toMatchObject({ path: '/v1/payouts', stripeAccount: 'acct_123' });
    expect(requests[1]?.form).toEqual({ limit: '100', starting_after: 'po_1' });
    expect(requests).toHaveLength(2);
  });

  it('a missing account is undefined; deleting sends DELETE; an outage is PaymentsUnavailableError', async () => {
    const missing = fakeStripe(() => ({
      status: 404,
      body: {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such account' },
      },
    }));
    expect(await missing.payments.retrieveAccount('acct_nope')).toBeUndefined();
    expect(missing.requests[0]).toMatchObject({ method: 'GET', path: '/v1/accounts/acct_nope' });

    const deleting = fakeStripe(() => ({ status: 200, body: { id: 'acct_123', deleted: true } }));
    await deleting.payments.deleteAccount('acct_123');
    expect(deleting.requests[0]).toMatchObject({ method: 'DELETE', path: '/v1/accounts/acct_123' });

    const down = fakeStripe(() => ({ status: 500, body: { error: { type: 'api_error', message: 'boom' } } }));
    await expect(down.payments.retrieveAccount('acct_123')).rejects.toBeInstanceOf(PaymentsUnavailableError);
  });

  it('sends every request below STRIPE_API_URL, else below the stand-in on this API, with its key', async () => {
    const sent: { url: string; authorization: string | null }[] = [];
    const record = async (url: string, init: RequestInit) => {
      sent.push({ url, authorization: new Headers(init.headers).get('Authorization') });
      return new Response(JSON.stringify(ACCOUNT), { headers: { 'Content-Type': 'application/json' } });
    };
    const deps = { selfUrl: undefined, inProcessOrigin: 'http://api.in-process', appFetch: record };
    const standin = stripeClientOptions({}, deps);
    expect(standin).toMatchObject({ secretKey: 'sk_test_standin_upkeep_console', timeoutMs: 20_000 });
    await createStripeClient(standin).accounts.retrieve('acct_123');
    expect(sent[0]).toEqual({
      url: 'http://api.in-process/standins/stripe/v1/accounts/acct_123',
      authorization: 'Bearer sk_test_standin_upkeep_console',
    });

    let self = '';
    const listening = stripeClientOptions({}, { ...deps, selfUrl: () => self });
    expect(listening.fetch).toBeUndefined();
    self = 'http://127.0.0.1:8787';
    expect(listening.baseUrl()).toBe('http://127.0.0.1:8787/standins/stripe');

    const real = stripeClientOptions(
      { STRIPE_API_URL: 'https://api.stripe.com', STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_TIMEOUT_MS: 900 },
      deps,
    );
    expect(real).toMatchObject({ secretKey: 'sk_live_abc', timeoutMs: 900 });
    expect(real.baseUrl()).toBe('https://api.stripe.com');
    expect(real.fetch).toBeUndefined();
  });

  it('STRIPE_SECRET_KEY must be a secret key: a publishable one stops start-up, unset is the stand-in key', () => {
    expect(() => readEnv({ STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(readEnv({}).STRIPE_SECRET_KEY).toBe('sk_test_standin_upkeep_console');
    expect(readEnv({ STRIPE_SECRET_KEY: 'sk_test_abc' }).STRIPE_SECRET_KEY).toBe('sk_test_abc');
  });
});
