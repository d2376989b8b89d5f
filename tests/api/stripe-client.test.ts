/**
 * Contract tests of the payments implementation (server/payouts/stripe.ts, the official Stripe SDK) against
 * the local Stripe stand-in (server/outside/stripe/, its state in the database: both engines): an account
 * created, retrieved and deleted, an onboarding link whose hosted page completes the details, a bank token
 * attached once, payouts paged to the end, a wrong key and an unknown id refused as Stripe refuses them,
 * and the stand-in stalled or failing answered as `payments/unavailable` within the time limit.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '../../server/db/schema';
import { inProcessFetch } from '../../server/outside/http';
import { stripeStandinRoutes } from '../../server/outside/stripe/standin.routes';
import {
  STRIPE_STANDIN_PATH,
  STRIPE_STANDIN_PUBLISHABLE_KEY,
  STRIPE_STANDIN_SECRET_KEY,
} from '../../server/outside/stripe/wire';
import { createPayments, createStripeClient } from '../../server/payouts/config';
import { PaymentsUnavailableError } from '../../server/payouts/payments';
import { standinHarness, timed } from './outside-support';
import { engines } from './support';

const ORIGIN = 'http://standin.test';
const CONSOLE = 'http://localhost:5173';
const RETURN_URL = `${CONSOLE}/provider/onboarding/stripe`;

describe.each(engines)('the Stripe SDK against the Stripe stand-in on %s', (engine) => {
  const harness = standinHarness(`${ORIGIN}${STRIPE_STANDIN_PATH}`, engine);
  const app = () =>
    new Hono().route(
      STRIPE_STANDIN_PATH,
      stripeStandinRoutes({ db: harness.db, faults: harness.faults, consoleOrigins: [CONSOLE] }),
    );
  const options = (standin: Hono, more: { secretKey?: string; timeoutMs?: number } = {}) => ({
    baseUrl: () => `${ORIGIN}${STRIPE_STANDIN_PATH}`,
    secretKey: more.secretKey ?? STRIPE_STANDIN_SECRET_KEY,
    timeoutMs: more.timeoutMs ?? 2000,
    fetch: inProcessFetch((request) => standin.fetch(request)),
  });
  const payments = (standin = app(), more: { secretKey?: string; timeoutMs?: number } = {}) =>
    createPayments(options(standin, more));

  /** A bank token as the browser makes it: POST /v1/tokens with the publishable key. */
  const bankToken = async (standin: Hono, accountNumber = '000123456789') => {
    const response = await standin.request(`${STRIPE_STANDIN_PATH}/v1/tokens`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${STRIPE_STANDIN_PUBLISHABLE_KEY}` },
      body: new URLSearchParams({
        'bank_account[country]': 'US',
        'bank_account[currency]': 'usd',
        'bank_account[routing_number]': '110000000',
        'bank_account[account_number]': accountNumber,
        'bank_account[account_holder_type]': 'company',
      }),
    });
    expect(response.status).toBe(200);
    const token = (await response.json()) as { id: string; bank_account: { last4: string } };
    expect(token.bank_account.last4).toBe(accountNumber.slice(-4));
    return token.id;
  };

  it('creates, retrieves, onboards on the hosted page, attaches a bank once and deletes an account', async () => {
    harness.fresh();
    const standin = app();
    const stripe = payments(standin);
    const created = await stripe.createAccount({ businessName: 'Glow Studio' });
    expect(created).toMatchObject({
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      business_profile: { name: 'Glow Studio' },
      external_account: null,
      payout_schedule: { interval: 'daily', delay_days: 2, weekly_anchor: null, monthly_anchor: null },
    });
    expect(created.accountId).toMatch(/^acct_/);
    expect(created.requirements.currently_due).toContain('external_account');
    expect(await stripe.retrieveAccount(created.accountId)).toEqual(created);

    const { url } = await stripe.createOnboardingLink(created.accountId, {
      returnUrl: RETURN_URL,
      refreshUrl: RETURN_URL,
    });
    const link = new URL(url);
    expect(`${link.origin}${link.pathname}`).toBe(
      `${ORIGIN}${STRIPE_STANDIN_PATH}/setup/${created.accountId}`,
    );
    const page = await standin.request(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('individual.first_name');
    const submitted = await standin.request(link.pathname, {
      method: 'POST',
      body: new URLSearchParams({
        business_name: 'Glow Studio LLC',
        return_url: RETURN_URL,
        state: link.searchParams.get('state') ?? '',
      }),
    });
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('Location')).toBe(RETURN_URL);
    expect(await stripe.retrieveAccount(created.accountId)).toMatchObject({
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: false,
      requirements: { currently_due: ['external_account'] },
      business_profile: { name: 'Glow Studio LLC' },
    });

    const token = await bankToken(standin);
    expect(await stripe.attachBankAccount(created.accountId, token)).toEqual({ ok: true });
    expect(await stripe.attachBankAccount(created.accountId, token)).toEqual({
      ok: false,
      reason: 'invalid-token',
    });
    expect(await stripe.attachBankAccount(created.accountId, 'btok_unknown')).toEqual({
      ok: false,
      reason: 'invalid-token',
    });
    expect(await stripe.attachBankAccount('acct_unknown', await bankToken(standin))).toEqual({
      ok: false,
      reason: 'no-account',
    });
    expect(await stripe.retrieveAccount(created.accountId)).toMatchObject({
      payouts_enabled: true,
      requirements: { currently_due: [] },
      external_account: { last4: '6789', bank_name: 'STRIPE TEST BANK' },
    });
    // Neither number is kept in full.
    const [bank] = await harness.db
      .select()
      .from(t.stripeStandinBankAccounts)
      .where(eq(t.stripeStandinBankAccounts.accountId, created.accountId));
    expect(JSON.stringify(bank)).not.toMatch(/000123456789|110000000/);

    await stripe.deleteAccount(created.accountId);
    expect(await stripe.retrieveAccount(created.accountId)).toBeUndefined();
    // Deleting it again: already gone.
    await expect(stripe.deleteAccount(created.accountId)).resolves.toBeUndefined();
  });

  it('lists every page of a connected account’s payouts (limit, starting_after, has_more)', async () => {
    harness.fresh();
    const standin = app();
    const pages: string[] = [];
    const recording = createPayments({
      ...options(standin),
      fetch: inProcessFetch((request) => {
        const url = new URL(request.url);
        if (url.pathname.endsWith('/v1/payouts')) {
          pages.push(`${url.search} ${request.headers.get('Stripe-Account') ?? ''}`);
        }
        return standin.fetch(request);
      }),
    });
    // The demo seed's Serenity account: payouts enabled, a week of completed appointments and more.
    const all = await recording.listPayouts('acct_demo_serenity');
    expect(all.length).toBeGreaterThan(0);
    expect(pages[0]).toBe('?limit=100 acct_demo_serenity');

    const client = createStripeClient(options(standin));
    const first = await client.payouts.list({ limit: 2 }, { stripeAccount: 'acct_demo_serenity' });
    expect(first).toMatchObject({ object: 'list', url: '/v1/payouts', has_more: all.length > 2 });
    const paged = await client.payouts
      .list({ limit: 2 }, { stripeAccount: 'acct_demo_serenity' })
      .autoPagingToArray({ limit: 10_000 });
    expect(paged.map((payout) => ({ amount: payout.amount, arrival_date: payout.arrival_date }))).toEqual(
      all,
    );
    expect(new Set(paged.map((payout) => payout.id)).size).toBe(paged.length);
    const arrivals = all.map((payout) => payout.arrival_date);
    expect(arrivals).toEqual([...arrivals].sort((a, b) => b - a));

    // An account that cannot be paid yet, and one Stripe does not have, have paid nothing out.
    expect(await recording.listPayouts('acct_demo_bloom')).toEqual([]);
    expect(await recording.listPayouts('acct_unknown')).toEqual([]);
  });

  it('refuses a wrong key as Stripe does, and an unknown id as resource_missing', async () => {
    harness.fresh();
    const standin = app();
    const wrong = await standin.request(`${STRIPE_STANDIN_PATH}/v1/accounts/acct_demo_serenity`, {
      headers: { Authorization: 'Bearer sk_test_wrong_key_1234' },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        message: expect.stringMatching(/^Invalid API Key provided: sk_test_\*+1234$/),
      },
    });
    const publishable = await standin.request(`${STRIPE_STANDIN_PATH}/v1/accounts/acct_demo_serenity`, {
      headers: { Authorization: `Bearer ${STRIPE_STANDIN_PUBLISHABLE_KEY}` },
    });
    expect(publishable.status).toBe(401);
    await expect(
      payments(standin, { secretKey: 'sk_test_wrong_key_1234' }).retrieveAccount('acct_demo_serenity'),
    ).rejects.toBeInstanceOf(PaymentsUnavailableError);

    const unknown = await standin.request(`${STRIPE_STANDIN_PATH}/v1/accounts/acct_nope`, {
      headers: { Authorization: `Bearer ${STRIPE_STANDIN_SECRET_KEY}` },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: "No such account: 'acct_nope'",
      },
    });
    expect(await payments(standin).retrieveAccount('acct_nope')).toBeUndefined();
  });

  it('a stalled or failing Stripe is payments/unavailable, within the time limit', async () => {
    harness.fresh();
    const standin = app();
    const stripe = payments(standin, { timeoutMs: 300 });
    harness.faults.always = 'stall';
    const stalled = await timed(() =>
      stripe.retrieveAccount('acct_demo_serenity').catch((error: unknown) => error),
    );
    expect(stalled.result).toBeInstanceOf(PaymentsUnavailableError);
    expect((stalled.result as PaymentsUnavailableError).answer).toMatchObject({
      status: 502,
      code: 'payments/unavailable',
      message: 'The payment provider did not answer; try again',
    });
    // One attempt and one retry, each cut off at the time limit.
    expect(stalled.ms).toBeLessThan(2 * 300 + 1500);

    harness.faults.always = 'error';
    const failed = await stripe.listPayouts('acct_demo_serenity').catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(PaymentsUnavailableError);
    delete harness.faults.always;
    expect(await stripe.retrieveAccount('acct_demo_serenity')).toMatchObject({ payouts_enabled: true });
  });
});
