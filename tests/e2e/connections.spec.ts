/**
 * Scheduling-system connections end to end through the real clients (server/outside/<vendor>/client.ts) and
 * the vendors' local stand-ins they talk to by default (server/README.md, Outside systems), each test as a
 * provider account of its own: MINDBODY with wrong then right credentials, BOULEVARD through the install page
 * in another tab to 'Connected.' and its locations, the SQUARE authorisation round trip and a denial, BOOKER
 * with its locations. Each then goes through step 2 with the stand-in's service items: MINDBODY, SQUARE and
 * BOOKER map one of them to our item in the mapping editor, BOULEVARD selects one of our items booked by its
 * Boulevard service; Get Started completes the onboarding and the saved mapping is read back from the API.
 * Every path of the Boulevard machine (the no-locations case among them) is walked in
 * walks/boulevard-connection.walk.spec.ts.
 */
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
import { STRATEGY_LABELS } from '../../src/domain/providers/provider-list';
import type { OnboardingStrategy } from '../../src/domain/onboarding/strategies';

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

async function chooseStrategy(page: Page, strategy: OnboardingStrategy) {
  await page.goto('/provider/onboarding');
  await page.getByLabel(STRATEGY_LABELS[strategy], { exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
}

/**
 * Step 2 of MINDBODY, SQUARE and BOOKER, the mapping editor over the system's service items: one Facials row
 * maps the system's `external` item to our `ours` and is saved; Get Started completes the onboarding.
 */
async function mapAtStepTwo(page: Page, strategy: OnboardingStrategy, external: string, ours: string) {
  const system = STRATEGY_LABELS[strategy];
  await expect(page).toHaveURL(/step=2/);
  await expect(
    page.getByRole('heading', { name: `Assign ${system} service items to Upkeep service items` }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Add Facials mapping' }).click();
  const row = page.getByRole('group', { name: 'Facials row 1' });
  await row.getByLabel(`${system} service item`).selectOption({ label: external });
  await row.getByLabel('Upkeep service item').selectOption({ label: ours });
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Created Mapping')).toBeVisible();
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByText("You've completed the onboarding process.")).toBeVisible();
}

/** The saved mappings of the provider named, read by an admin: `<system's id> → <our item's name>`. */
async function savedMappings(providerName: string): Promise<string[]> {
  const admin = await tokenOf(DEMO.admin);
  const providers = await api<{ name: string; location: { id: number } | null }[]>(
    admin,
    'GET',
    '/providers',
  );
  const locationId = providers.find((provider) => provider.name === providerName)?.location?.id;
  expect(locationId, providerName).toBeTruthy();
  const catalogue = await api<{ serviceItems: { id: number; name: string }[] }[]>(
    admin,
    'GET',
    '/svc-category',
  );
  const names = new Map(catalogue.flatMap((category) => category.serviceItems).map((i) => [i.id, i.name]));
  const mappings = await api<{ externalId: string; serviceItemId: number | null }[]>(
    admin,
    'GET',
    `/providers/svc-items?location=${locationId}`,
  );
  return mappings.map((mapping) => `${mapping.externalId} → ${names.get(mapping.serviceItemId ?? 0)}`).sort();
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
    // Step 2: the site's session types, read from the stand-in with the saved credentials.
    await mapAtStepTwo(page, 'MINDBODY', 'Dermaplane Facial', 'Dermaplaning');
    expect(await savedMappings(name)).toEqual(['mb-1003 → Dermaplaning']);
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

  test("BOULEVARD: retrying until the app is installed, 'Connected.', step 1, and a service at step 2", async ({
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
    await page.getByLabel('Boulevard location').selectOption({ index: 1 });
    await expect(page.getByLabel('Street')).toHaveValue('8500 Melrose Ave');

    // Step 2: our HydraFacial selected, booked by the business's Boulevard service of that name.
    const name = `Boulevard ${Date.now()}`;
    await fillBusinessProfile(page, name);
    const externalId = page.getByLabel('External provider id');
    if ((await externalId.inputValue()) === '') await externalId.fill(id);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=2/);
    await expect(page.getByRole('heading', { name: 'Select supported Upkeep service items' })).toBeVisible();
    await page
      .getByRole('group', { name: 'HydraFacial', exact: true })
      .getByText('HydraFacial', { exact: true })
      .first()
      .click();
    await expect(page.getByLabel('Boulevard service for HydraFacial')).toHaveValue('urn:blvd:Service:1a01');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page.getByText("You've completed the onboarding process.")).toBeVisible();
    expect(await savedMappings(name)).toEqual(['urn:blvd:Service:1a01 → HydraFacial']);
  });

  test('BOULEVARD: the install link is offered only once it is ready, and a refused one can be asked again', async ({
    page,
  }) => {
    await chooseStrategy(page, 'BOULEVARD');
    await page.goto(CREDENTIALS);
    // The local stand-in knows only its own businesses, so it gives no install link for another id.
    await page.getByLabel('Business ID').fill('acme-salon');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('The install link could not be prepared.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upkeep app in Boulevard' })).toHaveCount(0);
    await checkA11y(page);
    await page.getByRole('button', { name: 'Back' }).click();
    const id = businessId();
    await page.getByLabel('Business ID').fill(id);
    await page.getByRole('button', { name: 'Next' }).click();
    const link = page.getByRole('link', { name: 'Upkeep app in Boulevard' });
    await expect(link).toHaveAttribute('href', new RegExp(`businessId=${id}&state=.+`));
    await expect(page.getByText('The install link could not be prepared.')).toHaveCount(0);
  });

  test('SQUARE: the authorisation round trip, its locations, a denial with a retry, and step 2', async ({
    page,
  }) => {
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
    await page.getByLabel('Square location').selectOption({ index: 2 });
    await expect(page.getByLabel('Street')).toHaveValue('155 5th St');

    // Step 2: the seller's catalogue items, read from the stand-in with the exchanged token.
    const name = `Square ${Date.now()}`;
    await fillBusinessProfile(page, name);
    await page.getByRole('button', { name: 'Next' }).click();
    await mapAtStepTwo(page, 'SQUARE', 'Chemical Peel', 'Chemical Peel');
    expect(await savedMappings(name)).toEqual(['SQ-FAC-PEEL → Chemical Peel']);
  });

  test('SQUARE: a return whose state was not sent from this tab is refused', async ({ page }) => {
    await chooseStrategy(page, 'SQUARE');
    await page.goto('/provider/onboarding/credentials?code=sq0cgp-forged&state=forged-state-0000000');
    await expect(page.getByRole('alert')).toHaveText(
      'The Square authorization could not be verified. Please connect again.',
    );
  });

  test('BOOKER: no credentials step; its locations fill the business profile; step 2', async ({ page }) => {
    await chooseStrategy(page, 'BOOKER');
    await expect(page).toHaveURL(/\/provider\/onboarding\/location\?step=1/);
    const pick = page.getByLabel('Booker location');
    await expect(pick.locator('option')).toHaveCount(4);
    await pick.selectOption({ label: 'Glow Studio Oakland (4000 Piedmont Ave, Oakland, CA)' });
    await expect(page.getByLabel('City')).toHaveValue('Oakland');
    await checkA11y(page);

    // Step 2: the partner account's treatments, read from the stand-in with the platform's credentials.
    const name = `Booker ${Date.now()}`;
    await fillBusinessProfile(page, name);
    await page.getByRole('button', { name: 'Next' }).click();
    await mapAtStepTwo(page, 'BOOKER', 'HydraFacial Deluxe', 'HydraFacial');
    expect(await savedMappings(name)).toEqual(['bk-501 → HydraFacial']);
  });
});
