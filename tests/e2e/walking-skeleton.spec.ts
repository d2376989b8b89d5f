import { checkA11y, expect, signIn, test } from './fixtures';
import { DEMO } from './stack';

test.describe('sign in and see the services', () => {
  test('the demo admin signs in and sees the seeded categories from the database', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await checkA11y(page, '/login');

    await signIn(page, { ...DEMO.admin, email: `  ${DEMO.admin.email} ` });

    await expect(page).toHaveURL(/\/services$/);
    const categories = page.getByRole('navigation', { name: 'Service categories' });
    for (const name of ['Injectables', 'Facials', 'Laser (Hair Removal)', 'Body Contour']) {
      await expect(
        categories.getByRole('link', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) }),
      ).toBeVisible();
    }
    await categories.getByRole('link', { name: /^Injectables/ }).click();
    // Seeded items, from the database through the API.
    await expect(page.getByText('30 min · $5.50 per unit · Botox')).toBeVisible();
    await checkA11y(page, '/services');
  });

  test('a wrong password shows the catalogue message and keeps what was typed', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, { email: DEMO.admin.email, password: 'not-the-password' });
    await expect(
      page.getByRole('alert').filter({ hasText: 'Password does not match the one in our records.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByLabel('Email')).toHaveValue(DEMO.admin.email);
    await checkA11y(page, '/login with an error');
  });

  test('an unknown account is told the user does not exist', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, { email: 'nobody@upkeep.test', password: 'whatever-123' });
    await expect(page.getByRole('alert').filter({ hasText: 'User does not exist.' })).toBeVisible();
  });

  test('the customer account is refused with Unauthorized.', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, DEMO.customer);
    await expect(page.getByRole('alert').filter({ hasText: 'Unauthorized.' })).toBeVisible();
    await page.goto('/services');
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });

  test('an anonymous visit to /services goes to /login, and signing in returns there', async ({ page }) => {
    await page.goto('/services');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fservices/);
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/services$/);
  });

  test('signing in works with the keyboard alone, and a reload keeps the session', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.keyboard.type(DEMO.admin.email);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.keyboard.type(DEMO.admin.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/services$/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Services' })).toBeVisible();
    await expect(page).toHaveURL(/\/services$/);
  });

  test('log out ends the session', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/services$/);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/services');
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });
});
