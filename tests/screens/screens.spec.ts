/**
 * Screenshots of the main screens at 390×844 and 1440×900 into docs/screens/ (`npm run screens`), so a
 * reviewer sees the console without running it (docs/screens/README.md lists them). Each screen is checked
 * to have opened before it is taken. The providers and the onboarding run on a provider account of their
 * own, so the demo records stay as seeded.
 */
import type { Page } from '@playwright/test';
import {
  animationsEnded,
  api,
  expect,
  fillBusinessProfile,
  freshProvider,
  signIn,
  test,
  tokenOf,
} from '../e2e/fixtures';
import { DEMO } from '../e2e/stack';

const SIZES = { phone: { width: 390, height: 844 }, laptop: { width: 1440, height: 900 } } as const;
type Size = keyof typeof SIZES;
const EACH_SIZE = Object.entries(SIZES) as [Size, (typeof SIZES)[Size]][];

const ADMIN_SCREENS = [
  ['overview', '/overview'],
  ['appointments', '/appointments'],
  ['services', '/services'],
  ['users', '/users'],
  ['providers', '/providers'],
  ['credits', '/credits'],
  ['promocodes', '/promocodes'],
  ['notifications', '/notifications?filter=all'],
  ['settings', '/settings'],
  ['history', '/history'],
  ['pricing-tiers', '/pricing-tiers'],
  ['invite-provider', '/providers/provider/invite'],
  ['not-found', '/no-such-page'],
  ['signed-in-login', '/login'],
] as const;

/** Once the page's requests, its animations (drawers, dialogs, toasts) and any smooth scroll have ended. */
async function shoot(page: Page, size: Size, name: string) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const y = window.scrollY;
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY === y)));
      }),
  );
  await animationsEnded(page);
  await page.screenshot({ path: `docs/screens/${size}-${name}.png` });
}

/** Waits for the toasts shown to end (a pointer over one pauses it). */
async function toastsGone(page: Page) {
  await page.mouse.move(0, 0);
  await expect(page.locator('[data-scope="toast"][data-part="root"]')).toHaveCount(0, { timeout: 20_000 });
}

async function openPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

// One after another, in this order: the admin's lists are taken before the onboarding adds providers.
test.describe.configure({ mode: 'serial' });

for (const [size, viewport] of EACH_SIZE) {
  test(`admin screens at ${size} size`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/login');
    await shoot(page, size, 'login');
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/services$/);
    for (const [name, path] of ADMIN_SCREENS) {
      await openPage(page, path);
      if (name === 'users') {
        await expect(page.getByRole('table', { name: 'Users' }).getByRole('button').first()).toBeVisible();
      }
      if (name === 'appointments') {
        await expect(page.getByRole('button', { name: /^Open the appointment of / }).first()).toBeVisible();
      }
      await shoot(page, size, `admin-${name}`);
    }

    // A new bundle draft, brought into view.
    await openPage(page, '/services');
    const bundles = page.getByRole('region', { name: 'Bundles' });
    await bundles.getByRole('button', { name: 'New Bundle' }).click();
    const draft = bundles.getByRole('form').filter({ hasText: 'Not saved yet' });
    await expect(draft.getByLabel('Bundle name')).toBeFocused();
    await shoot(page, size, 'admin-services-bundle-draft');
    await draft.getByRole('button', { name: /^Remove new bundle/ }).click();

    // The providers panel's manage view of a seeded provider.
    const admin = await tokenOf(DEMO.admin);
    const providers = await api<{ id: number; name: string }[]>(admin, 'GET', '/providers');
    const glow = providers.find((provider) => provider.name === 'Glow Studio');
    await openPage(page, `/providers?provider=${glow?.id}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Provider Details' })).toBeVisible();
    await shoot(page, size, 'admin-provider-manage');

    if (size === 'phone') {
      await page.goto('/services');
      await page.getByRole('button', { name: 'Menu' }).click();
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav).toBeVisible();
      // Once the drawer has slid in.
      await expect.poll(async () => (await nav.boundingBox())?.x).toBe(0);
      await page.screenshot({ path: `docs/screens/${size}-menu.png` });
      await page.keyboard.press('Escape');
    }
    await page.goto('/users?q=multi@upkeep.test');
    await page.getByRole('table', { name: 'Users' }).getByRole('button', { name: 'Morgan Multi' }).click();
    const drawer = page.getByRole('dialog', { name: 'Morgan Multi' });
    await expect(drawer.getByRole('region', { name: 'Associated Providers' })).toBeVisible();
    await shoot(page, size, 'admin-user-drawer');
    await drawer.getByRole('button', { name: 'View as Luxe Aesthetics' }).click();
    await expect(page.getByRole('region', { name: 'View as provider' })).toBeVisible();
    // Once the dashboard has loaded: its Upcoming panel shows (and the calendar's month is read).
    await expect(page.getByRole('heading', { level: 2, name: 'Upcoming' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Loading the dashboard…')).toHaveCount(0);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
    await shoot(page, size, 'view-as-overview');
    await openPage(page, '/provider/profile');
    await shoot(page, size, 'view-as-profile');
  });
}

for (const [size, viewport] of EACH_SIZE) {
  test(`provider screens at ${size} size`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/login');
    await signIn(page, DEMO.provider);
    await expect(page).toHaveURL(/\/provider\/overview/);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    const upcoming = page.getByRole('list', { name: 'Upcoming appointments' }).getByRole('button');
    await expect(upcoming.first()).toBeVisible();
    await shoot(page, size, 'provider-overview');

    // The month calendar (a day list on a phone).
    await page.evaluate(() =>
      document.getElementById('calendar-heading')?.scrollIntoView({ block: 'start' }),
    );
    await shoot(page, size, 'provider-calendar');

    // An appointment's drawer.
    await upcoming.first().click();
    const drawer = page.getByRole('dialog', { name: 'Appointment' });
    await expect(drawer).toBeVisible();
    await shoot(page, size, 'provider-appointment-drawer');
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);

    // Create Appointment.
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Create Appointment' });
    await expect(create).toBeVisible();
    await shoot(page, size, 'provider-booking-dialog');
    await page.keyboard.press('Escape');
    await expect(create).toHaveCount(0);

    // Payouts: the first step, as Glow Studio has no payout account yet.
    await openPage(page, '/provider/onboarding/stripe');
    await expect(page.getByRole('button', { name: 'Connect To Stripe' })).toBeVisible();
    await shoot(page, size, 'provider-payouts');
  });
}

for (const [size, viewport] of EACH_SIZE) {
  test(`onboarding wizard at ${size} size`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/login');
    await signIn(page, await freshProvider(`screens-${size}`));
    await expect(page).not.toHaveURL(/\/login/);

    // Step 0: the scheduling system.
    await openPage(page, '/provider/onboarding');
    await shoot(page, size, 'onboarding-strategy');

    // MINDBODY's credentials page (connections).
    await page.getByLabel('MINDBODY', { exact: true }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/provider\/onboarding\/credentials/);
    await expect(page.getByRole('button', { name: 'Connect' })).toBeVisible();
    await shoot(page, size, 'onboarding-credentials');

    // MANUAL: step 1, the business profile, filled in.
    await openPage(page, '/provider/onboarding');
    await page.getByLabel('Manual (books in Upkeep)', { exact: true }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/provider\/onboarding\/location\?step=1/);
    await fillBusinessProfile(page, `Bloom ${size} ${Date.now()}`);
    await toastsGone(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, size, 'onboarding-profile');

    // Step 2: service items and availability.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=2/);
    await expect(page.getByRole('heading', { name: 'Select supported Upkeep service items' })).toBeVisible();
    await page.getByText('Facials', { exact: true }).click();
    await page.getByRole('gridcell', { name: 'Monday 6:00 AM' }).click();
    await shoot(page, size, 'onboarding-services');

    // Step 3: done.
    await page.getByRole('button', { name: 'Save availability' }).click();
    await expect(page.getByText('Successfully saved availability for Facials')).toBeVisible();
    // The screenshot is taken without the toast.
    await toastsGone(page);
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page.getByText("You've completed the onboarding process.")).toBeVisible();
    await shoot(page, size, 'onboarding-done');
  });
}
