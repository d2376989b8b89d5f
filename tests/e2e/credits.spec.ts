/**
 * Credits as an admin manages them (01 §2, §3, §5, §8): create one in dollars (stored in cents), pick it from
 * the list, edit its title and description; the total is shown with two decimals and cannot be edited.
 * Delete only after a confirmation; a credit that a user holds is refused with the server's reason and stays.
 * Each test makes its own credit (and its own user to hold one), so seeded rows stay as other tests expect.
 */
import { api, checkA11y, expect, openAsAdmin, recordRow, test, tokenOf } from './fixtures';
import { adminSession } from './sessions';
import { DEMO } from './stack';

/** A credit of this test, granted to a user of this test (invited and registered through the API). */
async function heldCredit(title: string): Promise<{ id: number }> {
  const admin = await tokenOf(DEMO.admin);
  const credit = await api<{ id: number }>(admin, 'POST', '/credits', { title, totalInCents: 1_500 });
  const providers = await api<{ id: number; name: string }[]>(admin, 'GET', '/providers');
  const email = `credit-holder-${Date.now()}@upkeep.test`;
  const invite = await api<{ code: string }>(admin, 'POST', '/provider/invite', {
    email,
    providerIdArray: [providers[0]?.id],
  });
  await api(admin, 'POST', '/provider/invite/user', {
    email,
    password: 'holder-e2e-password',
    code: invite.code,
  });
  const list = await api<{ users: { firebaseUid: string }[] }>(
    admin,
    'GET',
    `/user?search=${encodeURIComponent(email)}`,
  );
  const uid = list.users[0]?.firebaseUid;
  if (!uid) throw new Error(`no user row for ${email}`);
  await api(admin, 'POST', `/user/${uid}/credits`, { creditId: credit.id });
  return credit;
}

test.describe('credits', () => {
  test.use(adminSession);
  test.beforeEach(async ({ page }) => {
    await openAsAdmin(page);
  });

  test('the list and a chosen credit; the total is not editable', async ({ page }) => {
    await page.getByRole('link', { name: 'Credits' }).click();
    const list = page.getByRole('navigation', { name: 'Credit list' });
    await expect(recordRow(list, 'Welcome Credit', '$25.00')).toBeVisible();
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
    await expect(page.getByRole('heading', { name: 'Create Credit' })).toBeVisible();

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
    await expect(recordRow(list, title, '$19.99').getByRole('button')).toHaveAttribute(
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
    await expect(recordRow(list, `${title} edited`, '$19.99')).toBeVisible();
  });

  test('a credit is deleted only after confirming, and is gone after a reload', async ({ page }) => {
    const title = `Short-lived ${Date.now()}`;
    await page.goto('/credits/create');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Total in dollars').fill('12.50');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Created credit.')).toBeVisible();
    await expect(page).toHaveURL(/\/credits\?id=\d+/);
    const list = page.getByRole('navigation', { name: 'Credit list' });
    const entry = recordRow(list, title, '$12.50').getByRole('button');
    await expect(entry).toHaveAttribute('aria-current', 'true');

    // Cancel keeps everything, including what was typed and not saved.
    await page.getByLabel('Description').fill('Typed, not saved');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete credit' });
    await expect(confirm).toContainText(`Delete the credit "${title}"? This cannot be undone.`);
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await checkA11y(page, 'credit delete confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByLabel('Description')).toHaveValue('Typed, not saved');
    await expect(entry).toBeVisible();
    await expect(page).toHaveURL(/\/credits\?id=\d+/);

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Deleted credit.')).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await expect(page).toHaveURL(/\/credits$/);
    await expect(entry).toHaveCount(0);
    await expect(
      page.getByText('Choose a credit from the list to edit its title and description.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Edit a credit' })).toBeFocused();
    await checkA11y(page, '/credits after a delete');
    await page.reload();
    await expect(recordRow(list, 'Welcome Credit', '$25.00')).toBeVisible();
    await expect(list.getByRole('button', { name: new RegExp(`^${title}`) })).toHaveCount(0);
  });

  test("a credit a user holds is refused with the server's reason, and stays", async ({ page }) => {
    const title = `Held ${Date.now()}`;
    const credit = await heldCredit(title);
    await page.goto(`/credits?id=${credit.id}`);
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await page.getByLabel('Title').fill(`${title} typed`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete credit' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toHaveCount(0);
    const reason = `"${title}" is held by 1 user, so it cannot be deleted: that would take it from them. Remove it from their credits first.`;
    const alert = page.getByRole('alert').filter({ hasText: reason });
    await expect(alert).toContainText('Error deleting credit.');
    await expect(page.getByText('Error deleting credit.').first()).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue(`${title} typed`);
    await expect(page).toHaveURL(new RegExp(`/credits\\?id=${credit.id}$`));
    await checkA11y(page, '/credits with a refused delete');

    await page.reload();
    const list = page.getByRole('navigation', { name: 'Credit list' });
    await expect(recordRow(list, title, '$15.00').getByRole('button')).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(page.getByLabel('Title')).toHaveValue(title);
  });

  test('0.29 dollars is stored as 29 cents exactly', async ({ page }) => {
    const title = `Small ${Date.now()}`;
    await page.goto('/credits/create');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Total in dollars').fill('0.29');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Created credit.')).toBeVisible();
    await expect(recordRow(page.getByRole('table', { name: 'Credits' }), title, '$0.29')).toBeVisible();
  });
});
