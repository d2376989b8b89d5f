/**
 * The console on the development server (`npm start` runs it): React's StrictMode mounts each screen twice,
 * so the first requests of the provider overview and of Update Appointment are aborted as the screen
 * remounts. A call that was called off is not a failure: no "The server could not be reached.", and the
 * lists show the seeded appointments.
 */
import type { Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import type { ProviderAppointment } from '../../src/api/contract/appointment';
import { pastOf, upcomingOf } from '../../src/domain/dashboard/appointments';
import { devTest as test } from './dev-server';
import { api, checkA11y, expect, signIn, tokenOf } from './fixtures';
import { DEMO } from './stack';

const UNREACHABLE = 'The server could not be reached.';

// A development server transforms each module the first time a page asks for it: the first pages of a run
// take several seconds more than the production build's.
test.describe.configure({ timeout: 120_000 });

/** Glow Studio (the demo provider's one provider), its zone and its appointments as the API lists them. */
async function glowStudio() {
  const token = await tokenOf(DEMO.provider);
  const providers = await api<{ id: number; name: string; location: { timezone: string } | null }[]>(
    token,
    'GET',
    '/providers',
  );
  const glow = providers.find((p) => p.name === 'Glow Studio');
  if (!glow) throw new Error('no provider Glow Studio');
  const zone = glow.location?.timezone ?? 'America/Los_Angeles';
  const all = await api<ProviderAppointment[]>(
    token,
    'GET',
    `/appointments?provider=${glow.id}&group=true&user=true`,
  );
  const now = Temporal.Now.instant();
  return { ...glow, zone, upcoming: upcomingOf(all, now, zone), past: pastOf(all, now, zone) };
}

async function expectSeededLists(page: Page, glow: Awaited<ReturnType<typeof glowStudio>>) {
  const upcoming = page.getByRole('list', { name: 'Upcoming appointments' }).getByRole('button');
  await expect(upcoming).toHaveCount(glow.upcoming.length);
  await expect(upcoming.first()).toContainText(glow.upcoming[0]!.serviceItemDisplayName!);
  await expect(
    page.getByRole('list', { name: 'Past appointments' }).getByRole('button').first(),
  ).toBeVisible();
  await expect(page.getByText('No appointments')).toHaveCount(0);
  await expect(page.getByText(UNREACHABLE)).toHaveCount(0);
}

test('a provider’s overview loads its appointments on the development server', async ({ page }) => {
  const glow = await glowStudio();
  expect(glow.upcoming.length).toBeGreaterThan(0);
  expect(glow.past.length).toBeGreaterThan(0);
  await page.goto('/login');
  await signIn(page, DEMO.provider);
  await expect(page).toHaveURL(/\/provider\/overview/);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expectSeededLists(page, glow);
  // Opened again by address: a fresh load remounts every flow once more.
  await page.reload();
  await expectSeededLists(page, glow);
  await checkA11y(page, 'provider overview (development server)');
});

test('Update Appointment finds the open times on its first opening on the development server', async ({
  page,
}) => {
  const glow = await glowStudio();
  // Straight to the overview: the landing page would be one more screen for the server to transform.
  await page.goto(`/login?redirect=${encodeURIComponent('/provider/overview')}`);
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/provider\/overview/);
  await page.getByLabel('Provider', { exact: true }).selectOption({ label: 'Glow Studio' });
  await page.getByRole('button', { name: 'View as provider' }).click();
  await expect(page.getByRole('button', { name: 'View As Admin' })).toBeVisible();
  await expectSeededLists(page, glow);

  await page.getByRole('list', { name: 'Upcoming appointments' }).getByRole('button').first().click();
  const drawer = page.getByRole('dialog', { name: 'Appointment' });
  await drawer.getByRole('button', { name: 'Update Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Appointment' });
  // The open times were found: the Start legend names the provider's zone, and no failure shows.
  await expect(dialog.getByText(`Start (${glow.zone})`)).toBeVisible();
  await expect(dialog.getByText('Finding open times…')).toHaveCount(0);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText(UNREACHABLE)).toHaveCount(0);
  await checkA11y(page, 'Update Appointment (development server)');
});
