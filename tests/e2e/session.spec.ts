/**
 * The session as a person meets it (01 §2, §4, §6; 02 §2, §6): where each demo account lands, the sidebar
 * per role, viewing as provider and back, switching provider, reload, refresh, logout, reset password.
 */
import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/domain/shared/persistence';
import { checkA11y, expect, signIn, test } from './fixtures';
import { DEMO, E2E } from './stack';

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

const ADMIN_MENU = [
  'Overview',
  'Appointments',
  'Providers',
  'Users',
  'Services',
  'Promocodes',
  'Credits',
  'Pricing Tiers',
  'Provider Onboard',
  'Notifications',
  'Settings',
  'History',
  'Log Out',
];

async function menu(page: Page): Promise<string[]> {
  const items = page.getByRole('navigation', { name: 'Main' }).getByRole('listitem');
  return (await items.allInnerTexts()).map((text) => text.split('\n')[0]!.trim());
}

async function providers(
  page: Page,
): Promise<{ id: number; name: string; location: { id: number } | null }[]> {
  const token = await stored(page, STORAGE_KEYS.idToken);
  const response = await page.request.get(`${E2E.apiUrl}/providers`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return response.json();
}

test.describe('signing in', () => {
  test('the admin lands on /services with the admin menu', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/services$/);
    await expect.poll(() => menu(page)).toEqual(ADMIN_MENU);
    await checkA11y(page, 'admin at /services');
  });

  test('a provider lands on their overview with the provider menu and its external links', async ({
    page,
  }) => {
    await page.goto('/login');
    await signIn(page, DEMO.provider);
    await expect(page).toHaveURL(/\/provider\/overview$/);
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    // The provider's name under the page title (the dashboard also names it in places a phone hides).
    await expect(
      page.getByRole('main').locator('header').getByText('Glow Studio', { exact: true }),
    ).toBeVisible();
    // Glow Studio has a location and no settlement account: Update address, no Manage payouts.
    await expect
      .poll(() => menu(page))
      .toEqual(['Overview', 'Appointments', 'Update address', 'My Profile', 'Log Out']);
    const [glow] = await providers(page);
    const href = await page.getByRole('link', { name: /Update address/ }).getAttribute('href');
    const url = new URL(href!);
    expect(`${url.origin}${url.pathname}`).toBe(`${E2E.apiUrl}/external-admin/provider/locations`);
    expect(url.searchParams.get('id')).toBe(String(glow!.location!.id));
    // The session's token is never in the link: following it asks the API for a one-time code.
    expect(href).not.toContain((await stored(page, STORAGE_KEYS.idToken))!);
    expect(url.searchParams.has('token')).toBe(false);
    const popup = page.waitForEvent('popup');
    await page.getByRole('link', { name: /Update address/ }).click();
    const external = await popup;
    await expect(external.getByText(DEMO.provider.email)).toBeVisible();
    const opened = new URL(external.url());
    expect(opened.searchParams.get('code')).toMatch(/^[\w-]{43}$/);
    expect(opened.searchParams.has('token')).toBe(false);
    // The code is good once: opening the same address again is refused.
    const again = await external.request.get(external.url());
    expect(again.status()).toBe(401);
    await external.close();
    // A provider user with one provider has nothing to switch.
    await expect(page.getByLabel('Switch Provider')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'View As Admin' })).toHaveCount(0);
    await checkA11y(page, 'provider at /provider/overview');
  });

  test('Manage payouts appears when the location has a settlement account, and My Profile shows the logo', async ({
    page,
  }) => {
    // The demo data has no settlement account or logo: this test adds both to the real answer.
    await page.route(`${E2E.apiUrl}/providers`, async (route) => {
      const response = await route.fetch();
      const list = (await response.json()) as { logoURL: string | null; location: Record<string, unknown> }[];
      for (const provider of list) {
        provider.logoURL = '/favicon.svg';
        provider.location['settlementAccount'] = { id: 'acct_demo_123' };
      }
      await route.fulfill({ response, json: list });
    });
    await page.goto('/login');
    await signIn(page, DEMO.provider);
    await expect
      .poll(() => menu(page))
      .toEqual(['Overview', 'Appointments', 'Manage payouts', 'Update address', 'My Profile', 'Log Out']);
    const href = await page.getByRole('link', { name: /Manage payouts/ }).getAttribute('href');
    const url = new URL(href!);
    expect(url.pathname).toBe('/external-admin/payouts/bank-account');
    expect(url.searchParams.get('id')).toBe('acct_demo_123');
    expect(url.searchParams.has('token')).toBe(false);
    await expect(page.getByRole('link', { name: 'My Profile' }).locator('img')).toHaveAttribute(
      'src',
      '/favicon.svg',
    );
    await checkA11y(page, 'provider menu with payouts');
  });

  test('a provider with two providers switches between them, and the choice survives a reload', async ({
    page,
  }) => {
    await page.goto('/login');
    await signIn(page, DEMO.multi);
    await expect(page).toHaveURL(/\/provider\/overview$/);
    const picker = page.getByLabel('Switch Provider');
    await expect(picker).toBeVisible();
    const list = await providers(page);
    expect(list.map((p) => p.name)).toEqual(['Luxe Aesthetics', 'Serenity Med Spa']);
    await expect(picker).toHaveValue(String(list[0]!.id));
    const addressId = async () =>
      new URL(
        (await page.getByRole('link', { name: /Update address/ }).getAttribute('href'))!,
      ).searchParams.get('id');
    await expect.poll(addressId).toBe(String(list[0]!.location!.id));
    await picker.selectOption({ label: 'Serenity Med Spa' });
    await expect(page.getByRole('main').locator('p', { hasText: /^Serenity Med Spa$/ })).toBeVisible();
    await expect.poll(addressId).toBe(String(list[1]!.location!.id));
    await checkA11y(page, 'switch provider');
    await page.reload();
    await expect(page.getByLabel('Switch Provider')).toHaveValue(String(list[1]!.id));
  });

  test('the customer account is refused with Unauthorized. and nothing is stored', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, DEMO.customer);
    await expect(page.getByRole('alert').filter({ hasText: 'Unauthorized.' })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    expect(await stored(page, STORAGE_KEYS.idToken)).toBeNull();
    expect(await stored(page, STORAGE_KEYS.state)).toBeNull();
  });

  test('a provider sent to /login by an admin-only route lands on their overview after signing in', async ({
    page,
  }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings$/);
    await signIn(page, DEMO.provider);
    await expect(page).toHaveURL(/\/provider\/overview$/);
  });
});

test.describe('viewing as provider', () => {
  test('an admin views the console as a provider, keeps it over a reload, and comes back', async ({
    page,
  }) => {
    await page.goto('/login');
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/services$/);
    await page.goto('/provider/overview');
    await expect.poll(() => menu(page)).toEqual(ADMIN_MENU);
    await expect(page.getByRole('button', { name: 'View As Admin' })).toHaveCount(0);
    await page.getByLabel('Provider', { exact: true }).selectOption({ label: 'Glow Studio' });
    await page.getByRole('button', { name: 'View as provider' }).click();

    await expect
      .poll(() => menu(page))
      .toEqual(['Overview', 'Appointments', 'Update address', 'My Profile', 'Log Out']);
    await expect(page.getByText('Viewing as Glow Studio')).toBeVisible();
    await expect(page.getByRole('button', { name: 'View As Admin' })).toBeVisible();
    await expect(page.getByLabel('Switch Provider')).toHaveCount(0);
    await checkA11y(page, 'admin viewing as provider');

    await page.reload();
    await expect(page.getByText('Viewing as Glow Studio')).toBeVisible();
    await expect
      .poll(() => menu(page))
      .toEqual(['Overview', 'Appointments', 'Update address', 'My Profile', 'Log Out']);

    await page.getByRole('button', { name: 'View As Admin' }).click();
    // Back on the manage view of the provider that was viewed.
    await expect(page).toHaveURL(/\/providers\?provider=\d+$/);
    await expect.poll(() => menu(page)).toEqual(ADMIN_MENU);
    await expect(page.getByText(/Viewing as/)).toHaveCount(0);
  });
});

test.describe('keeping and ending the session', () => {
  test('a reload keeps the session; logout clears the stored token and state and signs out', async ({
    page,
  }) => {
    await page.goto('/login');
    await signIn(page, DEMO.provider);
    await expect(page).toHaveURL(/\/provider\/overview$/);
    const token = await stored(page, STORAGE_KEYS.idToken);
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]*$/);
    await page.reload();
    await expect(page).toHaveURL(/\/provider\/overview$/);
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    expect(await stored(page, STORAGE_KEYS.idToken)).toBe(token);

    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => stored(page, STORAGE_KEYS.idToken)).toBeNull();
    expect(await stored(page, STORAGE_KEYS.state)).toBeNull();
    // Signed out of the identity service too: nothing of it is left in storage.
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys.filter((key) => key.startsWith('firebase:authUser'))).toEqual([]);
    await page.goto('/provider/overview');
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });

  test('the token is refreshed every 5 minutes on the page clock', async ({ page }) => {
    await page.clock.install();
    await page.goto('/login');
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/services$/);
    const refresh = page.waitForRequest(/securetoken\.googleapis\.com\/v1\/token/);
    await page.clock.fastForward(300_000);
    await refresh;
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
    expect(await stored(page, STORAGE_KEYS.idToken)).not.toBeNull();
  });

  test('a refresh that fails signs out with a clear message, and the user signs back in where they were', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/login');
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/services$/);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/settings$/);
    // The reload's session is restored (its refresh timer set) before the clock moves.
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
    await page.route(/securetoken\.googleapis\.com/, (route) => route.abort('internetdisconnected'));
    await page.clock.fastForward(300_000);
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings$/);
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Your session could not be renewed. Please sign in again.' }),
    ).toBeVisible();
    await expect.poll(() => stored(page, STORAGE_KEYS.idToken)).toBeNull();
    await checkA11y(page, '/login after a failed refresh');

    await page.unroute(/securetoken\.googleapis\.com/);
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/settings$/);
  });
});

test.describe('reset password', () => {
  test('Reset is disabled while the email is empty; a sent email is confirmed', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Reset password' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
    const reset = page.getByRole('button', { name: 'Reset' });
    await expect(reset).toBeDisabled();
    await checkA11y(page, '/reset-password');
    await page.getByLabel('Email').fill('   ');
    await expect(reset).toBeDisabled();
    await page.getByLabel('Email').fill(DEMO.provider.email);
    await expect(reset).toBeEnabled();
    await reset.click();
    // Said on the form, and in a toast.
    await expect(page.getByRole('region', { name: 'Reset password' }).getByRole('status')).toHaveText(
      'Reset password email is sent!',
    );
    await expect(page.getByRole('status', { name: 'Reset password email is sent!' })).toBeVisible();
    await checkA11y(page, '/reset-password sent');
    await page.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a failure shows the error message', async ({ page }) => {
    await page.goto('/reset-password');
    await page.getByLabel('Email').fill('nobody-at-all@upkeep.test');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'User does not exist.' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('nobody-at-all@upkeep.test');
  });
});
