/**
 * A BOULEVARD provider's services (spec 02 §2 Step 2, §4, §8) end to end on the local Boulevard sandbox: a
 * provider account connects its business (business id, the install page in another tab, verification),
 * fills the business profile, selects the Upkeep items and bundles it supports at step 2 ("Select supported
 * Upkeep service items"), each booked by the Boulevard service of the same name unless chosen otherwise, and
 * Get Started saves the selections (refused while one has no Boulevard service) before step 3. The mappings
 * are then read from the API and reopened on the provider profile, where a saved selection is removed after a
 * question and another's Boulevard service changed.
 */
import type { Page } from '@playwright/test';
import {
  api,
  capture,
  checkA11y,
  expect,
  freshProvider,
  imagesUploaded,
  installBoulevard,
  signIn,
  test,
  tokenOf,
} from './fixtures';
import { DEMO } from './stack';

interface Mapping {
  id: number;
  externalId: string;
  serviceItemId: number | null;
  bundleId: number | null;
  version: number;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const INCOMPLETE = 'Choose the service that books each selected item, or unselect it.';

/** Strategy, then the Boulevard connection's three sub-steps (installed first, so verification connects). */
async function connectBoulevard(page: Page, businessId: string) {
  await page.goto('/provider/onboarding');
  await page.getByLabel('Boulevard', { exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  // Browser tests shorten the Boulevard poll (test builds only); the product polls every 5 s.
  await page.goto('/provider/onboarding/credentials?pollMs=1500');
  await page.getByLabel('Business ID').fill(businessId);
  await page.getByRole('button', { name: 'Next' }).click();
  const link = page.getByRole('link', { name: 'Upkeep app in Boulevard' });
  const installPage = await page.context().newPage();
  await installPage.goto((await link.getAttribute('href')) ?? '');
  await installPage.getByRole('button', { name: 'Install' }).click();
  await expect(installPage.getByText(`The Upkeep app is installed for business ${businessId}`)).toBeVisible();
  await installPage.close();
  await page.getByRole('button', { name: 'Verify connection' }).click();
  await expect(page).toHaveURL(/\/provider\/onboarding\/location\?step=1/);
}

async function fillProfile(page: Page, name: string, businessId: string) {
  await page.getByLabel('Boulevard location').selectOption({ index: 1 });
  await expect(page.getByLabel('Street')).toHaveValue('8500 Melrose Ave');
  await page.getByLabel('Business name').fill(name);
  await page.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await page
    .getByLabel('Cover image')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel('Description').fill('Facials and injectables on Melrose');
  const externalId = page.getByLabel('External provider id');
  if ((await externalId.inputValue()) === '') await externalId.fill(businessId);
  await imagesUploaded(page);
}

const item = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
/** Selects or unselects an item by its checkbox's label (the first text of that name in its row). */
const toggle = (page: Page, name: string) =>
  item(page, name).getByText(name, { exact: true }).first().click();
const service = (page: Page, name: string) => page.getByLabel(`Boulevard service for ${name}`);

test('a BOULEVARD provider selects its supported services at step 2 and Get Started saves them', async ({
  page,
}, testInfo) => {
  test.slow();
  const account = await freshProvider('boulevard-services');
  await page.goto('/login');
  await signIn(page, account);
  await expect(page).not.toHaveURL(/\/login/);
  const businessId = `blvd-sandbox-services-${Date.now()}`;
  const name = `Melrose Aesthetics ${Date.now()}`;
  await connectBoulevard(page, businessId);
  await fillProfile(page, name, businessId);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=2/);
  await expect(page.getByRole('heading', { name: 'Select supported Upkeep service items' })).toBeVisible();
  for (const section of ['Facials', 'Injectables', 'Laser (Hair Removal)', 'Body Contour', 'Bundles']) {
    await expect(page.getByRole('heading', { name: section, exact: true })).toBeVisible();
  }
  await expect(page.getByText('All selections saved.')).toBeVisible();
  await checkA11y(page);

  // Selected items start with the Boulevard service of the same name; Microneedling has none.
  await toggle(page, 'HydraFacial');
  await expect(service(page, 'HydraFacial')).toHaveValue('urn:blvd:Service:1a01');
  await toggle(page, 'Botox');
  await expect(service(page, 'Botox')).toHaveValue('urn:blvd:Service:2b01');
  await toggle(page, 'Glow Up Facial Bundle');
  await expect(service(page, 'Glow Up Facial Bundle')).toHaveValue('urn:blvd:Service:5e01');
  await toggle(page, 'Microneedling');
  await expect(service(page, 'Microneedling')).toHaveValue('');
  await expect(
    item(page, 'Microneedling').getByText('Choose the Boulevard service that books it.'),
  ).toBeVisible();
  await expect(page.getByText('4 unsaved changes. Get Started saves them too.')).toBeVisible();
  // An unsaved selection is unselected without a question.
  await toggle(page, 'Dysport');
  await toggle(page, 'Dysport');
  await expect(service(page, 'Dysport')).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await checkA11y(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('boulevard-step2-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('boulevard-step2-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Get Started keeps the person on the step while a selection has no Boulevard service.
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByText(INCOMPLETE)).toBeVisible();
  await expect(page).toHaveURL(/step=2/);
  await service(page, 'Microneedling').selectOption({ label: 'Microneedling with PRP' });
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByText("You've completed the onboarding process.")).toBeVisible();
  await expect(page.getByText('Created Mapping')).toBeVisible();

  const admin = await tokenOf(DEMO.admin);
  const providers = await api<{ name: string; location: { id: number } | null }[]>(
    admin,
    'GET',
    '/providers',
  );
  const locationId = providers.find((entry) => entry.name === name)?.location?.id;
  expect(locationId).toBeTruthy();
  const mappings = async () =>
    (await api<Mapping[]>(admin, 'GET', `/providers/svc-items?location=${locationId}`))
      .map((mapping) => mapping.externalId)
      .sort();
  expect(await mappings()).toEqual([
    'urn:blvd:Service:1a01',
    'urn:blvd:Service:1a04',
    'urn:blvd:Service:2b01',
    'urn:blvd:Service:5e01',
  ]);

  // Reopened on the provider profile: the same selection, saved.
  await page.getByRole('button', { name: 'Return To Dashboard' }).click();
  await expect(page).toHaveURL(/\/provider\/overview/);
  await page.goto('/provider/profile');
  await page.getByLabel('Switch Provider').selectOption({ label: name });
  const section = page.getByRole('region', { name: 'Service Mappings' });
  await expect(section.getByText('All selections saved.')).toBeVisible();
  await expect(item(page, 'HydraFacial').getByRole('checkbox')).toBeChecked();
  await expect(item(page, 'HydraFacial').getByText('Saved')).toBeVisible();
  await expect(item(page, 'Chemical Peel').getByRole('checkbox')).not.toBeChecked();
  await expect(service(page, 'Microneedling')).toHaveValue('urn:blvd:Service:1a04');
  await checkA11y(page);
});

/**
 * A BOULEVARD provider made over the API by the account itself (so linked to it), with a location; its
 * business has installed the Upkeep app, so Boulevard answers its services.
 */
async function boulevardProvider(token: string, name: string) {
  const businessId = `blvd-sandbox-profile-${Date.now()}`;
  await installBoulevard(token, businessId);
  const location = await api<{ id: number }>(token, 'POST', '/locations', {
    streetAddress: '8500 Melrose Ave',
    city: 'West Hollywood',
    state: 'CA',
    country: 'US',
    zip: '90069',
    timezone: 'America/Los_Angeles',
    coordinates: { lat: 34.08, lng: -118.38 },
    externalLocationId: 'blvd-loc-1',
  });
  await api(token, 'POST', '/providers', {
    name,
    strategy: 'BOULEVARD',
    externalId: businessId,
    locationId: location.id,
  });
  return location.id;
}

test('on the provider profile a saved selection is removed after a question and another changed', async ({
  page,
}, testInfo) => {
  const account = await freshProvider('boulevard-profile');
  const token = await tokenOf(account);
  const name = `Melrose Profile ${Date.now()}`;
  const locationId = await boulevardProvider(token, name);
  const catalogue = await api<{ name: string; serviceItems: { id: number; name: string }[] }[]>(
    token,
    'GET',
    '/svc-category',
  );
  const itemId = (wanted: string) =>
    catalogue.flatMap((category) => category.serviceItems).find((entry) => entry.name === wanted)?.id;
  for (const [externalId, serviceItemId] of [
    ['urn:blvd:Service:1a01', itemId('HydraFacial')],
    ['urn:blvd:Service:2b01', itemId('Botox')],
  ] as const) {
    await api(token, 'POST', '/providers/svc-items', { externalId, locationId, serviceItemId });
  }
  const mappings = async () =>
    (await api<Mapping[]>(token, 'GET', `/providers/svc-items?location=${locationId}`))
      .map((mapping) => mapping.externalId)
      .sort();

  await page.goto('/login');
  await signIn(page, account);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/provider/profile');
  await page.getByLabel('Switch Provider').selectOption({ label: name });
  const section = page.getByRole('region', { name: 'Service Mappings' });
  await expect(section.getByText('All selections saved.')).toBeVisible();
  await expect(item(page, 'Botox').getByRole('checkbox')).toBeChecked();

  // A saved selection goes after a question; another's Boulevard service changes with Save selections.
  await toggle(page, 'Botox');
  const dialog = page.getByRole('alertdialog', { name: 'Remove this service?' });
  await expect(
    dialog.getByText(
      'Botox will no longer be offered. Its mapping to the Boulevard service “Botox” is deleted now.',
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(item(page, 'Botox').getByRole('checkbox')).toBeChecked();
  await toggle(page, 'Botox');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(item(page, 'Botox').getByRole('checkbox')).not.toBeChecked();
  await service(page, 'HydraFacial').selectOption({ label: 'Chemical Peel' });
  await expect(item(page, 'HydraFacial').getByText('Not saved')).toBeVisible();
  await page.getByRole('button', { name: 'Save selections' }).click();
  await expect(page.getByText('Updated Mapping')).toBeVisible();
  await expect(section.getByText('All selections saved.')).toBeVisible();
  expect(await mappings()).toEqual(['urn:blvd:Service:1a02']);
  await page.setViewportSize({ width: 1440, height: 900 });
  await capture(section, testInfo.outputPath('boulevard-profile-1440.png'));
  await page.setViewportSize({ width: 390, height: 844 });
  await capture(section, testInfo.outputPath('boulevard-profile-390.png'));
  await page.setViewportSize({ width: 1280, height: 720 });

  // Leaving with an unsaved selection asks first.
  await toggle(page, 'Chemical Peel');
  await page.getByRole('link', { name: 'Overview' }).first().click();
  const leave = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  await expect(leave.getByText('Your service selections are not saved yet. Discard them?')).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/provider\/profile/);
  await expect(item(page, 'Chemical Peel').getByRole('checkbox')).toBeChecked();
  await checkA11y(page);
});
