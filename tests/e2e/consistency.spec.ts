/**
 * Small but visible consistency items (issue 10): Services is the current menu entry on "/"; the
 * sub-category select offers each tab once; a new draft comes into view with its name focused and is
 * counted apart from saved items (as the sidebar counts); a price that does not read as dollars is not
 * echoed raw; uses per user above the total uses is refused on its field.
 */
import { api, checkA11y, expect, openAsAdmin, recordRow, test, tokenOf } from './fixtures';
import { adminSession } from './sessions';
import { DEMO } from './stack';

// Every test starts with the admin's stored session.
test.use(adminSession);

test('on "/" the Services entry is the current page', async ({ page }) => {
  await openAsAdmin(page);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Users' })).not.toHaveAttribute('aria-current', 'page');
});

test('the sub-category select offers Botox and Fillers once each', async ({ page }) => {
  await openAsAdmin(page);
  await page
    .getByRole('navigation', { name: 'Service categories' })
    .getByRole('link', { name: /Injectables/ })
    .click();
  await page.getByRole('tab', { name: 'Fillers' }).click();
  // Restylane is stored as 'Filler': it reads as Fillers, not as a second choice.
  await page.getByRole('button', { name: 'Edit Restylane' }).click();
  const form = page.getByRole('form', { name: 'Edit Restylane' });
  const select = form.getByLabel('Sub-category');
  const options = await select.locator('option').allTextContents();
  expect(options).toEqual(['None', 'Botox', 'Fillers']);
  await expect(select).toHaveValue('Fillers');
});

test('a new draft comes into view focused, is counted apart, and a bad price is not echoed', async ({
  page,
}) => {
  // A category of this test's own, so no other test file adds items to it meanwhile.
  const name = `Draft Check ${Date.now()}`;
  await api(await tokenOf(DEMO.admin), 'POST', '/svc-category', { name });
  await page.setViewportSize({ width: 1440, height: 500 });
  await openAsAdmin(page);
  await page
    .getByRole('navigation', { name: 'Service categories' })
    .getByRole('link', { name: new RegExp(name) })
    .click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  const count = page.getByTestId('service-item-count');
  const before = (await count.textContent()) ?? '';
  await page.getByRole('button', { name: 'New Service Item', exact: true }).click();
  const draft = page.getByRole('form', { name: 'Edit new service item' });
  await expect(draft.getByLabel('Name')).toBeFocused();
  await expect(draft.getByLabel('Name')).toBeInViewport();
  await expect(count).toHaveText(`${before} (+1 unsaved)`);

  await draft.getByLabel('Price (dollars)').fill('12.345');
  await expect(draft.getByLabel('Price (dollars)')).toHaveValue('12.345');
  await expect(page.getByText(/12\.345/)).toHaveCount(0); // no text on the page echoes it
  await expect(page.getByText('10 min · price to fix')).toBeVisible();

  await draft
    .getByRole('button', { name: /Remove|Discard/ })
    .first()
    .click();
  await expect(count).toHaveText(before);
});

test('uses per user above the total uses is refused on its field', async ({ page }) => {
  await openAsAdmin(page);
  await page.goto('/promocodes/create');
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill('PERUSER');
  await page.getByLabel('Total uses').fill('2');
  await page.getByLabel('Uses per user').fill('5');
  await page.getByLabel('Amount in dollars').fill('5');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Uses per user cannot be more than the total uses')).toBeVisible();
  await expect(page).toHaveURL(/\/promocodes\/create$/);
});

test('credits and promo codes are picked from one table with a search', async ({ page }) => {
  await openAsAdmin(page);
  await page.goto('/promocodes');
  const promos = page.getByRole('navigation', { name: 'Promo code list' });
  await promos.getByLabel('Search promo codes').fill('welc');
  await expect(recordRow(promos, 'WELCOME20', '$20.00')).toBeVisible();
  await expect(recordRow(promos, 'GLOW50')).toHaveCount(0);
  await promos.getByLabel('Search promo codes').fill('no-such-code');
  await expect(promos.getByText('Nothing matches “no-such-code”.')).toBeVisible();
  await promos.getByRole('button', { name: 'Clear search' }).click();
  await expect(recordRow(promos, 'GLOW50', '$50.00')).toBeVisible();

  await page.goto('/credits');
  const credits = page.getByRole('table', { name: 'Credits' });
  const first = credits.locator('tbody tr').first().getByRole('button');
  const title = ((await first.textContent()) ?? '').trim();
  await page.getByLabel('Search credits').fill(title.toUpperCase());
  await expect(credits.locator('tbody tr').first().getByRole('button')).toContainText(title);
  await credits.locator('tbody tr').first().getByRole('button').click();
  await expect(page).toHaveURL(/\/credits\?id=\d+/);
  await checkA11y(page, '/credits with a search');
});

test('the credits and promo codes searches are labelled above their box, as the users search is', async ({
  page,
}) => {
  await openAsAdmin(page);
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    for (const [path, label] of [
      ['/credits', 'Search credits'],
      ['/promocodes', 'Search promo codes'],
    ] as const) {
      await page.goto(path);
      const box = page.getByRole('searchbox', { name: label, exact: true });
      await expect(box).toBeVisible();
      await expect(box).not.toHaveAttribute('placeholder');
      const shown = page.locator('label', { hasText: label });
      await expect(shown).toBeVisible();
      // The label sits above its box, as on the users list.
      const [labelBox, inputBox] = [await shown.boundingBox(), await box.boundingBox()];
      expect(labelBox && inputBox && labelBox.y + labelBox.height).toBeLessThanOrEqual(inputBox?.y ?? 0);
      await checkA11y(page, `${path} search at ${size.width} px`);
    }
  }
});
