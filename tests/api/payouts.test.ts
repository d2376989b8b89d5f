/**
 * /settlement-accounts through the Stripe SDK and the local Stripe stand-in (spec 02 §4, §7): onboarding
 * through the stand-in's hosted page, the bank token made with the publishable key, attaching an existing
 * account, deleting, payouts, who may do what, and the test fault switch of the attach step.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import {
  OnboardingLinkSchema,
  PayoutListSchema,
  SettlementAccountDetailSchema as SettlementAccountSchema,
  STRIPE_STANDIN_PUBLISHABLE_KEY,
} from '../../src/api/contract/payouts';
import * as t from '../../server/db/schema';
import { call, callers, expectError, expectNoChange, locationIdOf, type Callers } from './provider-support';
import { engines, startTestServer, TEST_ORIGIN, type TestServer } from './support';

describe.each(engines)('/settlement-accounts on %s', (engine) => {
  let api: TestServer;
  let as: Callers;
  let glowLocation: number;
  let serenityLocation: number;
  beforeAll(async () => {
    api = await startTestServer(engine);
    as = await callers();
    glowLocation = await locationIdOf(api.db, 'Glow Studio');
    serenityLocation = await locationIdOf(api.db, 'Serenity Med Spa');
  });
  afterAll(async () => {
    await api?.stop();
  });

  /** A bank token as the browser makes it: the publishable key, at the stand-in, never our own routes. */
  async function bankToken() {
    const made = await fetch(`${api.url}/standins/stripe/v1/tokens`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${STRIPE_STANDIN_PUBLISHABLE_KEY}` },
      body: new URLSearchParams({
        'bank_account[country]': 'US',
        'bank_account[currency]': 'usd',
        'bank_account[routing_number]': '110000000',
        'bank_account[account_number]': '000123456789',
        'bank_account[account_holder_type]': 'company',
      }),
    });
    expect(made.status).toBe(200);
    return ((await made.json()) as { id: string }).id;
  }

  it('401 without a token, 403 for a customer, and nothing changes', async () => {
    const routes = [
      ['POST', '/settlement-accounts/onboarding-link', { locationId: glowLocation }],
      ['GET', '/settlement-accounts/onboarding-link/acct_demo_serenity'],
      ['GET', '/settlement-accounts/acct_demo_serenity'],
      ['POST', '/settlement-accounts/', { stripeAccountId: 'acct_demo_serenity', locationId: glowLocation }],
      ['DELETE', '/settlement-accounts/acct_demo_serenity'],
      ['POST', '/settlement-accounts/bank-account/acct_demo_serenity', { bankAccountToken: 'btok_x' }],
      ['GET', '/settlement-accounts/payouts/acct_demo_serenity'],
    ] as const;
    await expectNoChange(api.db, async () => {
      for (const [method, path, body] of routes) {
        expectError(await call(api, method, path, undefined, body), 401, API_ERROR_CODES.unauthenticated);
        expectError(await call(api, method, path, as.customer, body), 403, API_ERROR_CODES.forbidden);
      }
    });
  });

  it("403 for a provider user on another provider's location or account", async () => {
    await expectNoChange(api.db, async () => {
      expectError(
        await call(api, 'POST', '/settlement-accounts/onboarding-link', as.glow, {
          locationId: serenityLocation,
        }),
        403,
        API_ERROR_CODES.forbidden,
      );
      for (const path of [
        '/settlement-accounts/acct_demo_serenity',
        '/settlement-accounts/payouts/acct_demo_serenity',
        '/settlement-accounts/onboarding-link/acct_demo_serenity',
      ])
        expectError(await call(api, 'GET', path, as.glow), 403, API_ERROR_CODES.forbidden);
      expectError(
        await call(api, 'DELETE', '/settlement-accounts/acct_demo_serenity', as.unlinked),
        403,
        API_ERROR_CODES.forbidden,
      );
    });
  });

  it('400 for a malformed id, a raw bank number in the body, or a return URL off the console', async () => {
    await expectNoChange(api.db, async () => {
      expectError(
        await call(api, 'GET', '/settlement-accounts/12', as.admin),
        400,
        API_ERROR_CODES.invalidParam,
      );
      const raw = await call(api, 'POST', '/settlement-accounts/bank-account/acct_demo_serenity', as.admin, {
        bankAccountToken: 'btok_abc',
        accountNumber: '000123456789',
      });
      expectError(raw, 400, API_ERROR_CODES.invalidBody);
      expectError(
        await call(api, 'POST', '/settlement-accounts/onboarding-link', as.admin, {
          locationId: glowLocation,
          returnUrl: 'https://evil.example/steal',
        }),
        400,
        API_ERROR_CODES.returnUrlNotAllowed,
        'returnUrl',
      );
    });
  });

  it('404 for an unknown account or location', async () => {
    expectError(
      await call(api, 'GET', '/settlement-accounts/acct_nothing', as.admin),
      404,
      API_ERROR_CODES.settlementAccountNotFound,
    );
    expectError(
      await call(api, 'POST', '/settlement-accounts/', as.admin, {
        stripeAccountId: 'acct_nothing',
        locationId: glowLocation,
      }),
      404,
      API_ERROR_CODES.paymentAccountNotFound,
      'stripeAccountId',
    );
    expectError(
      await call(api, 'POST', '/settlement-accounts/onboarding-link', as.admin, { locationId: 999_999 }),
      404,
      API_ERROR_CODES.locationNotFound,
    );
  });

  it('a provider onboards through the hosted page, connects a bank token and gets payouts enabled', async () => {
    const created = await call(api, 'POST', '/settlement-accounts/onboarding-link', as.glow, {
      locationId: glowLocation,
    });
    expect(created.status).toBe(201);
    const link = v.parse(OnboardingLinkSchema, created.body);
    const url = new URL(link.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${api.url}/standins/stripe/setup/${link.accountId}`);
    expect(url.searchParams.get('return_url')).toBe(`${TEST_ORIGIN}/provider/onboarding/stripe`);
    // The page acts only with the state the link carries (server/http/sandbox-state.ts).
    const state = url.searchParams.get('state') ?? '';
    expect(state).toMatch(/^\d+\.[\w-]{43}$/);
    const fresh = v.parse(
      SettlementAccountSchema,
      (await call(api, 'GET', `/settlement-accounts/${link.id}`, as.glow)).body,
    );
    expect(fresh).toMatchObject({ details_submitted: false, charges_enabled: false, payouts_enabled: false });
    expect(fresh.requirements.currently_due).toContain('external_account');
    expect(fresh.business_profile.name).toBe('Glow Studio');

    const pageResponse = await fetch(link.url);
    expect(pageResponse.status).toBe(200);
    expect(await pageResponse.text()).toContain('tos_acceptance.date');
    const submitted = await fetch(link.url.split('?')[0]!, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        business_name: 'Glow Studio LLC',
        return_url: `${TEST_ORIGIN}/provider/onboarding/stripe`,
        state,
      }),
    });
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('Location')).toBe(`${TEST_ORIGIN}/provider/onboarding/stripe`);

    const onboarded = v.parse(
      SettlementAccountSchema,
      (await call(api, 'GET', `/settlement-accounts/${link.id}`, as.glow)).body,
    );
    expect(onboarded).toMatchObject({
      details_submitted: true,
      requirements: { currently_due: ['external_account'] },
      charges_enabled: true,
      payouts_enabled: false,
      business_profile: { name: 'Glow Studio LLC' },
    });

    const token = await bankToken();
    const connected = await call(api, 'POST', `/settlement-accounts/bank-account/${link.id}`, as.glow, {
      bankAccountToken: token,
    });
    expect(connected.status).toBe(200);
    expect(v.parse(SettlementAccountSchema, connected.body)).toMatchObject({
      requirements: { currently_due: [] },
      payouts_enabled: true,
      external_account: { last4: '6789', bank_name: 'STRIPE TEST BANK' },
      payout_schedule: { interval: 'daily', delay_days: 2 },
    });
    // A token is good once.
    expectError(
      await call(api, 'POST', `/settlement-accounts/bank-account/${link.id}`, as.glow, {
        bankAccountToken: token,
      }),
      400,
      API_ERROR_CODES.bankTokenInvalid,
    );
    // Our record (what the dashboard reads) follows; the stand-in keeps the last four digits, never more.
    const [row] = await api.db
      .select()
      .from(t.settlementAccounts)
      .where(eq(t.settlementAccounts.id, link.id));
    expect(row).toMatchObject({ payoutsEnabled: true, chargesEnabled: true, locationId: glowLocation });
    const banks = await api.db
      .select()
      .from(t.stripeStandinBankAccounts)
      .where(eq(t.stripeStandinBankAccounts.accountId, link.id));
    expect(banks.map((bank) => [bank.last4, bank.routingLast4])).toEqual([['6789', '0000']]);
    const tokens = await api.db
      .select()
      .from(t.stripeStandinBankTokens)
      .where(eq(t.stripeStandinBankTokens.id, token));
    expect(tokens.map((row) => [row.last4, row.routingLast4, row.used])).toEqual([['6789', '0000', true]]);

    const again = await call(api, 'GET', `/settlement-accounts/onboarding-link/${link.id}`, as.glow);
    expect(v.parse(OnboardingLinkSchema, again.body).accountId).toBe(link.accountId);

    // Deleting an account our link created deletes it at the payment provider too.
    const deleted = await call(api, 'DELETE', `/settlement-accounts/${link.id}`, as.glow);
    expect(deleted).toEqual({ status: 200, body: { id: link.id, deleted: true } });
    expect(
      await api.db.select().from(t.stripeStandinAccounts).where(eq(t.stripeStandinAccounts.id, link.id)),
    ).toEqual([]);
    expect(
      await api.db.select().from(t.settlementAccounts).where(eq(t.settlementAccounts.id, link.id)),
    ).toEqual([]);
  });

  it('attaches an existing account, lists its payouts (cents, unix seconds), and the fault switch fails one attach', async () => {
    const attached = await call(api, 'POST', '/settlement-accounts/', as.multi, {
      stripeAccountId: 'acct_demo_serenity',
      locationId: serenityLocation,
    });
    expect(attached.status).toBe(201);
    expect(v.parse(SettlementAccountSchema, attached.body)).toMatchObject({
      id: 'acct_demo_serenity',
      payouts_enabled: true,
    });
    const payouts = v.parse(
      PayoutListSchema,
      (await call(api, 'GET', '/settlement-accounts/payouts/acct_demo_serenity', as.multi)).body,
    );
    // Derived from Serenity's seeded completed appointments (the exact rule: the test below).
    expect(payouts.length).toBeGreaterThan(0);
    expect(payouts.every((payout) => payout.amount > 0 && payout.arrival_date % 86_400 === 0)).toBe(true);
    const arrivals = payouts.map((payout) => payout.arrival_date);
    expect(arrivals).toEqual([...arrivals].sort((a, b) => b - a));

    expectError(
      await call(api, 'POST', '/standins/stripe/faults/attach', as.glow, { locationId: glowLocation }),
      403,
      API_ERROR_CODES.forbidden,
    );
    expect(
      (await call(api, 'POST', '/standins/stripe/faults/attach', as.admin, { locationId: glowLocation }))
        .status,
    ).toBe(201);
    const [before] = await api.db.select().from(t.locations).where(eq(t.locations.id, glowLocation));
    const body = { settlementAccount: { id: 'acct_demo_radiance' }, version: before?.version };
    expect((await call(api, 'PUT', `/locations/${glowLocation}`, as.admin, body)).status).toBe(500);
    const [unchanged] = await api.db.select().from(t.locations).where(eq(t.locations.id, glowLocation));
    expect(unchanged).toEqual(before);
    expect((await call(api, 'PUT', `/locations/${glowLocation}`, as.admin, body)).status).toBe(200);
  });

  it('payouts derive from the completed appointments less the commission, once payouts are enabled', async () => {
    const DAY = 86_400_000;
    const [category, other] = await api.db
      .insert(t.serviceCategories)
      .values([{ name: `Payouts ${engine} A` }, { name: `Payouts ${engine} B` }])
      .returning();
    const [itemA, itemB] = await api.db
      .insert(t.serviceItems)
      .values([
        { name: 'Payout A', priceInCents: 10_000, serviceCategoryId: category!.id },
        { name: 'Payout B', priceInCents: 5_005, serviceCategoryId: other!.id },
      ])
      .returning();
    const [bundle] = await api.db
      .insert(t.bundles)
      .values({ name: 'Payout bundle', serviceCategoryId: category!.id })
      .returning();
    await api.db.insert(t.bundleServiceItems).values([
      { bundleId: bundle!.id, serviceItemId: itemA!.id },
      { bundleId: bundle!.id, serviceItemId: itemB!.id },
    ]);
    const location = await call(api, 'POST', '/locations', as.admin, {
      streetAddress: '1 Payout Way',
      city: 'Boise',
      state: 'ID',
      zip: '83702',
      country: 'US',
      coordinates: { lat: 43.6, lng: -116.2 },
    });
    const locationId = (location.body as { id: number }).id;
    const made = await call(api, 'POST', '/providers', as.admin, { name: `Payouts ${engine}`, locationId });
    const provider = (made.body as { id: number }).id;
    // 20% on category A; none set on category B.
    await api.db
      .insert(t.commissions)
      .values({ providerId: provider, serviceCategoryId: category!.id, name: 'A', percentage: 20 });
    const [user] = await api.db.select({ id: t.users.id }).from(t.users).limit(1);
    const now = Date.now();
    const ending = (daysAgo: number, hour: number) => {
      const end = Math.floor((now - daysAgo * DAY) / DAY) * DAY + hour * 3_600_000;
      return { startDate: new Date(end - 3_600_000), endDate: new Date(end) };
    };
    const booked = (
      status: (typeof t.APPOINTMENT_STATUSES)[number],
      when: { startDate: Date; endDate: Date },
      what: { serviceItemId?: number; bundleId?: number },
    ) => ({
      groupId: `payouts-${engine}-${Math.random()}`,
      status,
      userId: user!.id,
      providerId: provider,
      locationId,
      ...when,
      ...what,
    });
    await api.db.insert(t.appointments).values([
      booked('COMPLETED', ending(10, 10), { serviceItemId: itemA!.id }), // 10,000 less 20% = 8,000
      booked('COMPLETED', ending(10, 15), { serviceItemId: itemB!.id }), // 5,005, no commission: same day
      booked('COMPLETED', ending(5, 12), { bundleId: bundle!.id }), // 15,005 less 3,001 = 12,004
      booked('COMPLETED', ending(40, 12), { serviceItemId: itemA!.id }), // 8,000, before the 30 days
      booked('COMPLETED', ending(0, 1), { serviceItemId: itemB!.id }), // arrives in 2 days: not yet
      booked('ACTIVE', ending(3, 12), { serviceItemId: itemA!.id }),
      booked('CANCELLED', ending(4, 12), { serviceItemId: itemA!.id }),
      booked('LATE_CANCELLED', ending(6, 12), { serviceItemId: itemA!.id }),
      booked('FILMING', ending(7, 12), { serviceItemId: itemA!.id }),
    ]);
    const arrival = (daysAgo: number) => (Math.floor((now - daysAgo * DAY) / DAY) * DAY + 2 * DAY) / 1000;
    const activity = async () =>
      (await call(api, 'GET', `/appointments/activity?provider=${provider}`, as.admin)).body as {
        payoutsPast30DaysInCents: number;
        lifetimePayoutsInCents: number;
      };

    // An account without a bank pays nothing out yet.
    const link = v.parse(
      OnboardingLinkSchema,
      (await call(api, 'POST', '/settlement-accounts/onboarding-link', as.admin, { locationId })).body,
    );
    const [stored] = await api.db.select().from(t.locations).where(eq(t.locations.id, locationId));
    const attach = { settlementAccount: { id: link.accountId }, version: stored?.version };
    expect((await call(api, 'PUT', `/locations/${locationId}`, as.admin, attach)).status).toBe(200);
    const listed = async () =>
      v.parse(
        PayoutListSchema,
        (await call(api, 'GET', `/settlement-accounts/payouts/${link.id}`, as.admin)).body,
      );
    expect(await listed()).toEqual([]);
    expect(await activity()).toMatchObject({ payoutsPast30DaysInCents: 0, lifetimePayoutsInCents: 0 });

    await fetch(link.url.split('?')[0]!, {
      method: 'POST',
      body: new URLSearchParams({
        business_name: 'P',
        state: new URL(link.url).searchParams.get('state') ?? '',
      }),
    });
    const bankAccountToken = await bankToken();
    const connected = await call(api, 'POST', `/settlement-accounts/bank-account/${link.id}`, as.admin, {
      bankAccountToken,
    });
    expect(connected.status).toBe(200);
    expect(await listed()).toEqual([
      { amount: 5_005, arrival_date: arrival(0) },
      { amount: 12_004, arrival_date: arrival(5) },
      { amount: 13_005, arrival_date: arrival(10) },
      { amount: 8_000, arrival_date: arrival(40) },
    ]);
    expect(await activity()).toMatchObject({
      payoutsPast30DaysInCents: 12_004 + 13_005,
      lifetimePayoutsInCents: 12_004 + 13_005 + 8_000,
    });

    // A changed commission changes what is paid: nothing is stored.
    await api.db.update(t.commissions).set({ percentage: 50 }).where(eq(t.commissions.providerId, provider));
    expect((await listed()).map((payout) => payout.amount)).toEqual([5_005, 7_502, 10_005, 5_000]);
  });
});
