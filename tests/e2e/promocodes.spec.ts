/**
 * Promo codes as an admin manages them (01 §2, §3, §8, §9): create a PER_USER code in dollars with or without
 * allowed services, pick it by code, save changes, a duplicate code in another case is refused with a clear
 * message, and delete after confirming. Each test makes its own code.
 */
import type { Page } from '@playwright/test';
import { checkA11y, expect, openAsAdmin, recordRow, test } from './fixtures';
import { adminSession } from './sessions';

async function create(
  page: Page,
  code: string,
  { amount, services = [] }: { amount: string; services?: string[] },
) {
  await page.goto('/promocodes/create');
  await expect(page.getByRole('heading', { name: 'Create Promocode' })).toBeVisible();
  await codeField(page).fill(code);
  await page.getByLabel('Total uses').fill('100');
  await page.getByLabel('Uses per user').fill('2');
  await page.getByLabel('Amount in dollars').fill(amount);
  for (const name of services) await page.getByRole('checkbox', { name, exact: true }).check({ force: true });
  await page.getByRole('button', { name: 'Create' }).click();
}

const codeField = (page: Page) => page.getByRole('textbox', { name: 'Code', exact: true });

test.describe('promo codes', () => {
  test.use(adminSession);
  test.beforeEach(async ({ page }) => {
    await openAsAdmin(page);
  });

  test('the list by code and a code with its allowed services', async ({ page }) => {
    await page.getByRole('link', { name: 'Promocodes' }).click();
    const list = page.getByRole('navigation', { name: 'Promo code list' });
    await recordRow(list, 'GLOW50', '$50.00').getByRole('button').click();
    await expect(page).toHaveURL(/\/promocodes\?id=\d+/);
    await expect(codeField(page)).toHaveValue('GLOW50');
    await expect(page.getByLabel('Type')).toHaveValue('Per user');
    await expect(page.getByLabel('Amount in dollars')).toHaveValue('50.00');
    await expect(page.getByRole('checkbox', { name: 'HydraFacial', exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Botox', exact: true })).not.toBeChecked();
    await expect(page.getByText('HydraFacial, Chemical Peel')).toBeVisible();
    await checkA11y(page, '/promocodes with a code');
    await recordRow(list, 'WELCOME20', '$20.00').getByRole('button').click();
    await expect(page.getByText('No items chosen: the code applies to every service.')).toBeVisible();
  });

  test('create, edit and delete a code', async ({ page }) => {
    const code = `SPRING${Date.now().toString(36).toUpperCase()}`;
    await page.goto('/promocodes/create');
    await expect(page.getByText('No items chosen: the code applies to every service.')).toBeVisible();
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Code is required')).toBeVisible();
    await checkA11y(page, '/promocodes/create with errors');

    await create(page, code, { amount: '19.99', services: ['Botox', 'Dysport'] });
    await expect(page.getByText('Created promocode')).toBeVisible();
    await expect(page).toHaveURL(/\/promocodes\?id=\d+/);
    const table = page.getByRole('table', { name: 'Promo codes' });
    await expect(recordRow(table, code, '$19.99').getByRole('button')).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(page.getByText('Botox, Dysport')).toBeVisible();

    await page.getByLabel('Amount in dollars').fill('0.29');
    await page.getByRole('checkbox', { name: 'Botox', exact: true }).uncheck({ force: true });
    await page.getByRole('checkbox', { name: 'Dysport', exact: true }).uncheck({ force: true });
    await expect(page.getByText('No items chosen: the code applies to every service.')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved promocode')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Amount in dollars')).toHaveValue('0.29');
    await expect(recordRow(table, code, '$0.29')).toBeVisible();

    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete promo code' });
    await expect(confirm).toContainText(`Delete the promo code ${code}?`);
    await checkA11y(page, 'promo delete confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(codeField(page)).toHaveValue(code);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Deleted promocode')).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(`^${code}`) })).toHaveCount(0);
  });

  test('a code that exists in another case is refused with a clear message, keeping the form', async ({
    page,
  }) => {
    await create(page, 'glow50', { amount: '5' });
    await expect(page.getByText('Error saving promocode')).toBeVisible();
    await expect(
      page.getByText('the code glow50 already exists (codes are compared without case)'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/promocodes\/create$/);
    await expect(codeField(page)).toHaveValue('glow50');
    await expect(page.getByLabel('Amount in dollars')).toHaveValue('5');
    await checkA11y(page, '/promocodes/create with a duplicate code');
  });
});
