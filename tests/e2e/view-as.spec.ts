/**
 * Viewing as provider (01 §2, §6): found from a provider's name in a user's drawer, a banner with Exit on
 * every page while viewing, and an admin-only address typed while viewing leaves view-as first, visibly.
 */
import type { Page } from '@playwright/test';
import { VIEW_AS_NOTICES } from '../../src/domain/shared/messages';
import { checkA11y, expect, signIn, test } from './fixtures';
import { DEMO } from './stack';

const banner = (page: Page) => page.getByRole('region', { name: 'View as provider' });

/** Signs in as the admin and views as Luxe Aesthetics from Morgan Multi's drawer. */
async function viewAsFromUserDrawer(page: Page) {
  await page.goto('/login');
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/services$/);
  await page.goto('/users?q=multi@upkeep.test');
  await page.getByRole('table', { name: 'Users' }).getByRole('button', { name: 'Morgan Multi' }).click();
  const drawer = page.getByRole('dialog', { name: 'Morgan Multi' });
  await drawer
    .getByRole('region', { name: 'Associated Providers' })
    .getByRole('button', { name: 'View as Luxe Aesthetics' })
    .click();
  await expect(page).toHaveURL(/\/provider\/overview$/);
  await expect(banner(page)).toContainText('Viewing as Luxe Aesthetics');
}

test('an admin views as a provider from the user drawer, sees the banner on every page and exits from any', async ({
  page,
}) => {
  await viewAsFromUserDrawer(page);
  await checkA11y(page, 'view-as banner');

  for (const path of ['/provider/profile', '/appointments', '/providers', '/provider/onboarding']) {
    await page.goto(path);
    await expect(banner(page), `banner on ${path}`).toContainText('Viewing as Luxe Aesthetics');
    await expect(banner(page).getByRole('button', { name: /^Exit/ })).toBeVisible();
  }

  // Exit from any page returns to the manage view of the provider that was viewed.
  await page.goto('/provider/profile');
  await banner(page).getByRole('button', { name: /^Exit/ }).click();
  await expect(page).toHaveURL(/\/providers\?provider=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Luxe Aesthetics' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }),
  ).toBeVisible();
});

test('typing an admin-only address while viewing as provider leaves view-as first, with a notice', async ({
  page,
}) => {
  await viewAsFromUserDrawer(page);

  await page.goto('/credits');
  await expect(page).toHaveURL(/\/credits/);
  await expect(page.getByText(VIEW_AS_NOTICES.leftForAdminPage)).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Credits' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'My Profile' })).toHaveCount(0);

  // Left for good: a reload stays in the admin console.
  await page.reload();
  await expect(banner(page)).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Credits' })).toBeVisible();
});
