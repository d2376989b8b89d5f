/**
 * Screenshots of the main screens at 390×844 and 1440×900 into docs/screens/ (`npm run screens`), so a
 * reviewer sees the console without running it. Each screen is checked to have opened before it is taken.
 */
import { expect, signIn, test } from '../e2e/fixtures';
import { DEMO } from '../e2e/stack';

const SIZES = { phone: { width: 390, height: 844 }, laptop: { width: 1440, height: 900 } } as const;

const ADMIN_SCREENS = [
  ['services', '/services'],
  ['users', '/users'],
  ['credits', '/credits'],
  ['promocodes', '/promocodes'],
  ['invite-provider', '/providers/provider/invite'],
  ['not-found', '/no-such-page'],
  ['signed-in-login', '/login'],
] as const;

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`main screens at ${size} size`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/login');
    await page.screenshot({ path: `docs/screens/${size}-login.png` });
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/services$/);
    for (const [name, path] of ADMIN_SCREENS) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      if (name === 'users') {
        await expect(page.getByRole('table', { name: 'Users' }).getByRole('button').first()).toBeVisible();
      }
      await page.screenshot({ path: `docs/screens/${size}-admin-${name}.png` });
    }
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
    await page.screenshot({ path: `docs/screens/${size}-admin-user-drawer.png` });
    await drawer.getByRole('button', { name: 'View as Luxe Aesthetics' }).click();
    await expect(page.getByRole('region', { name: 'View as provider' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `docs/screens/${size}-view-as-overview.png` });
    await page.goto('/provider/profile');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `docs/screens/${size}-view-as-profile.png` });
  });
}
