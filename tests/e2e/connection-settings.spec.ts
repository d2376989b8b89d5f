/**
 * Location Settings and Credentials (02 §2, §5, §8): an admin on the manage view of a MINDBODY provider
 * changes its site id and saves (the MINDBODY sandbox accepts only its own site, -99, with its owner login),
 * wrong credentials show the catalogue's message and keep what was typed, a missing field names itself; the
 * scheduling-system location is associated and stays after a reload, and the manage view's own Save still
 * works after it; a provider sees the same section for their own provider on /provider/profile. The password
 * is never shown back. Each test makes its own provider, so the seeded ones stay as other tests expect.
 */
import type { Page } from '@playwright/test';
import { PROVIDER_MESSAGES } from '../../src/domain/shared/messages';
import {
  api,
  checkA11y,
  expect,
  freshProvider,
  ownProvider,
  signIn,
  signInAsAdmin,
  test,
  tokenOf,
} from './fixtures';
import { DEMO } from './stack';

const SANDBOX_PASSWORD = 'apitest1234';

/** A MINDBODY provider of the test's own, its credentials saved with the sandbox login and `siteId`. */
async function mindbodyProvider(name: string, siteId: string) {
  const admin = await tokenOf(DEMO.admin);
  const credentials = await api<{ id: number }>(admin, 'POST', '/credentials', {
    strategy: 'MINDBODY',
    username: 'Siteowner',
    password: SANDBOX_PASSWORD,
    siteId,
  });
  const made = await ownProvider(name);
  const provider = await api<{ version: number }[]>(admin, 'GET', `/providers?id=${made.id}`);
  await api(admin, 'PUT', `/providers/${made.id}`, {
    strategy: 'MINDBODY',
    credentialsId: credentials.id,
    version: provider[0]?.version,
  });
  return made;
}

const section = (page: Page) => page.getByRole('region', { name: 'Location Settings and Credentials' });
const field = (page: Page, label: string) => section(page).getByRole('textbox', { name: label, exact: true });
const systemLocation = (page: Page, name: string) =>
  section(page).getByLabel(`Scheduling-system location of ${name}`);

test('an admin changes a MINDBODY site id, is told when the credentials are wrong, and associates the location', async ({
  page,
}) => {
  const name = `Mindbody Spa ${Date.now()}`;
  const provider = await mindbodyProvider(name, '-98');
  await signInAsAdmin(page);
  await page.goto(`/providers?provider=${provider.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(section(page)).toContainText('Connected with MINDBODY.');
  await expect(field(page, 'Username')).toHaveValue('Siteowner');
  await expect(field(page, 'Site ID')).toHaveValue('-98');
  // The password is never shown back; left blank it is kept.
  await expect(field(page, 'Password')).toHaveValue('');
  await expect(section(page)).toContainText('Leave blank to keep the saved password.');
  expect(await page.content()).not.toContain(SANDBOX_PASSWORD);
  // The saved site is not the sandbox's: its locations cannot be read yet.
  await expect(section(page).getByRole('alert')).toHaveText(
    'Location can not be found' +
      'Unable to get provider locations, check that provided credentials are correct.',
  );
  await checkA11y(page, 'connection settings of a MINDBODY provider');

  // A missing field names itself.
  await field(page, 'Username').fill('');
  await section(page).getByRole('button', { name: 'Save credentials' }).click();
  await expect(section(page).getByText(PROVIDER_MESSAGES.usernameRequired)).toBeVisible();
  await field(page, 'Username').fill('Siteowner');

  // Wrong credentials: the catalogue's message, and the form as typed.
  await field(page, 'Site ID').fill('-5');
  await section(page).getByRole('button', { name: 'Save credentials' }).click();
  await expect(page.getByText(PROVIDER_MESSAGES.locationsFailed)).toBeVisible();
  await expect(field(page, 'Site ID')).toHaveValue('-5');
  await expect(field(page, 'Username')).toHaveValue('Siteowner');

  // The sandbox's site: verified with the saved password, then saved.
  await field(page, 'Site ID').fill('-99');
  await section(page).getByRole('button', { name: 'Save credentials' }).click();
  await expect(page.getByText('Saved connection settings.')).toBeVisible();

  // With credentials the system accepts, its locations are offered; the association is saved.
  await expect(systemLocation(page, name)).toBeEnabled();
  await systemLocation(page, name).selectOption('mb-2');
  await section(page).getByRole('button', { name: 'Associate location' }).click();
  await expect(section(page).getByText('Location associated.')).toBeVisible();

  // The manage view's own Save follows the location's new version (no stale refusal).
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Now connected');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(PROVIDER_MESSAGES.providerSaved)).toBeVisible();

  await page.reload();
  await expect(field(page, 'Site ID')).toHaveValue('-99');
  await expect(systemLocation(page, name)).toHaveValue('mb-2');
  const admin = await tokenOf(DEMO.admin);
  const [saved] = await api<{ description: string; location: { externalLocationId: string } }[]>(
    admin,
    'GET',
    `/providers?id=${provider.id}`,
  );
  expect(saved).toMatchObject({ description: 'Now connected', location: { externalLocationId: 'mb-2' } });
  const credentials = await api<{ siteId: string; password: string }>(
    admin,
    'GET',
    `/credentials?provider=${provider.id}`,
  );
  expect(credentials.siteId).toBe('-99');
  expect(credentials.password).not.toContain(SANDBOX_PASSWORD);
});

test('a provider sees the same section for their own provider on /provider/profile and associates its location', async ({
  page,
}) => {
  const name = `Profile Mindbody ${Date.now()}`;
  const provider = await mindbodyProvider(name, '-99');
  const account = await freshProvider('connection', [provider.id]);
  await page.goto('/login');
  await signIn(page, account);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/provider/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(field(page, 'Site ID')).toHaveValue('-99');
  await expect(field(page, 'Password')).toHaveValue('');
  await expect(systemLocation(page, name)).toBeEnabled();
  await checkA11y(page, 'connection settings on the profile');
  await systemLocation(page, name).selectOption('mb-1');
  await section(page).getByRole('button', { name: 'Associate location' }).click();
  await expect(section(page).getByText('Location associated.')).toBeVisible();
  await page.reload();
  await expect(systemLocation(page, name)).toHaveValue('mb-1');
});

test('the demo provider with several providers sees the section of their MINDBODY one', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, DEMO.multi);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/provider/profile');
  const switcher = page.getByLabel('Switch Provider');
  await switcher.selectOption({ label: 'Serenity Med Spa' });
  await expect(section(page)).toContainText('Connected with MINDBODY.');
  await expect(field(page, 'Username')).toHaveValue('serenity-demo');
  // Its demo login is one the MINDBODY stand-in knows: its location is associated with the site's first.
  await expect(systemLocation(page, 'Serenity Med Spa')).toHaveValue('mb-1');
  await expect(section(page).getByRole('alert')).toHaveCount(0);
  await switcher.selectOption({ label: 'Luxe Aesthetics' });
  await expect(section(page)).toContainText('Connected with Boulevard.');
  await expect(section(page).getByRole('button', { name: 'Change business ID' })).toBeVisible();
});
