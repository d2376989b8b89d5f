/**
 * The appointments workspace (/appointments): an admin filters by customer, status, provider and day (the
 * filters stay in the URL across a reload), opens a row's drawer and changes its status there (undone once
 * from the toast, then again); a provider sees only their own providers' appointments. Every record is this
 * file's own: two providers (Los Angeles and New York), a customer with an address of this run, bookings
 * three to five days ahead of the real clock; each test searches by that customer, so the demo data and
 * other files' bookings never get in.
 */
import type { Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { PROVIDER_MESSAGES } from '../../src/domain/shared/messages';
import {
  ahead,
  api,
  checkA11y,
  expect,
  freshProvider,
  openAsAdmin,
  roundTheClock,
  signIn,
  test,
  tokenOf,
} from './fixtures';
import { adminSession } from './sessions';
import { DEMO } from './stack';

const dayIn = (instant: string, zone: string) =>
  Temporal.Instant.from(instant).toZonedDateTimeISO(zone).toPlainDate().toString();

interface Booked {
  id: number;
  groupId: string;
}

interface Setup {
  stamp: string;
  email: string;
  west: { id: number; name: string };
  east: { id: number; name: string };
  /** Los Angeles: Botox 3 days ahead (made Completed), Facial 4 days ahead; New York: Peel 5 days ahead. */
  starts: { botox: string; facial: string; peel: string };
  westAccount: { email: string; password: string };
}

async function setUp(): Promise<Setup> {
  const admin = await tokenOf(DEMO.admin);
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const category = await api<{ id: number }>(admin, 'POST', '/svc-category', { name: `Workspace ${stamp}` });
  const item = async (name: string) =>
    (
      await api<{ id: number }>(admin, 'POST', '/svc-item', {
        name: `${name} ${stamp}`,
        serviceCategoryId: category.id,
        timeInMins: 30,
        priceInCents: 10_000,
      })
    ).id;
  const items = { botox: await item('Botox'), facial: await item('Facial'), peel: await item('Peel') };
  const provider = async (
    label: string,
    place: [string, string, string],
    timezone: string,
    lat: number,
    lng: number,
  ) => {
    const [city, state, zip] = place;
    const location = await api<{ id: number }>(admin, 'POST', '/locations', {
      streetAddress: '1 Main St',
      city,
      state,
      zip,
      country: 'US',
      timezone,
      coordinates: { lat, lng },
    });
    const name = `${label} ${stamp}`;
    const made = await api<{ id: number }>(admin, 'POST', '/providers', {
      name,
      locationId: location.id,
      availableAfterDays: 0,
    });
    await api(admin, 'POST', '/availabilities', {
      serviceCategory: { id: category.id },
      location: { id: location.id },
      timeslots: roundTheClock(),
    });
    return { id: made.id, name };
  };
  const west = await provider(
    'West Spa',
    ['Los Angeles', 'CA', '90012'],
    'America/Los_Angeles',
    34.05,
    -118.24,
  );
  const east = await provider('East Spa', ['New York', 'NY', '10001'], 'America/New_York', 40.75, -73.99);
  const email = `workspace-${stamp}@upkeep.test`;
  const user = await api<{ id: number }>(admin, 'POST', '/user/register', {
    email,
    firstName: 'Wren',
    lastName: 'Workspace',
    password: 'customer-password',
    phone: '555-0100',
    birthdate: '1990-04-05',
  });
  const book = (providerId: number, itemId: number, startDate: string) =>
    api<Booked>(admin, 'POST', '/appointments', {
      user: user.id,
      provider: providerId,
      serviceItemIds: [itemId],
      startDate,
      paymentMethod: 'SAVED_CARD',
    });
  const zones = ['America/Los_Angeles', 'America/New_York'];
  const starts = { botox: ahead(72, zones), facial: ahead(96, zones), peel: ahead(120, zones) };
  const botox = await book(west.id, items.botox, starts.botox);
  await book(west.id, items.facial, starts.facial);
  await book(east.id, items.peel, starts.peel);
  await api(admin, 'PUT', `/appointments/${botox.id}`, { status: 'COMPLETED' });
  const westAccount = await freshProvider('workspace-west', [west.id]);
  return { stamp, email, west, east, starts, westAccount };
}

const table = (page: Page) => page.getByRole('table', { name: 'Appointments' });
const rows = (page: Page) => table(page).locator('tbody tr');
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Appointment' });

async function searchCustomer(page: Page, email: string) {
  await page.getByLabel('Customer (name or email)').fill(email);
  await page.getByLabel('Customer (name or email)').press('Enter');
  await expect(page).toHaveURL(/q=workspace-/);
}

test.describe('appointments workspace, as an admin', () => {
  test.use(adminSession);

  test('filters by customer, status, provider and day; the URL keeps them; a row’s drawer changes its status', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const setup = await setUp();
    await openAsAdmin(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Appointments' }).click();
    await expect(page).toHaveURL(/\/appointments$/);
    await expect(page.getByRole('heading', { name: 'Appointments', level: 1 })).toBeVisible();

    await searchCustomer(page, setup.email);
    // Newest start first: the New York peel, the facial, the botox.
    await expect(rows(page)).toHaveCount(3);
    await expect(rows(page).nth(0)).toContainText(`Peel ${setup.stamp}`);
    await expect(rows(page).nth(0)).toContainText(setup.east.name);
    // Rows in two zones each name their own; no zone is said above them.
    await expect(rows(page).nth(0)).toContainText('Eastern Time (New York)');
    await expect(rows(page).nth(1)).toContainText('Pacific Time (Los Angeles)');
    await expect(page.getByText(/^Times are in /)).toHaveCount(0);
    await expect(rows(page).nth(2)).toContainText(`Botox ${setup.stamp}`);
    await expect(rows(page).nth(2)).toContainText('Completed');
    await expect(rows(page).nth(1)).toContainText('Active');
    await expect(page.getByText('Showing all 3')).toBeVisible();

    await page.getByLabel('Status').selectOption({ label: 'Completed' });
    await expect(page).toHaveURL(/status=COMPLETED/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(`Botox ${setup.stamp}`);
    // The filters stay across a reload.
    await page.reload();
    await expect(page.getByLabel('Status')).toHaveValue('COMPLETED');
    await expect(page.getByLabel('Customer (name or email)')).toHaveValue(setup.email);
    await expect(rows(page)).toHaveCount(1);

    await page.getByLabel('Status').selectOption({ label: 'Every status' });
    await page.getByLabel('Provider').selectOption({ label: setup.east.name });
    await expect(page).toHaveURL(new RegExp(`provider=${setup.east.id}`));
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(`Peel ${setup.stamp}`);

    // The facial's day where it is (Los Angeles): that day alone.
    await page.getByLabel('Provider').selectOption({ label: 'Every provider' });
    const facialDay = dayIn(setup.starts.facial, 'America/Los_Angeles');
    await page.getByLabel('From', { exact: true }).fill(facialDay);
    await page.getByLabel('To', { exact: true }).fill(facialDay);
    await expect(page).toHaveURL(
      new RegExp(`from=${facialDay}.*to=${facialDay}|to=${facialDay}.*from=${facialDay}`),
    );
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(`Facial ${setup.stamp}`);
    // Rows sharing one zone: it is said once, above the list, and no row repeats it.
    await expect(page.getByText('Times are in Pacific Time (Los Angeles).', { exact: true })).toBeVisible();
    await expect(table(page)).not.toContainText('Pacific Time');
    await checkA11y(page, '/appointments at 1440 px');
    await page.screenshot({ path: '.tmp/appointments-workspace-1440.png', fullPage: true });

    // A day with none of them: No appointments, with Clear filters.
    await page.getByLabel('From', { exact: true }).fill('2001-01-01');
    await page.getByLabel('To', { exact: true }).fill('2001-01-01');
    await expect(page.getByText(PROVIDER_MESSAGES.noAppointments, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).last().click();
    await expect(page).toHaveURL(/\/appointments$/);
    await expect(page.getByLabel('Customer (name or email)')).toHaveValue('');
    await searchCustomer(page, setup.email);
    await expect(rows(page)).toHaveCount(3);

    // The facial's drawer: the dashboard's drawer and tools; a new status shows in the row.
    const openFacial = async () => {
      await rows(page)
        .nth(1)
        .getByRole('button', { name: /^Open the appointment of Wren Workspace/ })
        .click();
      await expect(drawer(page)).toBeVisible();
      await expect(drawer(page)).toContainText(setup.email);
    };
    await openFacial();
    const picker = drawer(page).getByRole('combobox', { name: 'Status' });
    await expect(picker).toHaveValue('ACTIVE');
    // Booked by the admin over the API: the drawer says so under its title, and says who changed it after.
    await expect(drawer(page).getByText(/^Created by admin@upkeep\.test/)).toBeVisible();
    await picker.selectOption('FILMING');
    await expect(page.getByText(PROVIDER_MESSAGES.appointmentUpdated, { exact: true }).first()).toBeVisible();
    await expect(picker).toHaveValue('FILMING');
    await expect(drawer(page).getByText(/^Changed by admin@upkeep\.test/)).toBeVisible();
    // The toast's Undo puts Active back (and its own toast offers no Undo again); the row shows it too.
    await page.getByRole('button', { name: `Undo: ${PROVIDER_MESSAGES.appointmentUpdated}` }).click();
    const back = PROVIDER_MESSAGES.statusChangedBack('Active');
    await expect(page.getByText(back, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Undo: ${back}` })).toHaveCount(0);
    await expect(picker).toHaveValue('ACTIVE');
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();
    await expect(rows(page).nth(1)).toContainText('Active');
    await expect(rows(page).nth(1)).not.toContainText('Filming');
    await openFacial();
    await expect(picker).toHaveValue('ACTIVE');
    await picker.selectOption('FILMING');
    await expect(page.getByText(PROVIDER_MESSAGES.appointmentUpdated, { exact: true }).first()).toBeVisible();
    await expect(picker).toHaveValue('FILMING');
    await expect(drawer(page).getByRole('button', { name: 'Cancel Appointment' })).toBeVisible();
    await page.screenshot({ path: '.tmp/appointments-workspace-drawer-1440.png' });
    // The list behind reads the change again, dimmed while it does: the check waits for it to settle (the
    // table is hidden from the accessibility tree under the drawer, so it is found by its label).
    await expect(page.locator('table[aria-label="Appointments"]')).not.toHaveAttribute('aria-busy', 'true');
    await checkA11y(page, 'the workspace drawer');
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();
    await expect(rows(page).nth(1)).toContainText('Filming');

    // On a phone each appointment is a card that fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(rows(page).first().locator('td').first()).toBeVisible();
    const box = await rows(page).first().boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await checkA11y(page, '/appointments at 390 px');
    await page.screenshot({ path: '.tmp/appointments-workspace-390.png', fullPage: true });
    await rows(page).nth(2).click();
    await expect(drawer(page)).toContainText(`Botox ${setup.stamp}`);
    await page.screenshot({ path: '.tmp/appointments-workspace-drawer-390.png' });
  });
});

test('a provider sees only their own providers’ appointments, and no provider filter', async ({ page }) => {
  test.setTimeout(120_000);
  const setup = await setUp();
  await page.goto('/login');
  await signIn(page, setup.westAccount);
  await expect(page).toHaveURL(/\/provider\/overview/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Appointments' }).click();
  await expect(page).toHaveURL(/\/appointments$/);
  await searchCustomer(page, setup.email);
  await expect(rows(page)).toHaveCount(2);
  await expect(table(page)).not.toContainText(setup.east.name);
  await expect(table(page)).not.toContainText(`Peel ${setup.stamp}`);
  await expect(page.getByLabel('Provider')).toHaveCount(0);
  // Another provider named in the address is not theirs: their own list still.
  await page.goto(`/appointments?q=${encodeURIComponent(setup.email)}&provider=${setup.east.id}`);
  await expect(rows(page)).toHaveCount(2);
  await checkA11y(page, '/appointments as a provider');

  // A customer's address stays on one line, cut with an ellipsis past its width and read in full on hover
  // (its title), never broken mid-word.
  const address = rows(page).first().getByTitle(setup.email, { exact: true });
  await expect(address).toHaveCSS('white-space', 'nowrap');
  await expect(address).toHaveCSS('text-overflow', 'ellipsis');
  const line = await address.evaluate((element) => ({
    height: element.getBoundingClientRect().height,
    lineHeight: parseFloat(getComputedStyle(element).lineHeight),
  }));
  expect(line.height).toBeLessThanOrEqual(line.lineHeight + 1);

  // On a phone the one zone is said once, and the card leaves the address to the drawer it opens.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText('Times are in Pacific Time (Los Angeles).', { exact: true })).toBeVisible();
  await expect(table(page)).not.toContainText('Pacific Time');
  await expect(address).toBeHidden();
  await checkA11y(page, '/appointments as a provider at 390 px');
  await page.screenshot({ path: '.tmp/appointments-provider-390.png', fullPage: true });
  await rows(page).first().click();
  await expect(drawer(page)).toContainText(setup.email);
});
