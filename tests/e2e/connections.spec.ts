/**
 * Scheduling-system connections end to end against the API's local sandboxes (server/README.md, Scheduling
 * systems), each test as a provider account of its own: MINDBODY with wrong then right credentials, BOULEVARD
 * through the install page in another tab to 'Connected.' and its locations, the SQUARE authorisation round
 * trip and a denial, BOOKER with its locations. Every path of the Boulevard machine (the no-locations case
 * among them) is walked in walks/boulevard-connection.walk.spec.ts.
 */
import type { Page } from '@playwright/test';
import { api, checkA11y, expect, freshProvider, signIn, test, tokenOf } from './fixtures';
import { DEMO } from './stack';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const RETRYING =
  'Unable to connect, provided business ID might be incorrect or app not yet installed, retrying...';
/** Browser tests shorten the Boulevard poll (test builds only); the product polls every 5 s. */
const CREDENTIALS = '/provider/onboarding/credentials?pollMs=1500';

let serial = 0;
const businessId = () => `blvd-sandbox-e2e-${Date.now()}-${++serial}`;

async function chooseStrategy(page: Page, strategy: string) {
  await page.goto('/provider/onboarding');
  await page.getByLabel(strategy, { exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
}

// Each test connects as a provider account of its own.
test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  await signIn(page, await freshProvider('connections'));
  await expect(page).not.toHaveURL(/\/login/);
});

test.describe('scheduling-system connections', () => {
  test('MINDBODY: required fields, wrong credentials, then right ones and its locations', async ({
    page,
  }) => {
    await chooseStrategy(page, 'MINDBODY');
    await expect(page).toHaveURL(/\/provider\/onboarding\/credentials/);
    await page.getByRole('button', { name: 'Connect' }).click();
    for (const message of ['Username required', 'Password required', 'Site ID required']) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await page.getByLabel('Username').fill('Siteowner');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByLabel('Site ID').fill('-99');
    await checkA11y(page);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(
      page.getByText('Unable to get provider locations, check that provided credentials are correct.'),
    ).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue('Siteowner');
    await page.getByLabel('Password').fill('apitest1234');
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page).toHaveURL(/\/provider\/onboarding\/location\?step=1/);
    const pick = page.getByLabel('MINDBODY location');
    await pick.selectOption({ label: 'Clean Slate Spa Ballard (5300 Ballard Ave NW, Seattle, WA)' });
    await expect(page.getByLabel('Street')).toHaveValue('5300 Ballard Ave NW');
    await expect(page.getByLabel('Zip')).toHaveValue('98107');
    await checkA11y(page);

    // Step 1 Next creates the provider with the saved credentials (their password kept on the server).
    const name = `Mindbody ${Date.now()}`;
    await page.getByLabel('Business name').fill(name);
    await page.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByLabel('Cover image').setInputFiles({ name: 'c.png', mimeType: 'image/png', buffer: PNG });
    await page.getByLabel('Description').fill('Spa in Ballard');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(
      page.getByRole('heading', { name: 'Assign MINDBODY service items to Upkeep service items' }),
    ).toBeVisible();
    const admin = await tokenOf(DEMO.admin);
    const provider = (await api<{ id: number; name: string }[]>(admin, 'GET', '/providers')).find(
      (p) => p.name === name,
    );
    expect(provider).toBeDefined();
    const read = await api<{ id: string }[]>(
      admin,
      'GET',
      `/strategies/fetch/locations?provider=${provider?.id}`,
    );
    expect(read.map((l) => l.id)).toEqual(['mb-1', 'mb-2']);

    // API location association: the provider's location becomes the system's Downtown location.
    await page.goto(`/provider/onboarding/apilocation?provider=${provider?.id}`);
    const pickList = page.getByLabel(`Scheduling-system location of ${name}`);
    await expect(pickList).toHaveValue('mb-2');
    await pickList.selectOption({ label: 'Clean Slate Spa Downtown (1201 3rd Ave, Seattle, WA)' });
    await page.getByRole('button', { name: 'Associate location' }).click();
    await expect(page.getByText('Location associated.')).toBeVisible();
    await checkA11y(page);
    const locations = await api<{ id: number; externalLocationId: string | null }[]>(
      admin,
      'GET',
      '/locations',
    );
    expect(locations.some((l) => l.externalLocationId === 'mb-1')).toBe(true);
  });

  test("BOULEVARD: retrying until the app is installed, then 'Connected.' and on to step 1", async ({
    page,
  }) => {
    const id = businessId();
    await chooseStrategy(page, 'BOULEVARD');
    await page.goto(CREDENTIALS);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Business ID required')).toBeVisible();
    await page.getByLabel('Business ID').fill(id);
    await page.getByRole('button', { name: 'Next' }).click();
    const link = page.getByRole('link', { name: 'Upkeep app in Boulevard' });
    await expect(link).toHaveAttribute('href', new RegExp(`businessId=${id}`));
    const installUrl = (await link.getAttribute('href')) ?? '';
    await checkA11y(page);
    await page.getByRole('button', { name: 'Verify connection' }).click();
    await expect(page.getByText(RETRYING)).toBeVisible();
    await checkA11y(page);
    // The install step, on the system's page in another tab, while the console keeps polling.
    const installPage = await page.context().newPage();
    await installPage.goto(installUrl);
    await expect(installPage.getByLabel('Business ID')).toHaveValue(id);
    await installPage.getByRole('button', { name: 'Install' }).click();
    await expect(installPage.getByText(`The Upkeep app is installed for business ${id}`)).toBeVisible();
    await installPage.close();
    await expect(page.getByText('Connected.', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/provider\/onboarding\/location\?step=1/);
    await page.getByLabel('BOULEVARD location').selectOption({ index: 1 });
    await expect(page.getByLabel('Street')).toHaveValue('8500 Melrose Ave');
  });

  test('SQUARE: the authorisation round trip, its locations, and a denial with a retry', async ({ page }) => {
    await chooseStrategy(page, 'SQUARE');
    await checkA11y(page);
    await page.getByRole('button', { name: 'Connect to Square' }).click();
    await expect(page).toHaveURL(/\/standins\/square\/oauth2\/authorize\?/);
    const scopes = page.getByRole('list', { name: 'Requested permissions' });
    for (const scope of [
      'CUSTOMERS_WRITE',
      'APPOINTMENTS_READ',
      'MERCHANT_PROFILE_WRITE',
      'ORDERS_READ',
      'ITEMS_WRITE',
    ]) {
      await expect(scopes.getByText(scope, { exact: true })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect(page).toHaveURL(/\/provider\/onboarding\/credentials$/);
    await expect(page.getByRole('alert')).toHaveText(
      'The Square account owner did not allow Upkeep to connect.',
    );
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page).toHaveURL(/\/provider\/onboarding\/location\?step=1/);
    await page.getByLabel('SQUARE location').selectOption({ index: 2 });
    await expect(page.getByLabel('Street')).toHaveValue('155 5th St');
  });

  test('SQUARE: a return whose state was not sent from this tab is refused', async ({ page }) => {
    await chooseStrategy(page, 'SQUARE');
    await page.goto('/provider/onboarding/credentials?code=sq0cgp-forged&state=forged-state-0000000');
    await expect(page.getByRole('alert')).toHaveText(
      'The Square authorization could not be verified. Please connect again.',
    );
  });

  test('BOOKER: no credentials step; its locations fill the business profile', async ({ page }) => {
    await chooseStrategy(page, 'BOOKER');
    await expect(page).toHaveURL(/\/provider\/onboarding\/location\?step=1/);
    const pick = page.getByLabel('BOOKER location');
    await expect(pick.locator('option')).toHaveCount(4);
    await pick.selectOption({ label: 'Glow Studio Oakland (4000 Piedmont Ave, Oakland, CA)' });
    await expect(page.getByLabel('City')).toHaveValue('Oakland');
    await checkA11y(page);
  });
});
