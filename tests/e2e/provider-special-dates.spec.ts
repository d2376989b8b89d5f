/**
 * The providers panel's Special Dates and Commission and Fees sections as an admin uses them (spec 02 §2, §4,
 * §5, §8, §9): add a special date by picking both ends, give it two service items and remove it; see this
 * year's holidays with the renames; type a custom commission of 150 and see 100. Each test makes its own
 * provider and location over the API, so seeded rows stay as other tests expect.
 */
import { api, checkA11y, expect, openAsAdmin, ownProvider, test, tokenOf } from './fixtures';
import { adminSession } from './sessions';
import { DEMO } from './stack';

const STALE = 'This record was changed by someone else since you opened it.';

interface Category {
  id: number;
  name: string;
  serviceItems: { id: number; name: string }[];
}

const freshProvider = (name: string) =>
  ownProvider(`${name} ${Date.now()}`, {
    streetAddress: '1 Congress Ave',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    timezone: 'America/Chicago',
    coordinates: { lat: 30.27, lng: -97.74 },
  });

/** A special date made over the API, as the admin. */
const postSpecialDate = (admin: string, locationId: number, startDate: string, endDate: string) =>
  api<{ id: number; version: number }>(admin, 'POST', '/special-date', { locationId, startDate, endDate });

/** The seed's service items, every category's in turn. */
const seedServiceItems = async (admin: string) =>
  (await api<Category[]>(admin, 'GET', '/svc-category')).flatMap((category) => category.serviceItems);

test.describe('provider special dates and commission', () => {
  test.use(adminSession);
  test.beforeEach(async ({ page }) => {
    await openAsAdmin(page);
  });

  test('adds a special date when both ends are picked, gives it two items and removes it', async ({
    page,
  }) => {
    const provider = await freshProvider('Special Dates Studio');
    const categories = await api<Category[]>(await tokenOf(DEMO.admin), 'GET', '/svc-category');
    const items = categories.flatMap((category) => category.serviceItems).slice(0, 2);
    expect(items).toHaveLength(2);
    const year = new Date().getFullYear() + 1;

    await page.goto(`/providers?provider=${provider.id}`);
    const section = page.getByRole('region', { name: 'Special Dates' });
    await expect(section.getByText('No special dates yet.')).toBeVisible();
    await section.getByLabel('First day').fill(`${year}-12-31`);
    await section.getByLabel('Last day').fill(`${year}-12-30`);
    await expect(page.getByText(`Added Special Date ${year}/12/30 - ${year}/12/31`)).toBeVisible();
    // Under the date, who last changed it: read again after each save.
    const dates = section.getByRole('list', { name: 'Special dates' });
    await expect(dates.getByText(/^Created by admin@upkeep\.test/)).toBeVisible();

    await section.getByRole('button', { name: /^Add services to / }).click();
    const menu = page.getByRole('dialog');
    for (const item of items) await menu.getByText(item.name, { exact: true }).click();
    await menu.getByRole('button', { name: 'Add services', exact: true }).click();
    await expect(menu).toBeHidden();
    const attached = section.getByRole('list', { name: /^Services on / });
    for (const item of items) await expect(attached.getByText(item.name)).toBeVisible();
    const changedBy = dates.getByText(/^Changed by admin@upkeep\.test/);
    await expect(changedBy).toBeVisible();
    await page.setViewportSize({ width: 1440, height: 900 });
    await changedBy.evaluate((line) => line.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: '.tmp/special-dates-changed-by-1440.png' });
    const locationLine = page
      .getByRole('region', { name: 'Manage Location' })
      .getByText(/^Created by admin@upkeep\.test/);
    await locationLine.evaluate((line) => line.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: '.tmp/manage-location-1440.png' });
    await checkA11y(page);

    await section.getByRole('button', { name: /^Remove special date / }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`Remove the special date ${year}/12/30 - ${year}/12/31`);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText(`Removed Special Date ${year}/12/30 - ${year}/12/31`)).toBeVisible();
    await expect(section.getByText('No special dates yet.')).toBeVisible();

    // The Undo goes to this section's flow: leaving the page takes its toast away with it.
    const undo = page.getByRole('button', { name: /^Undo: Removed Special Date / });
    await expect(undo).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: 'Users', exact: true }).click();
    await expect(page).toHaveURL(/\/users/);
    await expect(undo).toHaveCount(0);
  });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`a removed special date comes back with its services by the toast's Undo (${viewport.width} px)`, async ({
      page,
    }) => {
      const provider = await freshProvider(`Undo Spa ${viewport.width}`);
      const admin = await tokenOf(DEMO.admin);
      const year = new Date().getFullYear() + 1;
      let date = await postSpecialDate(admin, provider.locationId, `${year}/10/05`, `${year}/10/07`);
      const items = (await seedServiceItems(admin)).slice(0, 2);
      expect(items).toHaveLength(2);
      for (const item of items) {
        date = await api<{ id: number; version: number }>(admin, 'PUT', `/special-date/${date.id}`, {
          serviceItemId: item.id,
          version: date.version,
        });
      }
      const label = `${year}/10/05 - ${year}/10/07`;

      await page.setViewportSize(viewport);
      await page.goto(`/providers?provider=${provider.id}`);
      const section = page.getByRole('region', { name: 'Special Dates' });
      await section.getByRole('button', { name: /^Remove special date / }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
      await expect(page.getByText(`Removed Special Date ${label}`)).toBeVisible();
      await expect(section.getByText('No special dates yet.')).toBeVisible();
      const undo = page.getByRole('button', { name: `Undo: Removed Special Date ${label}` });
      await expect(undo).toBeVisible();
      await expect(undo).toHaveText('Undo');
      // The pointer rests on the toast, pausing it (as a person reading it would), so the checks below see it
      // however long the machine takes over them.
      const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ has: undo });
      await toast.hover();
      await checkA11y(page, 'removed special date toast');

      // The toast never covers the form's primary button (on a phone Save sits at the bottom, the toast over
      // the top bar).
      const save = page.getByRole('main').getByRole('button', { name: 'Save', exact: true });
      await expect(save).toBeVisible();
      const [toastBox, saveBox] = await Promise.all([toast.boundingBox(), save.boundingBox()]);
      if (!toastBox || !saveBox) throw new Error('the toast and Save are on screen');
      const overlaps =
        toastBox.x < saveBox.x + saveBox.width &&
        saveBox.x < toastBox.x + toastBox.width &&
        toastBox.y < saveBox.y + saveBox.height &&
        saveBox.y < toastBox.y + toastBox.height;
      expect(overlaps).toBe(false);

      // Undo by keyboard: the button is reachable and pressed with Enter.
      await undo.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByText(`Restored Special Date ${label} and its services.`)).toBeVisible();
      const attached = section.getByRole('list', { name: /^Services on / });
      for (const item of items) await expect(attached.getByText(item.name)).toBeVisible();
      await checkA11y(page, 'restored special date');

      await page.reload();
      for (const item of items) await expect(attached.getByText(item.name)).toBeVisible();
      const stored = await api<
        { startDate: string; endDate: string; specialDateServiceItems: { serviceItemId: number }[] }[]
      >(admin, 'GET', `/special-date/provider/${provider.locationId}`);
      expect(stored.map((entry) => [entry.startDate, entry.endDate])).toEqual([
        [`${year}/10/05`, `${year}/10/07`],
      ]);
      expect(stored[0]?.specialDateServiceItems.map((item) => item.serviceItemId).sort()).toEqual(
        items.map((item) => item.id).sort(),
      );
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);
    });
  }

  test('two windows on one special date: the second save shows the stale notice, and Reload keeps its choice', async ({
    page,
    browser,
  }) => {
    const provider = await freshProvider('Two Windows Spa');
    const admin = await tokenOf(DEMO.admin);
    const year = new Date().getFullYear() + 1;
    const date = await postSpecialDate(admin, provider.locationId, `${year}/11/02`, `${year}/11/03`);
    const [mine, theirs] = await seedServiceItems(admin);
    if (!mine || !theirs) throw new Error('the seed has service items');

    // This window opens the date's service menu and chooses a service.
    await page.goto(`/providers?provider=${provider.id}`);
    const section = page.getByRole('region', { name: 'Special Dates' });
    await section.getByRole('button', { name: /^Add services to / }).click();
    const menu = page.getByRole('dialog');
    await menu.getByText(mine.name, { exact: true }).click();

    // Another admin, in another window, adds a different service to the same date first.
    const other = await browser.newContext(adminSession);
    const otherPage = await other.newPage();
    await otherPage.goto(`/providers?provider=${provider.id}`);
    await otherPage
      .getByRole('region', { name: 'Special Dates' })
      .getByRole('button', { name: /^Add services to / })
      .click();
    const otherMenu = otherPage.getByRole('dialog');
    await otherMenu.getByText(theirs.name, { exact: true }).click();
    await otherMenu.getByRole('button', { name: 'Add services', exact: true }).click();
    await expect(otherPage.getByText('Added services to the special date.')).toBeVisible();
    await other.close();

    await menu.getByRole('button', { name: 'Add services', exact: true }).click();
    const notice = menu.getByRole('alert').filter({ hasText: STALE });
    await expect(notice).toBeVisible();
    await checkA11y(page, 'stale special date');
    await notice.getByRole('button', { name: 'Reload' }).click();
    await expect(notice).toBeHidden();
    // What this window chose is still chosen; the other window's service is now on the date.
    await expect(menu.getByRole('checkbox', { name: mine.name, exact: true })).toBeChecked();
    await expect(menu.getByText(theirs.name, { exact: true })).toHaveCount(0);
    await menu.getByRole('button', { name: 'Add services', exact: true }).click();
    await expect(menu).toBeHidden();
    const attached = section.getByRole('list', { name: /^Services on / });
    for (const item of [mine, theirs]) await expect(attached.getByText(item.name)).toBeVisible();

    const [stored] = (
      await api<{ id: number; version: number; specialDateServiceItems: { serviceItemId: number }[] }[]>(
        admin,
        'GET',
        `/special-date/provider/${provider.locationId}`,
      )
    ).filter((entry) => entry.id === date.id);
    expect(stored?.version).toBe(date.version + 2);
    expect(stored?.specialDateServiceItems.map((item) => item.serviceItemId).sort()).toEqual(
      [mine.id, theirs.id].sort(),
    );
  });

  test("lists this year's holidays with the renames, on by default", async ({ page }) => {
    const provider = await freshProvider('Holiday Spa');
    await page.goto(`/providers?provider=${provider.id}`);
    const holidays = page.getByRole('list', { name: 'Holidays' });
    const year = String(new Date().getFullYear());
    await expect(holidays.getByText("New Year's Eve")).toBeVisible();
    await expect(holidays.getByRole('listitem').filter({ hasText: 'Christmas Eve' })).toContainText(
      `Dec 25, ${year}`,
    );
    await expect(holidays.getByText("Mother's Day")).toBeVisible();
    await expect(holidays.getByText("New Year's Day")).toHaveCount(0);
    await expect(holidays.getByText('Christmas Day')).toHaveCount(0);
    for (const box of await holidays.getByRole('checkbox').all()) await expect(box).toBeChecked();
    await checkA11y(page);

    // The list is opt-out, by keyboard too.
    const toggle = page.getByRole('checkbox', { name: 'Holiday list' });
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(holidays).toBeHidden();
    await page.keyboard.press('Space');
    await expect(holidays).toBeVisible();
  });

  test('both sections fit a phone without sideways scrolling', async ({ page }) => {
    const provider = await freshProvider('Phone Spa');
    const year = new Date().getFullYear() + 1;
    await postSpecialDate(await tokenOf(DEMO.admin), provider.locationId, `${year}/11/02`, `${year}/11/02`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/providers?provider=${provider.id}`);
    await expect(page.getByRole('list', { name: 'Holidays' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update commission' })).toBeVisible();
    // Who made the location and the special date, each under its title.
    for (const [region, shot] of [
      [page.getByRole('region', { name: 'Manage Location' }), 'manage-location-390'],
      [page.getByRole('list', { name: 'Special dates' }), 'special-dates-390'],
    ] as const) {
      const createdBy = region.getByText(/^Created by admin@upkeep\.test/);
      await expect(createdBy).toBeVisible();
      await createdBy.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: `.tmp/${shot}.png` });
    }
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });

  test('a custom commission of 150 becomes 100, and is saved', async ({ page }) => {
    const provider = await freshProvider('Commission Clinic');
    await page.goto(`/providers?provider=${provider.id}`);
    const section = page.getByRole('region', { name: 'Commission and Fees' });
    const first = section.getByRole('combobox').first();
    await expect(first).toHaveValue('20');
    await first.selectOption('custom');
    const custom = section.getByLabel(/custom percentage/).first();
    await custom.fill('150');
    await expect(custom).toHaveValue('100');
    await custom.fill('-4');
    await expect(custom).toHaveValue('');
    await custom.fill('150');
    await section.getByRole('button', { name: 'Update commission' }).click();
    await expect(page.getByText('Saved commission and fees.')).toBeVisible();
    await checkA11y(page);

    await page.reload();
    await expect(section.getByLabel(/custom percentage/).first()).toHaveValue('100');
  });
});
