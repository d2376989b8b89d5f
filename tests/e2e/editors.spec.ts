/**
 * What every record editor shares (issues 9 and 10): a save based on an old version is refused with "This
 * record was changed by someone else since you opened it.", and Reload keeps what was typed on top of the
 * fresh record; unsaved work is never dropped silently (choosing another record, leaving the page).
 * Each test makes its own credits over the API, so seeded rows stay as other tests expect.
 */
import { api, checkA11y, expect, signIn, test, tokenOf } from './fixtures';
import { DEMO } from './stack';

const STALE = 'This record was changed by someone else since you opened it.';

async function makeCredit(title: string, description: string): Promise<{ id: number; version: number }> {
  const admin = await tokenOf(DEMO.admin);
  return api<{ id: number; version: number }>(admin, 'POST', '/credits', {
    title,
    description,
    totalInCents: 1_000,
  });
}

test.describe('record editors', () => {
  test('a stale save in two windows shows the message, and Reload keeps the typed input', async ({
    page,
    browser,
  }) => {
    const title = `Shared ${Date.now()}`;
    const credit = await makeCredit(title, 'As created');
    await page.goto('/login');
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/services$/);
    await page.goto(`/credits?id=${credit.id}`);
    await expect(page.getByLabel('Title')).toHaveValue(title);

    // A second admin, in another window, saves the same credit first.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto('/login');
    await signIn(otherPage, DEMO.admin);
    await expect(otherPage).toHaveURL(/\/services$/);
    await otherPage.goto(`/credits?id=${credit.id}`);
    await otherPage.getByLabel('Description').fill('Changed in the other window');
    await otherPage.getByRole('button', { name: 'Save' }).click();
    await expect(otherPage.getByText('Saved credit.')).toBeVisible();
    await other.close();

    await page.getByLabel('Title').fill(`${title} mine`);
    await page.getByRole('button', { name: 'Save' }).click();
    const notice = page.getByRole('alert').filter({ hasText: STALE });
    await expect(notice).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue(`${title} mine`);
    await checkA11y(page, 'stale save');

    await notice.getByRole('button', { name: 'Reload' }).click();
    await expect(notice).toBeHidden();
    await expect(page.getByLabel('Title')).toHaveValue(`${title} mine`);
    await expect(page.getByLabel('Description')).toHaveValue('Changed in the other window');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved credit.')).toBeVisible();

    const saved = (
      await api<{ id: number; title: string; description: string; version: number }[]>(
        await tokenOf(DEMO.admin),
        'GET',
        '/credits',
      )
    ).find((item) => item.id === credit.id);
    expect(saved).toMatchObject({
      title: `${title} mine`,
      description: 'Changed in the other window',
      version: 3,
    });
  });

  test('after a stale save, Keep editing goes back to the form as typed', async ({ page }) => {
    const title = `Kept ${Date.now()}`;
    const credit = await makeCredit(title, 'As created');
    await page.goto('/login');
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/services$/);
    await page.goto(`/credits?id=${credit.id}`);
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await api(await tokenOf(DEMO.admin), 'PUT', `/credits/${credit.id}`, {
      title: `${title} theirs`,
      description: null,
      version: credit.version,
    });

    await page.getByLabel('Description').fill('Mine');
    await page.getByRole('button', { name: 'Save' }).click();
    const notice = page.getByRole('alert').filter({ hasText: STALE });
    await notice.getByRole('button', { name: 'Keep editing' }).click();
    await expect(notice).toBeHidden();
    await expect(page.getByLabel('Description')).toHaveValue('Mine');
    await expect(page.getByLabel('Title')).toBeEditable();
  });

  test('unsaved changes: choosing another credit or leaving asks first', async ({ page }) => {
    const stamp = Date.now();
    const first = await makeCredit(`Guard A ${stamp}`, 'First');
    await makeCredit(`Guard B ${stamp}`, 'Second');
    await page.goto('/login');
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/services$/);
    await page.goto(`/credits?id=${first.id}`);
    await expect(page.getByLabel('Title')).toHaveValue(`Guard A ${stamp}`);

    // Nothing typed yet: switching asks nothing.
    const list = page.getByRole('navigation', { name: 'Credit list' });
    await list.getByRole('button', { name: new RegExp(`^Guard B ${stamp}`) }).click();
    await expect(page.getByLabel('Title')).toHaveValue(`Guard B ${stamp}`);
    await list.getByRole('button', { name: new RegExp(`^Guard A ${stamp}`) }).click();
    await expect(page.getByLabel('Title')).toHaveValue(`Guard A ${stamp}`);

    await page.getByLabel('Title').fill('Typed, not saved');
    await list.getByRole('button', { name: new RegExp(`^Guard B ${stamp}`) }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await expect(dialog).toBeVisible();
    await checkA11y(page, 'unsaved changes question');
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(new RegExp(`id=${first.id}`));
    await expect(page.getByLabel('Title')).toHaveValue('Typed, not saved');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/users/);
  });
});
