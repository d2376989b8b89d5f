/**
 * The Stripe implementation's request mapping, without network: the official SDK is given a fetch that
 * records each request and answers like Stripe would.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { readPaymentsConfig } from '../../../server/payouts/config';
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
      apiOrigin: 'http://127.0.0.1:8787',
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

  it('is chosen by STRIPE_SECRET_KEY; unset or blank means the sandbox, a malformed key stops start-up', () => {
    expect(readPaymentsConfig({})).toEqual({ service: 'sandbox' });
    expect(readPaymentsConfig({ STRIPE_SECRET_KEY: ' ' })).toEqual({ service: 'sandbox' });
    expect(readPaymentsConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toEqual({
      service: 'stripe',
      secretKey: 'sk_test_abc',
    });
    expect(() => readPaymentsConfig({ STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY/);
  });
});
