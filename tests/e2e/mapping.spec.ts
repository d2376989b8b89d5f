/**
 * The service mapping editor (spec 02 §2, §4, §8) as a provider on their profile and as an admin in the
 * providers panel: a duplicate mapping is refused with the server's message, rows are created then updated,
 * unsaved rows are deleted locally and saved ones after a confirmation, and a bulk edit creates ten mappings.
 */
import type { Page } from '@playwright/test';
import { api, capture, checkA11y, expect, freshProvider, signIn, test, tokenOf } from './fixtures';
import { DEMO } from './stack';

interface Mapping {
  id: number;
  externalId: string;
  serviceItemId: number | null;
  bundleId: number | null;
  version: number;
}

/** A provider of the given strategy with a location, created by `token`'s account (so linked to it). */
async function providerOf(token: string, strategy: 'BOOKER' | 'MINDBODY', label: string) {
  const location = await api<{ id: number }>(token, 'POST', '/locations', {
    streetAddress: '500 Market St',
    city: 'San Francisco',
    state: 'CA',
    country: 'US',
    zip: '94105',
    timezone: 'America/Los_Angeles',
    coordinates: { lat: 37.79, lng: -122.4 },
  });
  const name = `${label} ${Date.now()}`;
  // A MINDBODY provider is connected as onboarding leaves it: credentials for its site, the site as its id.
  const connection =
    strategy === 'MINDBODY'
      ? {
          credentialsId: (
            await api<{ id: number }>(token, 'POST', '/credentials', {
              strategy,
              username: 'Siteowner',
              password: 'apitest1234',
              siteId: '-99',
            })
          ).id,
          externalId: '-99',
        }
      : {};
  const provider = await api<{ id: number }>(token, 'POST', '/providers', {
    name,
    strategy,
    locationId: location.id,
    ...connection,
  });
  return { id: provider.id, name, locationId: location.id };
}

async function openOwnProfile(page: Page, account: { email: string; password: string }, name: string) {
  await page.goto('/login');
  await signIn(page, account);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/provider/profile');
  await page.getByLabel('Switch Provider').selectOption({ label: name });
  await expect(page.getByRole('heading', { name: 'Service Mappings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bulk edit' })).toBeVisible();
}

const row = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

test.describe('service mapping editor', () => {
  test('creates, refuses a duplicate, updates and deletes mappings on the provider profile', async ({
    page,
  }, testInfo) => {
    const account = await freshProvider('mapping-dup');
    const token = await tokenOf(account);
    const provider = await providerOf(token, 'BOOKER', 'Mapping Duplicate Spa');
    await openOwnProfile(page, account, provider.name);

    const injectables = page.getByRole('region', { name: 'Injectables' });
    await expect(injectables.getByText('No mappings yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Add Injectables mapping' }).click();
    const first = row(page, 'Injectables row 1');
    await expect(first.getByRole('button', { name: 'Save' })).toBeDisabled();
    await first.getByLabel('Booker service item').selectOption({ label: 'Botox' });
    await first.getByLabel('Upkeep service item').selectOption({ label: 'Botox' });
    await first.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Created Mapping')).toBeVisible();

    // A second row for the same Upkeep item: the server's message, and the row stays as chosen.
    await page.getByRole('button', { name: 'Add Injectables mapping' }).click();
    const second = row(page, 'Injectables row 2');
    await second.getByLabel('Booker service item').selectOption({ label: 'Dysport' });
    await second.getByLabel('Upkeep service item').selectOption({ label: 'Botox' });
    await second.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Failed to save: Mapping for service_item already exists')).toBeVisible();
    await expect(second.getByLabel('Booker service item')).toHaveValue('bk-512');
    await checkA11y(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await capture(
      page.getByRole('region', { name: 'Service Mappings' }),
      testInfo.outputPath('mapping-duplicate-1440.png'),
    );

    await second.getByLabel('Upkeep service item').selectOption({ label: 'Dysport' });
    await second.getByRole('button', { name: 'Save' }).click();
    // The first row's toast may still be showing: the newest one, and the saved row, are this save's.
    await expect(page.getByText('Created Mapping').last()).toBeVisible();
    const savedIds = async () =>
      (await api<Mapping[]>(token, 'GET', `/providers/svc-items?location=${provider.locationId}`))
        .map((mapping) => mapping.externalId)
        .sort();
    await expect.poll(savedIds).toEqual(['bk-511', 'bk-512']);
    let saved = await api<Mapping[]>(token, 'GET', `/providers/svc-items?location=${provider.locationId}`);

    // The first row is saved now, so it updates.
    await first.getByLabel('Upkeep service item').selectOption({ label: 'Xeomin' });
    await first.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Updated Mapping')).toBeVisible();
    saved = await api<Mapping[]>(token, 'GET', `/providers/svc-items?location=${provider.locationId}`);
    expect(saved.find((mapping) => mapping.externalId === 'bk-511')?.version).toBe(2);

    // An unsaved row goes without a question; a saved one after a confirmation.
    await page.getByRole('button', { name: 'Add Bundles mapping' }).click();
    await row(page, 'Bundles row 1').getByRole('button', { name: 'Delete' }).click();
    await expect(row(page, 'Bundles row 1')).toHaveCount(0);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await second.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete mapping?' });
    await expect(dialog.getByText('The mapping of Dysport will be deleted.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row(page, 'Injectables row 2')).toHaveCount(0);
    saved = await api<Mapping[]>(token, 'GET', `/providers/svc-items?location=${provider.locationId}`);
    expect(saved.map((mapping) => mapping.externalId)).toEqual(['bk-511']);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(first.getByRole('button', { name: 'Save' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('mapping-390.png'), fullPage: true });
  });

  test('a bulk edit creates ten mappings at once', async ({ page }, testInfo) => {
    const account = await freshProvider('mapping-bulk');
    const token = await tokenOf(account);
    const provider = await providerOf(token, 'BOOKER', 'Mapping Bulk Spa');
    await openOwnProfile(page, account, provider.name);

    await page.getByRole('button', { name: 'Bulk edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk edit mappings' });
    const choices: Array<[string, string]> = [
      ['HydraFacial Deluxe', 'HydraFacial'],
      ['Chemical Peel', 'Chemical Peel'],
      ['Dermaplaning', 'Dermaplaning'],
      ['Microneedling', 'Microneedling'],
      ['Botox', 'Botox'],
      ['Dysport', 'Dysport'],
      ['Xeomin', 'Xeomin'],
      ['Juvederm', 'Juvederm'],
      ['Underarm Laser', 'Underarms'],
      ['Glow Up Bundle', 'Glow Up Facial Bundle'],
    ];
    for (const [external, ours] of choices) {
      await dialog.getByLabel(external, { exact: true }).selectOption({ label: ours });
    }
    await checkA11y(page);
    await page.screenshot({ path: testInfo.outputPath('mapping-bulk-1440.png') });
    await dialog.getByRole('button', { name: 'Save mappings' }).click();
    await expect(page.getByText('Created Mapping')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    const saved = await api<Mapping[]>(token, 'GET', `/providers/svc-items?location=${provider.locationId}`);
    expect(saved).toHaveLength(10);
    await expect(page.getByRole('group', { name: /^Facials row/ })).toHaveCount(4);
    await expect(page.getByRole('group', { name: /^Injectables row/ })).toHaveCount(4);
    await expect(page.getByRole('group', { name: /^Laser \(Hair Removal\) row/ })).toHaveCount(1);
    await expect(page.getByRole('group', { name: /^Bundles row/ })).toHaveCount(1);
    await expect(row(page, 'Bundles row 1').getByLabel('Upkeep service item')).toHaveValue(/^bundle:\d+$/);

    // Bulk edit again offers only what is left unmapped.
    await page.getByRole('button', { name: 'Bulk edit' }).click();
    await expect(dialog.getByLabel('Botox', { exact: true })).toHaveCount(0);
    await expect(dialog.getByLabel('Restylane', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test("an admin edits a provider's mappings in the providers panel", async ({ page }) => {
    const admin = await tokenOf(DEMO.admin);
    const provider = await providerOf(admin, 'MINDBODY', 'Mapping Panel Clinic');
    const categories = await api<Array<{ name: string; serviceItems: Array<{ id: number; name: string }> }>>(
      admin,
      'GET',
      '/svc-category',
    );
    const peel = categories
      .find((category) => category.name === 'Facials')
      ?.serviceItems.find((item) => item.name === 'Chemical Peel');
    if (!peel) throw new Error('the seeded Chemical Peel is missing');
    const mapping = await api<Mapping>(admin, 'POST', '/providers/svc-items', {
      externalId: 'mb-1002',
      locationId: provider.locationId,
      serviceItemId: peel.id,
    });

    await page.goto('/login');
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/services$/);
    await page.goto(`/providers?provider=${provider.id}`);
    await expect(page.getByRole('heading', { name: 'Service Mappings' })).toBeVisible();
    const facials = row(page, 'Facials row 1');
    await expect(facials.getByLabel('MINDBODY service item')).toHaveValue('mb-1002');
    await facials.getByLabel('MINDBODY service item').selectOption({ label: 'Dermaplane Facial' });
    await facials.getByLabel('Upkeep service item').selectOption({ label: 'Dermaplaning' });
    await facials.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Updated Mapping')).toBeVisible();
    const saved = await api<Mapping[]>(admin, 'GET', `/providers/svc-items?location=${provider.locationId}`);
    expect(saved).toEqual([
      expect.objectContaining({ id: mapping.id, externalId: 'mb-1003', version: 2, bundleId: null }),
    ]);
    await checkA11y(page);
  });
});
