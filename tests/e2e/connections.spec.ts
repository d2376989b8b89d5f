/**
 * Scheduling-system connections end to end against the API's local sandboxes (server/README.md, Scheduling
 * systems), each test as a provider account of its own: MINDBODY with wrong then right credentials, BOULEVARD
 * through retrying to 'Connected.' and the no-locations case, the SQUARE authorisation round trip and a
 * denial, BOOKER with its locations; and the Boulevard flow walked from its machine's model paths.
 */
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { boulevardConnectionMachine } from '../../src/machines/connections/boulevard-connection.machine';
import { getModelPaths, type ModelPath } from '../support/model';
import { api, checkA11y, expect, freshProvider, signIn, test, tokenOf } from './fixtures';
import { DEMO, E2E } from './stack';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const RETRYING =
  'Unable to connect, provided business ID might be incorrect or app not yet installed, retrying...';
const NO_LOCATIONS =
  'Connected. But no valid locations found, please ensure all Boulevard locations have a valid address.';
/** Browser tests shorten the Boulevard poll (test builds only); the product polls every 5 s. */
const CREDENTIALS = '/provider/onboarding/credentials?pollMs=1500';

let serial = 0;
const businessId = (kind = '') => `blvd-sandbox-${kind}e2e-${Date.now()}-${++serial}`;

async function install(id: string) {
  const response = await fetch(`${E2E.apiUrl}/scheduling-sandbox/boulevard/install`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ businessId: id }).toString(),
  });
  expect(response.status).toBe(200);
}

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

  test('BOULEVARD: connected without a location with a valid address says so', async ({ page }) => {
    const id = businessId('noaddress-');
    await install(id);
    await chooseStrategy(page, 'BOULEVARD');
    await page.getByLabel('Business ID').fill(id);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Verify connection' }).click();
    await expect(page.getByText(NO_LOCATIONS)).toBeVisible();
    await checkA11y(page);
    await expect(page).toHaveURL(/\/provider\/onboarding\/credentials/);
  });

  test('SQUARE: the authorisation round trip, its locations, and a denial with a retry', async ({ page }) => {
    await chooseStrategy(page, 'SQUARE');
    await checkA11y(page);
    await page.getByRole('button', { name: 'Connect to Square' }).click();
    await expect(page).toHaveURL(/\/scheduling-sandbox\/square\/oauth2\/authorize\?/);
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

/** The Boulevard flow walked from its machine: each model path done as a person would in the browser. */
test.describe('Boulevard connection, walked from its statechart', () => {
  const located = {
    id: 'l',
    name: 'l',
    streetAddress: 's',
    addressLine2: null,
    city: 'c',
    state: 's',
    zip: 'z',
    country: 'US',
    coordinates: null,
    timezone: null,
  };
  const outcomeOf = (path: ModelPath) =>
    path.steps
      .filter((step) => step.kind === 'done.actor' || step.kind === 'error.actor')
      .map((step) =>
        step.kind === 'error.actor'
          ? 'fail'
          : ((step.event as { output?: { locations?: unknown[] } }).output?.locations?.length ?? 0) > 0
            ? 'ok'
            : 'none',
      );
  /**
   * The sandbox can answer: not installed (fail) until the install step, then always the same (ok for a
   * business with addresses, none for one without). Paths that need a business to lose its install or gain
   * an address cannot be played against it.
   */
  const playable = (path: ModelPath) => {
    const outcomes = outcomeOf(path);
    const after = outcomes.slice(outcomes.findIndex((o) => o !== 'fail'));
    return outcomes.every((o) => o === 'fail') || new Set(after).size === 1;
  };
  const paths = getModelPaths(boulevardConnectionMachine, {
    input: { businessId: '' },
    events: {
      'business.change': [{ type: 'business.change', businessId: 'typed' }],
      'business.submit': [{ type: 'business.submit' }],
      'connection.continue': [{ type: 'connection.continue' }],
      'connection.back': [{ type: 'connection.back' }],
    },
    outputs: {
      verifyBusiness: [
        { locations: [located], providers: [] },
        { locations: [], providers: [] },
      ],
    },
  })
    .filter(playable)
    // Paths that connect last: after one, the wizard keeps the business id it connected with.
    .sort((a, b) => Number(a.state.status === 'done') - Number(b.state.status === 'done'));

  async function expectState(page: Page, snapshot: AnyMachineSnapshot) {
    if (snapshot.status === 'done') {
      await expect(page).toHaveURL(/\/provider\/onboarding\/location\?step=1/);
    } else if (snapshot.matches('enteringId')) {
      await expect(page.getByLabel('Business ID')).toBeVisible();
    } else if (snapshot.matches('instructions')) {
      await expect(page.getByRole('button', { name: 'Verify connection' })).toBeVisible();
    } else if (snapshot.matches({ verifying: 'retrying' })) {
      await expect(page.getByText(RETRYING)).toBeVisible();
    } else if (snapshot.matches({ verifying: 'noLocations' })) {
      await expect(page.getByText(NO_LOCATIONS)).toBeVisible();
    } else if (snapshot.matches('connected')) {
      // 'Connected.' shows for 1 s before the flow advances.
      await expect
        .poll(
          async () =>
            (await page.getByText('Connected.', { exact: true }).isVisible()) || /step=1/.test(page.url()),
        )
        .toBe(true);
    } else {
      // Checking: the verification's status line, or already its outcome.
      await expect
        .poll(
          async () =>
            (await page
              .getByText(/Verifying the connection|retrying|Connected/)
              .first()
              .isVisible()) || /step=1/.test(page.url()),
        )
        .toBe(true);
    }
  }

  test(`every playable path of the model (${paths.length})`, async ({ page }) => {
    test.setTimeout(300_000);
    await chooseStrategy(page, 'BOULEVARD');
    for (const path of paths) {
      await test.step(path.description, async () => {
        const noAddress = outcomeOf(path).includes('none');
        const id = businessId(noAddress ? 'noaddress-' : '');
        await page.goto(CREDENTIALS);
        await expectState(page, path.initial);
        for (const [index, step] of path.steps.entries()) {
          // A check whose outcome is a success needs the app installed before it starts.
          const next = path.steps[index + 1];
          if (step.snapshot.matches({ verifying: 'checking' }) && next?.kind === 'done.actor')
            await install(id);
          if (step.kind === 'event') {
            const type = step.event.type;
            if (type === 'business.change') await page.getByLabel('Business ID').fill(id);
            if (type === 'business.submit') await page.getByRole('button', { name: 'Next' }).click();
            if (type === 'connection.continue')
              await page.getByRole('button', { name: 'Verify connection' }).click();
            if (type === 'connection.back') await page.getByRole('button', { name: 'Back' }).click();
          }
          await expectState(page, step.snapshot);
        }
      });
    }
  });
});
