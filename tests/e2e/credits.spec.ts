/**
 * Credits as an admin manages them (01 §2, §3, §5, §8): create one in dollars (stored in cents), pick it from
 * the list, edit its title and description; the total is shown with two decimals and cannot be edited.
 * (The spec gives credits no delete.) Each test makes its own credit.
 */
import { checkA11y, expect, signIn, test } from './fixtures';
import { DEMO } from './stack';

test.describe('credits', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/login');
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/services$/);
  });

  test('the list and a chosen credit; the total is not editable', async ({ page }) => {
    await page.getByRole('link', { name: 'Credits' }).click();
    const list = page.getByRole('navigation', { name: 'Credit list' });
    await expect(list.getByRole('button', { name: 'Welcome Credit $25.00' })).toBeVisible();
    await expect(
      page.getByText('Choose a credit from the list to edit its title and description.'),
    ).toBeVisible();
    await checkA11y(page, '/credits');
    await list.getByRole('button', { name: /^Service Recovery/ }).click();
    await expect(page).toHaveURL(/\/credits\?id=\d+/);
    await expect(page.getByLabel('Title')).toHaveValue('Service Recovery');
    await expect(page.getByLabel('Total')).toHaveValue('$100.00');
    await expect(page.getByLabel('Total')).toHaveAttribute('readonly', '');
    await expect(page.getByText('The total cannot be changed after the credit is created.')).toBeVisible();
    await checkA11y(page, '/credits with a credit');
  });

  test('create with dollars, then edit title and description', async ({ page }) => {
    const title = `Gift ${Date.now()}`;
    await page.goto('/credits');
    await page.getByRole('link', { name: 'Create New' }).click();
    await expect(page).toHaveURL(/\/credits\/create$/);
    await expect(page.getByRole('heading', { name: 'Create credit' })).toBeVisible();

    // Nothing is sent until the form is complete; what was typed stays.
    await page.getByLabel('Total in dollars').fill('19.999');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Title is required')).toBeVisible();
    await expect(page.getByText('Enter dollars with at most two decimals, e.g. 19.99')).toBeVisible();
    await checkA11y(page, '/credits/create with errors');

    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('First line\nSecond line\nThird line');
    await page.getByLabel('Total in dollars').fill('19.99');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Created credit.')).toBeVisible();
    await expect(page).toHaveURL(/\/credits\?id=\d+/);
    const list = page.getByRole('navigation', { name: 'Credit list' });
    await expect(list.getByRole('button', { name: `${title} $19.99` })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(page.getByLabel('Total')).toHaveValue('$19.99');

    await page.getByLabel('Title').fill(`${title} edited`);
    await page.getByLabel('Description').fill('Only one line now');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved credit.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Title')).toHaveValue(`${title} edited`);
    await expect(page.getByLabel('Description')).toHaveValue('Only one line now');
    await expect(list.getByRole('button', { name: `${title} edited $19.99` })).toBeVisible();
  });

  test('0.29 dollars is stored as 29 cents exactly', async ({ page }) => {
    const title = `Small ${Date.now()}`;
    await page.goto('/credits/create');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Total in dollars').fill('0.29');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Created credit.')).toBeVisible();
    await expect(page.getByRole('button', { name: `${title} $0.29` })).toBeVisible();
  });
});
