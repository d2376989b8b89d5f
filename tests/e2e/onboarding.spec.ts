/**
 * Provider onboarding (02 §2, §4, §5, §8): from the strategy choice to step 3 as a MANUAL provider, the
 * admin's Add Provider, a reload mid-wizard, and provider creation failing on purpose at the credentials,
 * the location or the provider (the test-mode X-Test-Fault header) leaving no orphan rows and showing the
 * catalogue toast.
 */
import {
  ONBOARDING_STRATEGIES,
  STRATEGY_NEXT,
  type OnboardingStrategy,
} from '../../src/domain/onboarding/strategies';
import { STRATEGY_LABELS } from '../../src/domain/providers/provider-list';
import type { Page } from '@playwright/test';
import {
  api,
  checkA11y,
  expect,
  fillBusinessProfile,
  freshProvider,
  signIn,
  test,
  tokenOf,
} from './fixtures';
import { DEMO } from './stack';

async function chooseStrategy(page: Page, strategy: OnboardingStrategy) {
  await page.goto('/provider/onboarding');
  await page.getByLabel(STRATEGY_LABELS[strategy], { exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/provider\/onboarding\/location\?step=1/);
}

/** A scheduling system's constant as a word on screen (MINDBODY's name is written so). */
const RAW_STRATEGY = /\b(MANUAL|BOOKER|BOULEVARD|SQUARE)\b/;

async function rowsNamed(name: string) {
  const admin = await tokenOf(DEMO.admin);
  const providers = await api<{ name: string }[]>(admin, 'GET', '/providers');
  const locations = await api<{ name: string | null }[]>(admin, 'GET', '/locations');
  return {
    providers: providers.filter((p) => p.name === name).length,
    locations: locations.filter((l) => l.name === name).length,
  };
}

test.describe('provider onboarding', () => {
  // Each test onboards as a provider account of its own: the providers it creates never reach the demo
  // provider, whose single provider other test files read.
  let account: { email: string; password: string };
  test.beforeEach(async ({ page }) => {
    account = await freshProvider('onboarding');
    await page.goto('/login');
    await signIn(page, account);
    await expect(page).not.toHaveURL(/\/login/);
  });

  test('a provider already onboarded is told so, with links to their overview and profile', async ({
    page,
  }) => {
    // The account manages Glow Studio (freshProvider): it is onboarded.
    await page.goto('/provider/onboarding');
    const notice = page.getByRole('region', { name: 'Onboarded' });
    await expect(notice).toContainText('Glow Studio is onboarded.');
    await expect(notice.getByRole('link', { name: 'Go to Overview' })).toHaveAttribute(
      'href',
      '/provider/overview',
    );
    await expect(notice.getByRole('link', { name: 'Open My Profile' })).toHaveAttribute(
      'href',
      '/provider/profile',
    );
    // Another business can still be onboarded from here.
    await expect(
      page.getByText('Onboard another business: choose how it connects its scheduling.'),
    ).toBeVisible();
    await expect(page.getByLabel('Manual (books in Upkeep)', { exact: true })).toBeVisible();
    // Each choice says in a line what the next step asks for.
    for (const option of ONBOARDING_STRATEGIES)
      await expect(page.getByLabel(STRATEGY_LABELS[option], { exact: true })).toHaveAccessibleDescription(
        STRATEGY_NEXT[option],
      );
    await checkA11y(page, 'onboarding start, already onboarded');
    await notice.getByRole('link', { name: 'Go to Overview' }).click();
    await expect(page).toHaveURL(/\/provider\/overview$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  });

  test('the strategy choice names each scheduling system, never its constant, on a laptop and a phone', async ({
    page,
  }) => {
    for (const size of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await page.goto('/provider/onboarding');
      for (const option of ONBOARDING_STRATEGIES)
        await expect(page.getByRole('radio', { name: STRATEGY_LABELS[option], exact: true })).toBeVisible();
      await expect(page.locator('body')).not.toContainText(RAW_STRATEGY);
      await checkA11y(page, `onboarding start at ${size.width} px`);
    }
  });

  test('a MANUAL provider goes from the strategy choice to step 3, and a reload keeps the progress', async ({
    page,
  }) => {
    const name = `Bloom ${Date.now()}`;
    await chooseStrategy(page, 'MANUAL');
    await expect(page.getByRole('heading', { name: 'Creating your Business Profile' })).toBeVisible();
    await fillBusinessProfile(page, name);
    await page.reload();
    await expect(page.getByLabel('Business name')).toHaveValue(name);
    await checkA11y(page);
    const next = page.getByRole('button', { name: 'Next' });
    await expect(next).toBeEnabled();
    await next.dblclick();
    await expect(page).toHaveURL(/step=2/);
    expect(await rowsNamed(name)).toEqual({ providers: 1, locations: 1 });
    await expect(page.getByRole('heading', { name: 'Select supported Upkeep service items' })).toBeVisible();
    await page.getByText('Facials', { exact: true }).click();
    await page.getByRole('gridcell', { name: 'Monday 6:00 AM' }).click();
    await page.getByRole('button', { name: 'Save availability' }).click();
    await expect(page.getByText('Successfully saved availability for Facials')).toBeVisible();
    await checkA11y(page);
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page.getByText("You've completed the onboarding process.")).toBeVisible();
    await page.getByRole('button', { name: 'Return To Dashboard' }).click();
    // The spec sends the wizard's end to /services, which only admins may open: a provider goes to their
    // own dashboard instead of meeting a sign-in page.
    await expect(page).toHaveURL(/\/provider\/overview/);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    expect(
      JSON.stringify(await page.evaluate(() => window.localStorage.getItem('upkeep:state'))),
    ).not.toContain(name);
  });

  for (const [fault, message] of [
    ['location', 'Failed to create/update location, ensure fields are valid.'],
    ['provider', 'Failed to create/update provider, ensure fields are valid.'],
  ] as const) {
    test(`a failure at the ${fault} leaves no orphan row and says so`, async ({ page }) => {
      const name = `Fault ${fault} ${Date.now()}`;
      await page.route(/\/(locations|providers)$/, async (route) => {
        await route.continue({ headers: { ...route.request().headers(), 'x-test-fault': fault } });
      });
      await chooseStrategy(page, 'BOOKER');
      await fillBusinessProfile(page, name);
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByText(message)).toBeVisible();
      await expect(page).toHaveURL(/step=1/);
      expect(await rowsNamed(name)).toEqual({ providers: 0, locations: 0 });
    });
  }
  test('a failure at the credentials (MINDBODY) leaves no orphan row and says so', async ({ page }) => {
    const name = `Fault credentials ${Date.now()}`;
    const sent: string[] = [];
    page.on('request', (request) => {
      if (/\/(credentials|locations|providers)$/.test(request.url()) && request.method() === 'POST')
        sent.push(new URL(request.url()).pathname);
    });
    await page.route(/\/(credentials|locations|providers)$/, async (route) => {
      await route.continue({ headers: { ...route.request().headers(), 'x-test-fault': 'credentials' } });
    });
    // MINDBODY goes to its connection first; the business profile is reached with Continue onboarding.
    await page.goto('/provider/onboarding');
    await page.getByLabel('MINDBODY', { exact: true }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/provider\/onboarding\/credentials/);
    await page.goto('/provider/onboarding');
    await page.getByRole('link', { name: 'Continue onboarding' }).click();
    await expect(page).toHaveURL(/\/provider\/onboarding\/location\?step=1/);
    await fillBusinessProfile(page, name);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(
      page.getByText('Failed to create/update credentials, ensure fields are valid.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/step=1/);
    // Credentials come first: their failure stops the creation before any location or provider is sent.
    expect(sent).toEqual(['/credentials']);
    expect(await rowsNamed(name)).toEqual({ providers: 0, locations: 0 });
    await expect(page.getByLabel('Business name')).toHaveValue(name);
  });

  test('a BOOKER provider goes from the strategy choice to step 3', async ({ page }) => {
    const name = `Booker ${Date.now()}`;
    await chooseStrategy(page, 'BOOKER');
    await fillBusinessProfile(page, name);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(
      page.getByRole('heading', { name: 'Assign Booker service items to Upkeep service items' }),
    ).toBeVisible();
    expect(await rowsNamed(name)).toEqual({ providers: 1, locations: 1 });
    await expect(page.getByText('Strategy: Booker', { exact: true })).toBeVisible();
    // Step 2 is the mapping editor: its sections, and a first mapping saved.
    for (const section of ['Facials', 'Injectables', 'Laser (Hair Removal)', 'Body Contour', 'Bundles']) {
      await expect(page.getByRole('heading', { name: section, exact: true })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Add Facials mapping' }).click();
    const row = page.getByRole('group', { name: 'Facials row 1' });
    await row.getByLabel('Booker service item').selectOption({ label: 'Chemical Peel' });
    await row.getByLabel('Upkeep service item').selectOption({ label: 'Chemical Peel' });
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Created Mapping')).toBeVisible();
    await expect(page.locator('body')).not.toContainText(RAW_STRATEGY);
    await checkA11y(page);
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page.getByText("You've completed the onboarding process.")).toBeVisible();
    await checkA11y(page);
  });

  test('Log Out aborts the onboarding in progress', async ({ page }) => {
    await chooseStrategy(page, 'MANUAL');
    await page.getByLabel('Business name').fill('Aborted Spa');
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('upkeep:state') ?? ''))
      .toContain('Aborted Spa');
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => window.localStorage.getItem('upkeep:state') ?? '')).not.toContain(
      'Aborted Spa',
    );
    await signIn(page, account);
    // Signed in before the next address is typed (else it is met by the sign-in page).
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/provider/onboarding/location?step=1');
    await expect(page).toHaveURL(/\/provider\/onboarding$/);
  });
});

test('an admin adds a provider: raw fields, the warning, then the business profile', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, DEMO.admin);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/provider/onboarding');
  await expect(page.getByText('Choose how your business connects its scheduling.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Onboarded' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Add Provider' }).click();
  await expect(page.getByRole('heading', { name: 'Provider Onboarding / Add Provider' })).toBeVisible();
  await expect(page.getByText('The next step creates the provider.')).toBeVisible();
  await page.getByLabel('name', { exact: true }).fill('Admin Added Spa');
  await page.getByLabel('description').fill('Added by an admin');
  await checkA11y(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/provider\/onboarding\/location\?step=1/);
  await expect(page.getByLabel('Business name')).toHaveValue('Admin Added Spa');
});
