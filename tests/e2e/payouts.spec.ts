/**
 * Payouts onboarding (02 §2, §4, §5, §9; issue 18): a provider onboards through the payments sandbox's
 * hosted page, fails then passes the bank form's validation, connects the bank and reaches the last step,
 * and the dashboard's checklist and payouts follow; an admin (viewing as the provider) attaches an existing
 * account, connects the bank and resets; a provider attaches an existing account; a failed attach leaves no
 * settlement account behind. No raw bank number reaches our API or the browser's storage.
 *
 * Each test works on a provider no other file reads: a seeded one with past completed appointments (so the
 * payouts have something to derive from) or one it makes itself.
 */
import type { Page } from '@playwright/test';
import type { ProviderActivity } from '../../src/api/contract/appointment';
import type { Payout } from '../../src/api/contract/payouts';
import { activityLines } from '../../src/domain/dashboard/activity';
import { PROVIDER_MESSAGES } from '../../src/domain/shared/messages';
import { api, checkA11y, expect, freshProvider, ownProvider, signIn, test, tokenOf } from './fixtures';
import { DEMO, E2E } from './stack';

interface ProviderRow {
  id: number;
  name: string;
  location: { id: number; settlementAccount: { id: string } | null } | null;
}

const ROUTING = '021000021';
const ACCOUNT = '000123456789';

async function providerNamed(token: string, name: string) {
  const list = await api<ProviderRow[]>(token, 'GET', '/providers');
  const found = list.find((p) => p.name === name);
  if (!found?.location) throw new Error(`no provider ${name} with a location`);
  return { ...found, location: found.location };
}

/** The status of a call to our API (for the ones expected to fail). */
async function statusOf(token: string, path: string): Promise<number> {
  const response = await fetch(`${E2E.apiUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return response.status;
}

/** Every request the page sends to our API: method, address and body. */
function recordApiRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(E2E.apiUrl)) {
      sent.push(`${request.method()} ${request.url()} ${request.postData() ?? ''}`);
    }
  });
  return sent;
}

/** localStorage, sessionStorage and every IndexedDB store of the page, as text. */
async function storageDump(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const out: string[] = [];
    for (const storage of [window.localStorage, window.sessionStorage]) {
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key !== null) out.push(`${key}=${storage.getItem(key) ?? ''}`);
      }
    }
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await request(indexedDB.open(info.name));
      for (const store of Array.from(db.objectStoreNames)) {
        const rows = await request(db.transaction(store).objectStore(store).getAll());
        out.push(`indexedDB ${info.name}/${store}=${JSON.stringify(rows)}`);
      }
      db.close();
    }
    return out;
  });
}

async function expectActivity(page: Page, token: string, providerId: number) {
  const activity = await api<ProviderActivity>(token, 'GET', `/appointments/activity?provider=${providerId}`);
  const region = page.getByRole('region', { name: 'Activity' });
  await expect(region.locator('dd')).toHaveText(activityLines(activity).map((line) => line.value));
  return activity;
}

async function fillBank(page: Page, routing: string, account: string, confirm: string) {
  await page.getByLabel('Routing number').fill(routing);
  await page.getByLabel('Account number', { exact: true }).fill(account);
  await page.getByLabel('Confirm account number').fill(confirm);
}

const connectBank = (page: Page) => page.getByRole('button', { name: 'Connect Bank Account' }).click();

test('a provider onboards through the hosted page, fails then passes the bank form, and the dashboard follows; no raw bank number leaves the form', async ({
  page,
}) => {
  const name = 'Alpine Laser Studio';
  const account = await freshProvider('payouts', name);
  const token = await tokenOf(account);
  const provider = await providerNamed(token, name);
  expect(provider.location.settlementAccount).toBeNull();
  const sent = recordApiRequests(page);

  await page.goto('/login');
  await signIn(page, account);
  await expect(page).toHaveURL(/\/provider\/overview/);
  const checklist = page.getByRole('region', { name: 'Checklist' });
  await expect(page.getByText(PROVIDER_MESSAGES.payoutsBanner)).toBeVisible();
  await expect(checklist.getByRole('link', { name: 'Connect to payment provider: Required' })).toBeVisible();
  const before = await expectActivity(page, token, provider.id);
  expect(before.lifetimePayoutsInCents).toBe(0);

  await page.getByRole('link', { name: 'Connect to stripe' }).click();
  await expect(page).toHaveURL(/\/provider\/onboarding\/stripe$/);
  await checkA11y(page, 'payouts step 1');
  // The stepper fits a phone on one line, naming the current step and how many there are; a laptop shows
  // every step's pill in one row.
  const viewport = page.viewportSize();
  const steps = page.getByRole('list', { name: 'Payouts steps' });
  for (const size of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(size);
    const pills = steps.getByRole('listitem');
    if (size.width === 390) {
      await expect(pills).toHaveCount(1);
      await expect(pills).toHaveText('Step 1 of 3: Stripe account', { useInnerText: true });
      await expect(pills).toHaveAttribute('aria-current', 'step');
    } else {
      await expect(pills).toHaveCount(3);
      await expect(pills.first()).toHaveText('1. Stripe account', { useInnerText: true });
    }
    const tops = await pills.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
    const box = await steps.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: `.tmp/payouts-steps-${size.width}.png` });
    await checkA11y(page, `payouts step 1 at ${size.width} px`);
  }
  if (viewport) await page.setViewportSize(viewport);
  await page.getByRole('button', { name: 'Connect To Stripe' }).click();
  await expect(page).toHaveURL(/\/standins\/stripe\/setup\/acct_/);
  // Leaving the hosted page unfinished: the account exists, so the button now completes it.
  await page.goBack();
  await expect(page).toHaveURL(/\/provider\/onboarding\/stripe$/);
  await page.getByRole('button', { name: 'Complete Stripe Account' }).click();
  await expect(page).toHaveURL(/\/standins\/stripe\/setup\/acct_/);
  await expect(page.getByText('external_account')).toBeVisible();
  await page.getByRole('button', { name: 'Submit details' }).click();

  await expect(page).toHaveURL(/\/provider\/onboarding\/stripe$/);
  await expect(page.getByRole('heading', { name: 'Connect your bank account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset' })).toHaveCount(0);
  await fillBank(page, '12345', '1234', '1234');
  await connectBank(page);
  await expect(page.getByText(PROVIDER_MESSAGES.routingNumber)).toBeVisible();
  await expect(page.getByText(PROVIDER_MESSAGES.accountNumber)).toHaveCount(2);
  await checkA11y(page, 'payouts bank step with errors');
  // After a submit, every change revalidates.
  await fillBank(page, ROUTING, ACCOUNT, `${ACCOUNT.slice(0, -1)}0`);
  await expect(page.getByText(PROVIDER_MESSAGES.routingNumber)).toHaveCount(0);
  await expect(page.getByText(PROVIDER_MESSAGES.accountMismatch)).toBeVisible();
  await page.getByLabel('Confirm account number').fill(ACCOUNT);
  await expect(page.getByText(PROVIDER_MESSAGES.accountMismatch)).toHaveCount(0);
  await connectBank(page);
  await expect(page.getByRole('heading', { name: 'Account Creation Successful' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Learn More' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset' })).toHaveCount(0);
  await checkA11y(page, 'payouts last step');

  // The bank it pays into, masked, and when payouts come.
  await expect(page.getByText('•••• 6789')).toBeVisible();
  await expect(page.getByText('JPMORGAN CHASE BANK, NA')).toBeVisible();
  await expect(page.getByText('Daily, 2 days after the payment')).toBeVisible();

  // The numbers went to the payment provider (its stand-in's /v1/tokens) alone; our API got the token only,
  // and the numbers are nowhere in the browser's storage.
  const tokens = '/standins/stripe/v1/tokens';
  expect(sent.some((line) => line.includes(tokens) && line.includes(ACCOUNT))).toBe(true);
  expect(
    sent.some((line) => line.includes('/settlement-accounts/bank-account/') && line.includes('btok_')),
  ).toBe(true);
  for (const secret of [ROUTING, ACCOUNT]) {
    expect(sent.filter((line) => line.includes(secret) && !line.includes(tokens))).toEqual([]);
  }
  const stored = await storageDump(page);
  expect(stored.length).toBeGreaterThan(0);
  for (const secret of [ROUTING, ACCOUNT]) {
    expect(stored.filter((entry) => entry.includes(secret))).toEqual([]);
  }

  // The dashboard: payments done, no banner, and the payouts of the provider's completed appointments.
  await page.getByRole('button', { name: 'View Provider' }).click();
  await expect(page).toHaveURL(/\/provider\/overview/);
  await expect(checklist.getByText('Connect to payment provider (done)')).toBeVisible();
  await expect(page.getByText(PROVIDER_MESSAGES.payoutsBanner)).toHaveCount(0);
  const after = await expectActivity(page, token, provider.id);
  const accountId = (await providerNamed(token, name)).location.settlementAccount?.id ?? '';
  const payouts = await api<Payout[]>(token, 'GET', `/settlement-accounts/payouts/${accountId}`);
  const arrived = payouts.filter((payout) => payout.arrival_date * 1000 <= Date.now());
  expect(after.lifetimePayoutsInCents).toBe(arrived.reduce((total, payout) => total + payout.amount, 0));
  expect(after.lifetimePayoutsInCents).toBeGreaterThan(0);
});

test('an admin viewing as a provider attaches an existing account, connects the bank and resets', async ({
  page,
}) => {
  const name = 'Beacon Hill Skin';
  const admin = await tokenOf(DEMO.admin);
  const provider = await providerNamed(admin, name);
  // An account made earlier and never attached to the location.
  const existing = await api<{ accountId: string }>(admin, 'POST', '/settlement-accounts/onboarding-link', {
    locationId: provider.location.id,
  });

  await page.goto('/login');
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/services/);
  await page.goto('/provider/overview');
  await page.getByLabel('Provider', { exact: true }).selectOption({ label: name });
  await page.getByRole('button', { name: 'View as provider' }).click();
  await expect(page.getByRole('button', { name: 'View As Admin' })).toBeVisible();
  await page.getByRole('link', { name: 'Connect to stripe' }).click();
  await expect(page).toHaveURL(/\/provider\/onboarding\/stripe$/);

  const attach = page.getByRole('button', { name: 'Attach' });
  await expect(attach).toBeDisabled();
  await page.getByLabel('Existing Stripe account id').fill(existing.accountId);
  await expect(attach).toBeEnabled();
  await attach.click();
  await expect(page.getByText(PROVIDER_MESSAGES.stripeAttached)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Connect your bank account' })).toBeVisible();
  expect((await providerNamed(admin, name)).location.settlementAccount?.id).toBe(existing.accountId);

  await fillBank(page, ROUTING, ACCOUNT, ACCOUNT);
  await connectBank(page);
  await expect(page.getByRole('heading', { name: 'Account Creation Successful' })).toBeVisible();
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page).toHaveURL(/\/providers$/);
  expect((await providerNamed(admin, name)).location.settlementAccount).toBeNull();
  expect(await statusOf(admin, `/settlement-accounts/${existing.accountId}`)).toBe(404);
});

test('a provider attaches an existing account and is sent to the overview', async ({ page }) => {
  const name = 'Music Row Beauty Bar';
  const account = await freshProvider('payouts-attach', name);
  const token = await tokenOf(account);
  const provider = await providerNamed(token, name);
  const existing = await api<{ accountId: string }>(token, 'POST', '/settlement-accounts/onboarding-link', {
    locationId: provider.location.id,
  });

  await page.goto('/login');
  await signIn(page, account);
  await expect(page).toHaveURL(/\/provider\/overview/);
  await page.goto('/provider/onboarding/stripe');
  await expect(page.getByRole('button', { name: 'Attach' })).toBeDisabled();
  await page.getByLabel('Existing Stripe account id').fill(`  ${existing.accountId} `);
  await page.getByRole('button', { name: 'Attach' }).click();
  await expect(page.getByText(PROVIDER_MESSAGES.stripeAttached)).toBeVisible();
  await expect(page).toHaveURL(/\/provider\/overview/);
  expect((await providerNamed(token, name)).location.settlementAccount?.id).toBe(existing.accountId);
  // Attached but not onboarded: payments still Required.
  await expect(
    page
      .getByRole('region', { name: 'Checklist' })
      .getByRole('link', { name: 'Connect to payment provider: Required' }),
  ).toBeVisible();
});

test('a failed attach deletes the account just created and says so', async ({ page }) => {
  const admin = await tokenOf(DEMO.admin);
  const name = `Payouts Fault ${Date.now()}`;
  const { locationId } = await ownProvider(name);
  const account = await freshProvider('payouts-fault', name);
  await api(admin, 'POST', '/standins/stripe/faults/attach', { locationId });

  await page.goto('/login');
  await signIn(page, account);
  await expect(page).toHaveURL(/\/provider\/overview/);
  await page.goto('/provider/onboarding/stripe');
  const created = page.waitForResponse(
    (response) =>
      response.url().endsWith('/settlement-accounts/onboarding-link') &&
      response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Connect To Stripe' }).click();
  const { accountId, url } = (await (await created).json()) as { accountId: string; url: string };
  await expect(page.getByText(PROVIDER_MESSAGES.attachFailed)).toBeVisible();
  await expect(page).toHaveURL(/\/provider\/onboarding\/stripe$/);
  await expect(page.getByRole('button', { name: 'Connect To Stripe' })).toBeEnabled();

  // Nothing left: not on the location, not in our records, not at the payment provider.
  expect((await providerNamed(admin, name)).location.settlementAccount).toBeNull();
  expect(await statusOf(admin, `/settlement-accounts/${accountId}`)).toBe(404);
  // The link's own page (with its state) finds no account any more.
  expect((await fetch(url)).status).toBe(404);
});

test('an admin starts from Manage Stripe Account in the providers panel and comes back to the same provider', async ({
  page,
}) => {
  const name = 'Brickell Aesthetics';
  const admin = await tokenOf(DEMO.admin);
  const provider = await providerNamed(admin, name);
  await page.goto('/login');
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/services/);

  // The panel lists the payouts of an account that pays out, as the payment provider lists them.
  const serenity = await providerNamed(admin, 'Serenity Med Spa');
  const serenityPayouts = await api<Payout[]>(
    admin,
    'GET',
    `/settlement-accounts/payouts/${serenity.location.settlementAccount?.id ?? ''}`,
  );
  expect(serenityPayouts.length).toBeGreaterThan(0);
  await page.goto(`/providers?provider=${serenity.id}`);
  const serenitySection = page.getByRole('region', { name: 'Manage Stripe Account' });
  await expect(serenitySection.getByText('Payouts enabled')).toBeVisible();
  // Payouts enabled: nothing is left to complete, so no link asks for it.
  await expect(serenitySection.getByRole('link', { name: 'Complete Stripe Account' })).toHaveCount(0);
  await expect(serenitySection.getByRole('row')).toHaveCount(serenityPayouts.length + 1);

  await page.goto(`/providers?provider=${provider.id}`);
  const section = page.getByRole('region', { name: 'Manage Stripe Account' });
  await expect(section.getByText('No Stripe account is attached.')).toBeVisible();
  await section.getByRole('link', { name: 'Connect To Stripe' }).click();
  await expect(page).toHaveURL(new RegExp(`/provider/onboarding/stripe\\?provider=${provider.id}$`));
  await page.getByRole('button', { name: 'Connect To Stripe' }).click();
  await expect(page).toHaveURL(/\/standins\/stripe\/setup\/acct_/);
  await page.getByRole('button', { name: 'Submit details' }).click();
  await expect(page).toHaveURL(new RegExp(`/provider/onboarding/stripe\\?provider=${provider.id}$`));
  await expect(page.getByRole('heading', { name: 'Connect your bank account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset' })).toBeVisible();

  await page.goto(`/providers?provider=${provider.id}`);
  await expect(section.getByText('Bank account not connected')).toBeVisible();
  const accountId = (await providerNamed(admin, name)).location.settlementAccount?.id ?? '';
  await expect(section.getByText(`Stripe account ${accountId}`)).toBeVisible();
  await expect(section.getByRole('link', { name: 'Complete Stripe Account' })).toBeVisible();
});
