import type { Locator, Page } from '@playwright/test';
import { animationsEnded, api, checkA11y as checkPage, expect, openAsAdmin, test, tokenOf } from './fixtures';
import { adminSession } from './sessions';
import { DEMO } from './stack';

// A 1×1 PNG for the icon uploads.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * Axe after running animations (dialogs, toasts) have ended: mid-fade, text is partly transparent and its
 * contrast is measured too low. Endless ones (spinners) are not waited for.
 */
async function checkA11y(page: Page, label: string) {
  await animationsEnded(page);
  await checkPage(page, label);
}

/** The names of the listed items, in order, from their reorder handles. */
async function itemNames(list: Locator): Promise<string[]> {
  const labels = await list
    .getByRole('button', { name: /^Reorder / })
    .evaluateAll((handles) => handles.map((handle) => handle.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/^Reorder /, ''));
}

/** A toast's title. */
const toast = (page: Page, text: string) =>
  page
    .locator('[data-scope="toast"][data-part="title"]')
    .filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .last();

test.describe('the service catalogue', () => {
  test.use(adminSession);

  test('create a category with an icon, draft items, save, reorder by keyboard and drag, edit and delete', async ({
    page,
  }) => {
    const stamp = Date.now();
    const categoryName = `E2E Spa ${stamp}`;
    await openAsAdmin(page);

    // Create the category, with an icon uploaded first.
    await page.getByRole('link', { name: 'New Category' }).click();
    await expect(page).toHaveURL(/\/services\/create$/);
    await expect(page.getByRole('heading', { name: 'Create Service Category' })).toBeVisible();
    await checkA11y(page, '/services/create');
    await page.getByRole('button', { name: 'Create Category' }).click();
    await expect(page.getByText('Category name is required')).toBeVisible();
    await page.getByLabel('Category name').fill(categoryName);
    await page
      .getByLabel('Category icon')
      .setInputFiles({ name: 'spa.png', mimeType: 'image/png', buffer: PNG });
    await expect(toast(page, 'Successfully Uploaded Image')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Category icon preview' })).toBeVisible();
    await checkA11y(page, '/services/create with an icon');
    await page.getByRole('button', { name: 'Create Category' }).click();
    await expect(page).toHaveURL(/\/services\?category=\d+/);
    await expect(page.getByRole('heading', { level: 2, name: categoryName })).toBeVisible();
    const categories = page.getByRole('navigation', { name: 'Service categories' });
    await expect(categories.getByRole('link', { name: categoryName })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByText('No service items in this category yet.')).toBeVisible();
    // Under the category's name, who made it.
    await expect(page.getByText(/^Created by admin@upkeep\.test/)).toBeVisible();
    await checkA11y(page, 'new empty category');

    // Two drafts; the order cannot be saved while they are unsaved.
    await page.getByRole('button', { name: 'New Service Item', exact: true }).click();
    await page.getByRole('button', { name: 'New Service Item', exact: true }).click();
    const drafts = page.getByRole('form', { name: 'Edit new service item' });
    await expect(drafts).toHaveCount(2);
    await expect(drafts.first().getByLabel('Price (dollars)')).toHaveValue('100.00');
    await expect(drafts.first().getByLabel('Duration (minutes)')).toHaveValue('10');
    await drafts.first().getByLabel('Name').fill('Alpha Glow');
    // Named, the first draft is no longer a "new service item": the remaining one is the second.
    await expect(drafts).toHaveCount(1);
    await drafts.getByLabel('Name').fill('Bravo Peel');
    await checkA11y(page, 'two drafts');
    await page.getByRole('button', { name: 'Save order' }).click();
    await expect(toast(page, 'Please Save or Remove New Service Items')).toBeVisible();

    // Save both (and a third, to reorder among three).
    await page.getByRole('form', { name: 'Edit Alpha Glow' }).getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Created service item')).toBeVisible();
    await page.getByRole('form', { name: 'Edit Bravo Peel' }).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('form', { name: 'Edit Bravo Peel' })).toHaveCount(0);
    await page.getByRole('button', { name: 'New Service Item', exact: true }).click();
    const third = page.getByRole('form', { name: 'Edit new service item' });
    await third.getByLabel('Price (dollars)').fill('45.5');
    await third.getByLabel('Duration (minutes)').fill('50');
    await third.getByLabel('Name').fill('Charlie Wrap');
    await page.getByRole('form', { name: 'Edit Charlie Wrap' }).getByRole('button', { name: 'Save' }).click();
    const list = page.getByRole('list', { name: `${categoryName} service items` });
    await expect(list.getByText('50 min · $45.50')).toBeVisible();
    expect(await itemNames(list)).toEqual(['Alpha Glow', 'Bravo Peel', 'Charlie Wrap']);
    await expect(page.getByText('3 service items', { exact: true })).toBeVisible();

    // Keyboard: the handle moves its item and says where it went.
    await list.getByRole('button', { name: 'Reorder Charlie Wrap' }).focus();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByTestId('reorder-announcement')).toHaveText(
      'Charlie Wrap moved to position 2 of 3',
    );
    await expect(list.getByRole('button', { name: 'Reorder Charlie Wrap' })).toBeFocused();
    expect(await itemNames(list)).toEqual(['Alpha Glow', 'Charlie Wrap', 'Bravo Peel']);
    await page.keyboard.press('ArrowUp');
    expect(await itemNames(list)).toEqual(['Charlie Wrap', 'Alpha Glow', 'Bravo Peel']);
    await page.keyboard.press('ArrowUp');
    await expect(page.getByTestId('reorder-announcement')).toHaveText('Charlie Wrap is already first');
    await checkA11y(page, 'reordered, not saved');
    await page.getByRole('button', { name: 'Save order' }).click();
    await expect(toast(page, 'Saved Display Order')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save order' })).toBeDisabled();

    // Mouse: drag Bravo onto the first row.
    const rows = list.getByRole('listitem');
    await list.getByRole('button', { name: 'Reorder Bravo Peel' }).dragTo(rows.first());
    await expect.poll(() => itemNames(list)).toEqual(['Bravo Peel', 'Charlie Wrap', 'Alpha Glow']);
    await page.getByRole('button', { name: 'Save order' }).click();
    await expect(toast(page, 'Saved Display Order')).toBeVisible();

    // A reload shows the same category and the saved order.
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: categoryName })).toBeVisible();
    await expect.poll(() => itemNames(list)).toEqual(['Bravo Peel', 'Charlie Wrap', 'Alpha Glow']);

    // Edit: money in dollars (two decimals on leaving the field), a switch, a long text.
    await list.getByRole('button', { name: 'Edit Alpha Glow' }).click();
    const alpha = page.getByRole('form', { name: 'Edit Alpha Glow' });
    await alpha.getByLabel('Price (dollars)').fill('12.5');
    await alpha.getByLabel('Price (dollars)').blur();
    await expect(alpha.getByLabel('Price (dollars)')).toHaveValue('12.50');
    await alpha.getByText('Price is per unit').click();
    await alpha.getByLabel('Terms').fill('No refunds.\nBook 24 hours ahead.');
    await expect(list.getByText('Unsaved changes')).toBeVisible();
    await checkA11y(page, 'editing an item');
    await alpha.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Saved service item')).toBeVisible();
    await expect(list.getByText('10 min · $12.50 per unit')).toBeVisible();
    await expect(list.getByText('Unsaved changes')).toHaveCount(0);
    // The open item says who changed it last; the closed ones do not.
    const changedBy = list.getByText(/^Changed by admin@upkeep\.test/);
    await expect(changedBy).toHaveCount(1);
    await expect(list.getByRole('listitem').filter({ has: alpha })).toContainText(
      /Changed by admin@upkeep\.test/,
    );
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await changedBy.evaluate((line) => line.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: `.tmp/services-changed-by-${viewport.width}.png` });
    }

    // Delete asks first.
    await alpha.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete service item?' });
    await expect(dialog).toContainText('Delete the service item "Alpha Glow"?');
    await checkA11y(page, 'delete confirmation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await alpha.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Deleted Service Item')).toBeVisible();
    await expect.poll(() => itemNames(list)).toEqual(['Bravo Peel', 'Charlie Wrap']);
    await expect(categories.getByRole('link', { name: categoryName })).toContainText('2');
  });

  test('saving an item someone else saved meanwhile offers Reload, which keeps what was typed', async ({
    page,
  }) => {
    const stamp = Date.now();
    const admin = await tokenOf(DEMO.admin);
    const category = await api<{ id: number }>(admin, 'POST', '/svc-category', {
      name: `Stale Spa ${stamp}`,
    });
    const created = await api<{ id: number }>(admin, 'POST', '/svc-item', {
      name: 'Stale Peel',
      serviceCategoryId: category.id,
    });
    await openAsAdmin(page);
    await page.goto(`/services?category=${category.id}`);
    const list = page.getByRole('list', { name: `Stale Spa ${stamp} service items` });
    await list.getByRole('button', { name: 'Edit Stale Peel' }).click();
    const form = page.getByRole('form', { name: 'Edit Stale Peel' });
    await form.getByLabel('Price (dollars)').fill('77.00');
    // Another admin changes the duration meanwhile.
    await api(admin, 'PUT', `/svc-item/${created.id}`, { timeInMins: 90, version: 1 });
    await form.getByRole('button', { name: 'Save' }).click();
    const notice = form.getByRole('alert').filter({ hasText: 'changed by someone else' });
    await expect(notice).toBeVisible();
    await checkA11y(page, 'a stale service item');
    await notice.getByRole('button', { name: 'Reload' }).click();
    await expect(notice).toHaveCount(0);
    await expect(form.getByLabel('Duration (minutes)')).toHaveValue('90');
    await expect(form.getByLabel('Price (dollars)')).toHaveValue('77.00');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Saved service item')).toBeVisible();
    await expect(list.getByText('90 min · $77.00')).toBeVisible();
  });

  test('New Bundle is a local draft until Save; Remove drops a draft; a saved bundle is deleted', async ({
    page,
  }) => {
    const stamp = Date.now();
    const admin = await tokenOf(DEMO.admin);
    const category = await api<{ id: number }>(admin, 'POST', '/svc-category', {
      name: `Bundle Glow ${stamp}`,
    });
    for (const name of ['Glow Peel', 'Glow Mask', 'Glow Wrap'])
      await api(admin, 'POST', '/svc-item', { name, serviceCategoryId: category.id });
    const onServer = async () =>
      (await api<{ name: string; serviceCategoryId: number | null }[]>(admin, 'GET', '/bundle'))
        .filter((bundle) => bundle.serviceCategoryId === category.id)
        .map((bundle) => bundle.name);
    const name = `E2E Bundle ${stamp}`;
    await page.goto(`/services?category=${category.id}`);
    const bundles = page.getByRole('region', { name: 'Bundles' });
    await expect(bundles.getByTestId('bundle-count')).toHaveText('0 bundles');

    // New Bundle: a draft here, focused, counted apart; nothing on the server.
    await bundles.getByRole('button', { name: 'New Bundle' }).click();
    const draft = bundles.getByRole('form', { name: 'Bundle New Bundle' });
    await expect(draft.getByText('Not saved yet')).toBeVisible();
    await expect(draft.getByLabel('Bundle name')).toBeFocused();
    await expect(bundles.getByTestId('bundle-count')).toHaveText('0 bundles (+1 unsaved)');
    await expect(draft.getByRole('button', { name: /^Delete bundle/ })).toHaveCount(0);
    expect(await onServer()).toEqual([]);

    await draft.getByLabel('Bundle name').fill(name);
    const form = bundles.getByRole('form', { name: `Bundle ${name}` });
    const items = form.getByRole('group', { name: `Bundle Glow ${stamp} items` });
    await items.getByText('Glow Peel').click();
    await items.getByText('Glow Mask').click();
    await expect(form.getByText('2 items')).toBeVisible();
    await checkA11y(page, 'a new bundle draft');
    expect(await onServer()).toEqual([]);

    // Save creates it.
    await form.getByRole('button', { name: `Save bundle ${name}` }).click();
    await expect(toast(page, 'Successfully created new Bundle')).toBeVisible();
    await expect(form.getByText('Not saved yet')).toHaveCount(0);
    await expect(form.getByText(/^Created by admin@upkeep\.test/)).toBeVisible();
    await expect(bundles.getByTestId('bundle-count')).toHaveText('1 bundle');
    expect(await onServer()).toEqual([name]);

    // A second draft, removed: none is left, here or on the server.
    await bundles.getByRole('button', { name: 'New Bundle' }).click();
    const second = bundles.getByRole('form', { name: 'Bundle New Bundle' });
    await second
      .getByRole('group', { name: `Bundle Glow ${stamp} items` })
      .getByText('Wrap')
      .click();
    await second.getByRole('button', { name: 'Remove new bundle New Bundle' }).click();
    await expect(second).toHaveCount(0);
    await expect(bundles.getByTestId('bundle-count')).toHaveText('1 bundle');
    expect(await onServer()).toEqual([name]);

    // Saved: a reload shows it with its items.
    await page.reload();
    await expect(form.getByLabel('Bundle name')).toHaveValue(name);
    await expect(items.getByRole('checkbox', { name: 'Glow Peel' })).toBeChecked();

    await form.getByRole('button', { name: `Delete bundle ${name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete bundle?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Deleted Bundle')).toBeVisible();
    await expect(form).toHaveCount(0);
    expect(await onServer()).toEqual([]);
  });

  test('a refused bundle save keeps the draft and what was typed; leaving with a draft asks first', async ({
    page,
  }) => {
    const stamp = Date.now();
    const admin = await tokenOf(DEMO.admin);
    const category = await api<{ id: number }>(admin, 'POST', '/svc-category', {
      name: `Bundle Calm ${stamp}`,
    });
    const item = await api<{ id: number }>(admin, 'POST', '/svc-item', {
      name: 'Massage',
      serviceCategoryId: category.id,
    });
    await page.goto(`/services?category=${category.id}`);
    const bundles = page.getByRole('region', { name: 'Bundles' });
    await bundles.getByRole('button', { name: 'New Bundle' }).click();
    // The draft, whatever its name.
    const form = bundles.getByRole('form').filter({ hasText: 'Not saved yet' });
    await form.getByLabel('Bundle name').fill('');
    await form.getByRole('button', { name: /^Save bundle/ }).click();
    await expect(form.getByText('Bundle name is required')).toBeVisible();
    await form.getByLabel('Bundle name').fill('Calm Day');
    await form
      .getByRole('group', { name: `Bundle Calm ${stamp} items` })
      .getByText('Massage')
      .click();
    // The item is deleted meanwhile: the create is refused.
    await api(admin, 'DELETE', `/svc-item/${item.id}`);
    await form.getByRole('button', { name: 'Save bundle Calm Day' }).click();
    await expect(toast(page, `No service item with id ${item.id}`)).toBeVisible();
    await expect(form.getByText('Not saved yet')).toBeVisible();
    await expect(form.getByLabel('Bundle name')).toHaveValue('Calm Day');
    await expect(form.getByText('1 item')).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(form.getByLabel('Bundle name')).toHaveValue('Calm Day');
  });

  test('saving a bundle someone else saved meanwhile offers Reload, which keeps the items picked', async ({
    page,
  }) => {
    const stamp = Date.now();
    const admin = await tokenOf(DEMO.admin);
    const category = await api<{ id: number }>(admin, 'POST', '/svc-category', {
      name: `Bundle Spa ${stamp}`,
    });
    for (const name of ['Wrap', 'Scrub'])
      await api(admin, 'POST', '/svc-item', { name, serviceCategoryId: category.id });
    const bundle = await api<{ id: number }>(admin, 'POST', '/bundle/', {
      name: 'Spa Day',
      serviceCategoryId: category.id,
    });
    await openAsAdmin(page);
    await page.goto(`/services?category=${category.id}`);
    const form = page.getByRole('region', { name: 'Bundles' }).getByRole('form', { name: 'Bundle Spa Day' });
    await form
      .getByRole('group', { name: `Bundle Spa ${stamp} items` })
      .getByText('Scrub')
      .click();
    // Another admin renames the bundle meanwhile.
    await api(admin, 'PUT', `/bundle/${bundle.id}`, { name: 'Spa Day Deluxe', version: 1 });
    await form.getByRole('button', { name: 'Save bundle Spa Day' }).click();
    const notice = form.getByRole('alert').filter({ hasText: 'changed by someone else' });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Reload' }).click();
    const renamed = page.getByRole('form', { name: 'Bundle Spa Day Deluxe' });
    await expect(renamed.getByLabel('Bundle name')).toHaveValue('Spa Day Deluxe');
    await expect(renamed.getByRole('checkbox', { name: 'Scrub' })).toBeChecked();
    await renamed.getByRole('button', { name: 'Save bundle Spa Day Deluxe' }).click();
    await expect(toast(page, 'Saved Bundle')).toBeVisible();
    const saved = await api<{ id: number; serviceItems: { name: string }[] }[]>(admin, 'GET', '/bundle');
    expect(saved.find((entry) => entry.id === bundle.id)?.serviceItems).toEqual([
      expect.objectContaining({ name: 'Scrub' }),
    ]);
  });

  test('Injectables tabs filter Botox and Fillers and the count follows', async ({ page }) => {
    await openAsAdmin(page);
    await page
      .getByRole('navigation', { name: 'Service categories' })
      .getByRole('link', { name: /Injectables/ })
      .click();
    const list = page.getByRole('list', { name: 'Injectables service items' });
    await expect(page.getByRole('tab', { name: 'Botox' })).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => itemNames(list)).toEqual(expect.arrayContaining(['Botox', 'Dysport', 'Xeomin']));
    const botoxCount = (await itemNames(list)).length;
    await expect(page.getByTestId('service-item-count')).toHaveText(
      `${botoxCount} service items under Botox`,
    );
    await checkA11y(page, 'Injectables, Botox tab');

    await page.getByRole('tab', { name: 'Fillers' }).click();
    await expect(page).toHaveURL(/tab=Fillers/);
    // Juvederm is 'Fillers' and Restylane 'Filler': both are under the Fillers tab.
    await expect.poll(() => itemNames(list)).toEqual(expect.arrayContaining(['Juvederm', 'Restylane']));
    expect(await itemNames(list)).not.toContain('Botox');
    const fillersCount = (await itemNames(list)).length;
    await expect(page.getByTestId('service-item-count')).toHaveText(
      `${fillersCount} service ${fillersCount === 1 ? 'item' : 'items'} under Fillers`,
    );
    await checkA11y(page, 'Injectables, Fillers tab');

    // The tab is in the URL: a reload keeps it.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Fillers' })).toHaveAttribute('aria-selected', 'true');
  });

  test('leaving with a draft asks first', async ({ page }) => {
    await openAsAdmin(page);
    const categories = page.getByRole('navigation', { name: 'Service categories' });
    await categories.getByRole('link', { name: /Facials/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Facials' })).toBeVisible();
    await page.getByRole('button', { name: 'New Service Item', exact: true }).click();
    await categories.getByRole('link', { name: /Body Contour/ }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await expect(dialog).toBeVisible();
    await checkA11y(page, 'leave confirmation');
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Facials' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Edit new service item' })).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/users/);
  });
});
