/**
 * Notices that end and stay in their place (issue 10, "Toasts"): a refused first upload ends its
 * 'Uploading Image...' toast and says why on the field in plain words; an error toast of an earlier attempt
 * does not follow the user to the next page once the flow succeeds; toasts never cover the page header's
 * actions, on a phone or a laptop; on a phone they sit over the top bar, clear of every action, and end even
 * while a pointer rests on them.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { DEMO } from './stack';

const toasts = (page: Page) => page.locator('[data-scope="toast"][data-part="root"]');
const toastTitled = (page: Page, text: string) =>
  page.locator('[data-scope="toast"][data-part="title"]').filter({ hasText: text });

async function enterAsAdmin(page: Page) {
  await page.goto('/login');
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/services$/);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Creates a promo code of its own (the success toast 'Created promocode' follows). */
async function createPromoCode(page: Page, prefix: string) {
  await page.goto('/promocodes/create');
  await page
    .getByRole('textbox', { name: 'Code', exact: true })
    .fill(`${prefix}${Date.now().toString(36).toUpperCase()}`);
  await page.getByLabel('Total uses').fill('10');
  await page.getByLabel('Uses per user').fill('1');
  await page.getByLabel('Amount in dollars').fill('5');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
}

test('a refused first upload ends its loading toast and says why on the field', async ({ page }) => {
  await enterAsAdmin(page);
  // A fresh load: the toaster is not there yet, as on a person's first upload of a visit.
  await page.goto('/services/create');
  await page
    .getByLabel('Category icon')
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await expect(
    page.getByText('The image was not uploaded: the file is not a PNG, JPEG, GIF, WebP or AVIF image.'),
  ).toBeVisible();
  await expect(page.getByText(/Only PNG/)).toHaveCount(0);
  await expect(toastTitled(page, 'Uploading Image...')).toHaveCount(0);
  // Still gone a moment later (it used to come back when the toaster mounted).
  await page.waitForTimeout(1_000);
  await expect(toastTitled(page, 'Uploading Image...')).toHaveCount(0);
});

test('an error toast of an earlier attempt does not follow the user after success', async ({ page }) => {
  await enterAsAdmin(page);
  const code = `NOTE${Date.now().toString(36).toUpperCase()}`;
  await page.goto('/promocodes/create');
  const codeField = page.getByRole('textbox', { name: 'Code', exact: true });
  await codeField.fill('glow50');
  await page.getByLabel('Total uses').fill('10');
  await page.getByLabel('Uses per user').fill('1');
  await page.getByLabel('Amount in dollars').fill('5');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(toastTitled(page, 'Error saving promocode')).toBeVisible();

  await codeField.fill(code);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/promocodes\?id=\d+/);
  await expect(toastTitled(page, 'Created promocode')).toBeVisible();
  await expect(toastTitled(page, 'Error saving promocode')).toHaveCount(0);
});

test('an error toast ends when its screen is left', async ({ page }) => {
  await enterAsAdmin(page);
  await page.goto('/promocodes/create');
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill('glow50');
  await page.getByLabel('Total uses').fill('10');
  await page.getByLabel('Uses per user').fill('1');
  await page.getByLabel('Amount in dollars').fill('5');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(toastTitled(page, 'Error saving promocode')).toBeVisible();
  await page.getByRole('link', { name: 'Promocodes', exact: true }).first().click();
  // What was typed is unsaved: leaving asks first, and the person chooses to discard it.
  const discard = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  await discard.getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(page).toHaveURL(/\/promocodes$/);
  await expect(toastTitled(page, 'Error saving promocode')).toHaveCount(0);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`toasts keep clear of the page header's actions at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await enterAsAdmin(page);
    // A success toast on a page whose header has an action ('Create New').
    await createPromoCode(page, 'EDGE');
    await expect(toastTitled(page, 'Created promocode')).toBeVisible();
    const header = page.locator('main header').first();
    const actions = header.locator('a, button');
    await expect(actions.first()).toBeVisible();
    let seen = 0;
    for (const toast of await toasts(page).all()) {
      // A toast that is leaving has no box any more.
      const toastBox = await toast.boundingBox();
      if (!toastBox) continue;
      seen += 1;
      for (const action of await actions.all()) {
        expect(overlaps(toastBox, await box(action)), 'a toast covers a header action').toBe(false);
      }
    }
    expect(seen).toBeGreaterThan(0);
  });
}

test('on a phone a toast sits over the top bar, clear of every action, and ends though a pointer rests on it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await enterAsAdmin(page);
  await createPromoCode(page, 'TAP');
  const title = toastTitled(page, 'Created promocode');
  await expect(title).toBeVisible();
  const toast = toasts(page).filter({ has: title });
  // A tap leaves the pointer on the toast, which pauses it (at once, before its 2 seconds are up).
  await toast.hover({ force: true });
  await expect(toast).toHaveAttribute('data-paused');
  const toastBox = await box(toast);
  // Over the top bar: no button or link on the screen is under it, the Menu button included.
  const actions = page.locator('main a, main button').or(page.getByRole('button', { name: 'Menu' }));
  let checked = 0;
  for (const action of await actions.all()) {
    if (!(await action.isVisible())) continue;
    checked += 1;
    expect(overlaps(toastBox, await box(action)), `the toast covers ${await action.textContent()}`).toBe(
      false,
    );
  }
  expect(checked).toBeGreaterThan(1);
  // Paused, it stays past its 2 seconds, yet ends with the pointer still on it.
  await page.waitForTimeout(3_000);
  await expect(title).toBeVisible();
  await expect(toasts(page)).toHaveCount(0, { timeout: 15_000 });
});
