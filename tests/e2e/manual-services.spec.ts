/**
 * The manual service editor (02 §2 "Provider profile", "With a selected provider", Step 2 MANUAL; §3, §7, §8,
 * §9): a MANUAL provider ticks categories and sets 15-minute slots on /provider/profile and in the providers
 * panel's manage view, saves, reloads and sees them kept; a save behind someone else's shows the stale notice
 * and Reload keeps what was changed; leaving with unsaved changes asks first; wizard step 2's Get Started
 * saves what was ticked without a separate save, and a refused save keeps the step. Each test that writes
 * makes its own provider, so the seeded ones stay as other tests expect.
 */
import type { Locator, Page } from '@playwright/test';
import type { Availability } from '../../src/api/contract/onboarding';
import { AVAILABILITY_MESSAGES } from '../../src/domain/shared/messages';
import { RECORD_STALE_MESSAGE } from '../../src/api/contract/error-codes';
import {
  api,
  capture,
  checkA11y,
  expect,
  fillBusinessProfile,
  freshProvider,
  ownProvider,
  signIn,
  test,
  tokenOf,
} from './fixtures';
import { DEMO } from './stack';

const services = (page: Page) => page.getByRole('region', { name: 'Services' });
const category = (section: Locator, name: string) => section.getByRole('checkbox', { name, exact: true });
/** Ticks or un-ticks a category by its label, as a person does. */
const tick = (section: Locator, name: string) => section.getByText(name, { exact: true }).click();
const slot = (section: Locator, name: string) => section.getByRole('gridcell', { name, exact: true });

async function availabilityOf(locationId: number) {
  const admin = await tokenOf(DEMO.admin);
  return api<Availability[]>(admin, 'GET', `/availabilities?locationId=${locationId}`);
}

async function categoryId(name: string) {
  const admin = await tokenOf(DEMO.admin);
  const categories = await api<{ id: number; name: string }[]>(admin, 'GET', '/svc-category');
  const found = categories.find((each) => each.name === name);
  if (!found) throw new Error(`no category ${name}`);
  return found.id;
}

/** The stored slot of a category at a location, or undefined. */
async function storedSlot(locationId: number, categoryName: string, day: 'Monday' | 'Sunday', time: string) {
  const id = await categoryId(categoryName);
  const row = (await availabilityOf(locationId)).find((entry) => entry.serviceCategoryId === id);
  return row?.timeslots[day].find((each) => each.time === time)?.checked;
}

async function signInAs(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await signIn(page, account);
  await expect(page).not.toHaveURL(/\/login/);
}

/** Ticks Facials and Injectables, opens Monday 6:00 AM, closes Sunday 7:00 AM, saves, and waits for both toasts. */
async function editAndSave(page: Page) {
  const section = services(page);
  await expect(category(section, 'Facials')).not.toBeChecked();
  await tick(section, 'Facials');
  await tick(section, 'Injectables');
  await slot(section, 'Monday 6:00 AM').click();
  await slot(section, 'Sunday 7:00 AM').click();
  await expect(slot(section, 'Monday 6:00 AM')).toHaveAttribute('aria-selected', 'true');
  await expect(slot(section, 'Sunday 7:00 AM')).toHaveAttribute('aria-selected', 'false');
  await section.getByRole('button', { name: 'Save availability' }).click();
  await expect(page.getByText('Successfully saved availability for Facials')).toBeVisible();
  await expect(page.getByText('Successfully saved availability for Injectables')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Save availability' })).toBeDisabled();
}

async function expectKept(page: Page) {
  const section = services(page);
  await expect(category(section, 'Facials')).toBeChecked();
  await expect(category(section, 'Injectables')).toBeChecked();
  await expect(category(section, 'Body Contour')).not.toBeChecked();
  await expect(slot(section, 'Monday 6:00 AM')).toHaveAttribute('aria-selected', 'true');
  await expect(slot(section, 'Sunday 7:00 AM')).toHaveAttribute('aria-selected', 'false');
  await expect(slot(section, 'Monday 7:00 AM')).toHaveAttribute('aria-selected', 'true');
}

test('a MANUAL provider sets categories and slots on /provider/profile; a reload keeps them', async ({
  page,
}) => {
  const provider = await ownProvider(`Manual Profile ${Date.now()}`);
  await signInAs(page, await freshProvider('manual-profile', [provider.id]));
  await page.goto('/provider/profile');
  await expect(page.getByRole('heading', { level: 2, name: 'Services' })).toBeVisible();
  await expect(services(page).getByText(AVAILABILITY_MESSAGES.slotsPrompt)).toBeVisible();
  await expect(services(page).getByText(AVAILABILITY_MESSAGES.pickCategory)).toBeVisible();
  await checkA11y(page, 'provider profile, manual services');
  await editAndSave(page);
  await page.reload();
  await expectKept(page);
  expect(await storedSlot(provider.locationId, 'Facials', 'Monday', '06:00')).toBe(true);
  expect(await storedSlot(provider.locationId, 'Injectables', 'Sunday', '07:00')).toBe(false);

  // Un-ticking a category stores it offering no time; a reload shows it un-ticked.
  await tick(services(page), 'Injectables');
  await services(page).getByRole('button', { name: 'Save availability' }).click();
  await expect(page.getByText('Successfully saved availability for Injectables')).toBeVisible();
  await page.reload();
  await expect(category(services(page), 'Injectables')).not.toBeChecked();
  await expect(category(services(page), 'Facials')).toBeChecked();
  expect(await storedSlot(provider.locationId, 'Injectables', 'Monday', '07:00')).toBe(false);
});

test('the demo MANUAL provider’s profile shows the manual service editor', async ({ page }) => {
  await signInAs(page, DEMO.provider);
  await page.goto('/provider/profile');
  const section = services(page);
  await expect(category(section, 'Facials')).toBeVisible();
  await expect(section.getByRole('grid', { name: 'Weekly time slots' })).toBeVisible();
  await expect(page.getByText('The manual service editor comes later.')).toHaveCount(0);
});

test('an admin sets a MANUAL provider’s categories and slots in the manage view; a reload keeps them', async ({
  page,
}) => {
  const provider = await ownProvider(`Manual Manage ${Date.now()}`);
  await signInAs(page, DEMO.admin);
  await page.goto('/providers');
  await page.goto(`/providers?provider=${provider.id}`);
  await expect(category(services(page), 'Facials')).toBeVisible();
  await checkA11y(page, 'manage view, manual services');
  await editAndSave(page);
  await page.reload();
  await expectKept(page);
  expect(await storedSlot(provider.locationId, 'Injectables', 'Monday', '06:00')).toBe(true);
});

test('a save behind someone else’s shows the stale notice; Reload keeps what was changed', async ({
  page,
}) => {
  const provider = await ownProvider(`Manual Stale ${Date.now()}`);
  const admin = await tokenOf(DEMO.admin);
  const facials = await categoryId('Facials');
  const week = (time: string) => {
    const day = [{ time, checked: true }];
    return {
      Monday: day,
      Tuesday: day,
      Wednesday: day,
      Thursday: day,
      Friday: day,
      Saturday: day,
      Sunday: day,
    };
  };
  const created = await api<Availability>(admin, 'POST', '/availabilities', {
    serviceCategory: { id: facials },
    location: { id: provider.locationId },
    timeslots: week('09:00'),
  });
  await signInAs(page, DEMO.admin);
  await page.goto(`/providers?provider=${provider.id}`);
  const section = services(page);
  await expect(category(section, 'Facials')).toBeChecked();
  await expect(slot(section, 'Monday 9:00 AM')).toHaveAttribute('aria-selected', 'true');

  // Someone else saves the row after the page read it.
  await api(admin, 'PUT', `/availabilities/${created.id}`, {
    timeslots: week('10:00'),
    version: created.version,
  });

  await slot(section, 'Monday 6:00 AM').click();
  await section.getByRole('button', { name: 'Save availability' }).click();
  await expect(section.getByText(RECORD_STALE_MESSAGE)).toBeVisible();
  await checkA11y(page, 'manual services, stale notice');
  // Keep editing leaves the draft as it was.
  await section.getByRole('button', { name: 'Keep editing' }).click();
  await expect(section.getByText(RECORD_STALE_MESSAGE)).toHaveCount(0);
  await expect(slot(section, 'Monday 6:00 AM')).toHaveAttribute('aria-selected', 'true');
  await section.getByRole('button', { name: 'Save availability' }).click();
  await expect(section.getByText(RECORD_STALE_MESSAGE)).toBeVisible();
  // Reload: the grid changed here stays (the other save's week is under it), then the save goes through.
  await section.getByRole('button', { name: 'Reload' }).click();
  await expect(section.getByText(RECORD_STALE_MESSAGE)).toHaveCount(0);
  await expect(slot(section, 'Monday 6:00 AM')).toHaveAttribute('aria-selected', 'true');
  await section.getByRole('button', { name: 'Save availability' }).click();
  await expect(page.getByText('Successfully saved availability for Facials')).toBeVisible();
  expect(await storedSlot(provider.locationId, 'Facials', 'Monday', '06:00')).toBe(true);
  const [row] = await availabilityOf(provider.locationId);
  expect(row?.version).toBe(3);
});

test('leaving with unsaved availability asks first', async ({ page }) => {
  const provider = await ownProvider(`Manual Unsaved ${Date.now()}`);
  await signInAs(page, DEMO.admin);
  await page.goto(`/providers?provider=${provider.id}`);
  const section = services(page);
  await tick(section, 'Facials');
  await page.getByRole('button', { name: 'Exit' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  await expect(dialog).toContainText(AVAILABILITY_MESSAGES.unsaved);
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(category(section, 'Facials')).toBeChecked();
  await page.getByRole('button', { name: 'Exit' }).click();
  await dialog.getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(page).toHaveURL(/\/providers$/);
  expect(await availabilityOf(provider.locationId)).toEqual([]);
});

test('switching provider on the profile asks once for unsaved availability and details together', async ({
  page,
}) => {
  const stamp = Date.now();
  const first = await ownProvider(`Manual Switch A ${stamp}`);
  const second = await ownProvider(`Manual Switch B ${stamp}`);
  await signInAs(page, await freshProvider('manual-switch', [first.id, second.id]));
  await page.goto(`/provider/profile?provider=${first.id}`);
  const section = services(page);
  const switcher = page.getByLabel('Switch Provider');
  const dialog = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(
    `Manual Switch A ${stamp}`,
  );

  // Unsaved availability alone: switching asks in its words; Stay keeps the tick and the provider.
  await tick(section, 'Facials');
  await switcher.selectOption({ label: `Manual Switch B ${stamp}` });
  await expect(dialog).toContainText(AVAILABILITY_MESSAGES.unsaved);
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(category(section, 'Facials')).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(
    `Manual Switch A ${stamp}`,
  );

  // Availability and details both unsaved: one question, then Discard switches and nothing was stored.
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Not saved either');
  await switcher.selectOption({ label: `Manual Switch B ${stamp}` });
  await expect(dialog).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(
    `Manual Switch B ${stamp}`,
  );
  expect(await availabilityOf(first.locationId)).toEqual([]);
});

test.describe('wizard step 2 for MANUAL', () => {
  async function reachStepTwo(page: Page, name: string) {
    await signInAs(page, await freshProvider('manual-wizard'));
    await page.goto('/provider/onboarding');
    await page.getByLabel('Manual (books in Upkeep)', { exact: true }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await fillBusinessProfile(page, name);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=2/);
    await expect(page.getByRole('grid', { name: 'Weekly time slots' })).toBeVisible();
    const admin = await tokenOf(DEMO.admin);
    const locations = await api<{ id: number; name: string | null }[]>(admin, 'GET', '/locations');
    const location = locations.find((each) => each.name === name);
    if (!location) throw new Error(`no location ${name}`);
    return location.id;
  }

  test('Get Started keeps the ticked category and slots without a separate save', async ({ page }) => {
    const name = `Get Started ${Date.now()}`;
    const locationId = await reachStepTwo(page, name);
    await page.getByText('Facials', { exact: true }).click();
    await page.getByRole('gridcell', { name: 'Monday 6:00 AM' }).click();
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page.getByText("You've completed the onboarding process.")).toBeVisible();
    await expect(page.getByText('Successfully saved availability for Facials')).toBeVisible();
    expect(await storedSlot(locationId, 'Facials', 'Monday', '06:00')).toBe(true);
    // Back to step 2: the category and the slot are there.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('checkbox', { name: 'Facials' })).toBeChecked();
    await expect(page.getByRole('gridcell', { name: 'Monday 6:00 AM' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test('a refused save keeps step 2 with its error and what was ticked', async ({ page }) => {
    const name = `Refused ${Date.now()}`;
    const locationId = await reachStepTwo(page, name);
    await page.route(/\/availabilities$/, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              code: 'request/invalid-body',
              message: 'Monday has at most 96 slots',
              field: 'timeslots',
            }),
          })
        : route.continue(),
    );
    await page.getByText('Facials', { exact: true }).click();
    await page.getByRole('gridcell', { name: 'Monday 6:00 AM' }).click();
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Monday has at most 96 slots' })).toBeVisible();
    await expect(page).toHaveURL(/step=2/);
    await expect(page.getByRole('checkbox', { name: 'Facials' })).toBeChecked();
    await expect(page.getByRole('gridcell', { name: 'Monday 6:00 AM' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await checkA11y(page, 'wizard step 2, refused save');
    await page.unroute(/\/availabilities$/);
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page.getByText("You've completed the onboarding process.")).toBeVisible();
    expect(await storedSlot(locationId, 'Facials', 'Monday', '06:00')).toBe(true);
  });
});

test('the manual service editor fits 390 px and 1440 px screens', async ({ page }) => {
  const provider = await ownProvider(`Manual Widths ${Date.now()}`);
  await signInAs(page, await freshProvider('manual-widths', [provider.id]));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/provider/profile');
  const section = services(page);
  await expect(section.getByRole('grid', { name: 'Weekly time slots' })).toBeVisible();
  await tick(section, 'Facials');
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await section.scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The rows read times as the hour pickers do ("7:00 AM"), never the stored "7:00am".
    const grid = section.getByRole('grid', { name: 'Weekly time slots' });
    await expect(grid.getByRole('rowheader').first()).toHaveText('6:00 AM');
    await expect(grid.getByRole('rowheader', { name: '1:00 PM', exact: true })).toHaveCount(1);
    await expect(grid.getByRole('rowheader').filter({ hasText: /\d(am|pm)$/ })).toHaveCount(0);
    await checkA11y(page, `manual service editor at ${width} px`);
    await capture(section, test.info().outputPath(`manual-services-${width}.png`));
  }
  await tick(section, 'Facials');
  await expect(section.getByRole('button', { name: 'Save availability' })).toBeDisabled();
});
