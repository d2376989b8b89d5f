/**
 * The appointments list's rows as people read them: on a phone (390 × 844) each appointment is a short card
 * (the start and its status on one line, the customer and the service on the next, the provider and its zone
 * muted under them), so six or more show on the first screen under the filters, none cut off or wider than
 * the screen, and the card opens the drawer with the rest (the customer's address); on a laptop a long
 * address is cut with an ellipsis and reads whole while the keyboard is on its row. Every record is this
 * file's own, made once for its tests: a provider in Los Angeles with eight bookings of one customer far enough
 * ahead (from 200 days) that they are the newest in the list, whatever other files book.
 */
import type { Locator, Page } from '@playwright/test';
import {
  ahead,
  api,
  checkA11y,
  expect,
  freshProvider,
  openAsAdmin,
  ownProvider,
  roundTheClock,
  signIn,
  test,
  tokenOf,
} from './fixtures';
import { adminSession } from './sessions';
import { DEMO } from './stack';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1440, height: 900 };
const BOOKINGS = 8;

interface Setup {
  email: string;
  customer: string;
  service: string;
  provider: string;
  providerAccount: { email: string; password: string };
}

async function setUp(): Promise<Setup> {
  const admin = await tokenOf(DEMO.admin);
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  // Names of an ordinary length: the stamp's last letters keep them apart from other runs'.
  const short = stamp.slice(-4);
  const category = await api<{ id: number }>(admin, 'POST', '/svc-category', { name: `List ${stamp}` });
  const service = `Hydrafacial ${short}`;
  const item = await api<{ id: number }>(admin, 'POST', '/svc-item', {
    name: service,
    serviceCategoryId: category.id,
    timeInMins: 30,
    priceInCents: 10_000,
  });
  const provider = `Sunset Skin Clinic ${short}`;
  const made = await ownProvider(provider, {
    streetAddress: '1 Main St',
    city: 'Los Angeles',
    state: 'CA',
    zip: '90012',
    timezone: 'America/Los_Angeles',
    coordinates: { lat: 34.05, lng: -118.24 },
  });
  await api(admin, 'POST', '/availabilities', {
    serviceCategory: { id: category.id },
    location: { id: made.locationId },
    timeslots: roundTheClock(),
  });
  // An address long enough to be cut in the laptop's table.
  const email = `leonora-listington-long-address-${stamp}@upkeep.test`;
  const user = await api<{ id: number }>(admin, 'POST', '/user/register', {
    email,
    firstName: 'Leonora',
    lastName: 'Listington',
    password: 'customer-password',
    phone: '555-0100',
    birthdate: '1990-04-05',
  });
  for (let day = 0; day < BOOKINGS; day++) {
    await api(admin, 'POST', '/appointments', {
      user: user.id,
      provider: made.id,
      serviceItemIds: [item.id],
      startDate: ahead(24 * (200 + day)),
      paymentMethod: 'SAVED_CARD',
    });
  }
  const providerAccount = await freshProvider('appointments-list', [made.id]);
  return { email, customer: 'Leonora Listington', service, provider, providerAccount };
}

/** The file's records, made once: its tests run one after another in one worker, and only read them. */
let made: Promise<Setup> | undefined;
const records = () => (made ??= setUp());

const table = (page: Page) => page.getByRole('table', { name: 'Appointments' });
const rows = (page: Page) => table(page).locator('tbody tr');
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Appointment' });

/** Each card's box, and whether anything in it is cut off or ends past the screen's right edge. */
async function cards(page: Page) {
  return rows(page).evaluateAll((all) =>
    all.map((row) => {
      const box = row.getBoundingClientRect();
      const overflowing = [row, ...row.querySelectorAll('*')].filter((node) => {
        const rect = node.getBoundingClientRect();
        const shown = rect.width > 0 && getComputedStyle(node).display !== 'none';
        return shown && (node.scrollWidth > node.clientWidth + 0.5 || rect.right > window.innerWidth + 0.5);
      });
      return {
        top: box.top,
        bottom: box.bottom,
        right: box.right,
        overflowing: overflowing.map((node) => `${node.tagName} "${node.textContent?.slice(0, 30)}"`),
      };
    }),
  );
}

/** The vertical middle of a part's box. */
async function middle(part: Locator) {
  const box = await part.boundingBox();
  if (!box) throw new Error('not shown');
  return box.y + box.height / 2;
}

/** Waits for the list to settle (skeleton rows gone, no new order or rows loading). */
async function settled(page: Page) {
  await expect(rows(page).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * Six or more cards wholly on the first screen, under the filters, each inside the screen's width with
 * nothing cut off; the page does not scroll sideways.
 */
async function sixOrMoreFit(page: Page) {
  const search = await page.getByLabel('Customer (name or email)').boundingBox();
  const shown = await cards(page);
  const whole = shown.filter((card) => card.top >= 0 && card.bottom <= PHONE.height);
  expect(whole.length, JSON.stringify(shown.slice(0, 8))).toBeGreaterThanOrEqual(6);
  expect(whole[0]?.top).toBeGreaterThan((search?.y ?? 0) + (search?.height ?? 0));
  for (const card of shown) {
    expect(card.right).toBeLessThanOrEqual(PHONE.width);
    expect(card.overflowing).toEqual([]);
  }
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
}

/** Opens the list at a size as the admin (whose stored session the tests start with). */
async function openAsAdminAt(page: Page, size: typeof PHONE, path = '/appointments') {
  await page.setViewportSize(size);
  await openAsAdmin(page);
  await page.goto(path);
  await settled(page);
}

test.describe('the appointments list, as an admin', () => {
  test.use(adminSession);

  test('on a phone each appointment is a short card: six or more on the first screen, nothing cut off', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const setup = await records();
    await openAsAdminAt(page, PHONE);
    await sixOrMoreFit(page);

    // The newest card is this file's: the start and the status badge share its first line, the customer
    // and the service its second, the provider (with the zone, as the rows' zones differ) the third.
    const card = rows(page).first();
    const start = card.getByRole('button', { name: /^Open the appointment of Leonora Listington/ });
    const status = card.getByText('Active', { exact: true });
    const customer = card.getByText(setup.customer, { exact: true });
    const service = card.getByText(setup.service, { exact: true });
    const provider = card.getByText(setup.provider);
    for (const part of [start, status, customer, service, provider]) await expect(part).toBeInViewport();
    expect(Math.abs((await middle(start)) - (await middle(status)))).toBeLessThan(4);
    expect(Math.abs((await middle(customer)) - (await middle(service)))).toBeLessThan(4);
    expect(await middle(customer)).toBeGreaterThan(await middle(start));
    expect(await middle(provider)).toBeGreaterThan(await middle(customer));
    // The Sort by choice sits beside its label, one row above the cards.
    expect(
      Math.abs(
        (await middle(page.getByText('Sort by', { exact: true }))) -
          (await middle(page.getByLabel('Sort by'))),
      ),
    ).toBeLessThan(4);
    // The address is the drawer's: not in the card, read in the drawer the card opens.
    await expect(card.getByText(setup.email, { exact: true })).toBeHidden();
    await checkA11y(page, '/appointments cards at 390 px');
    await page.screenshot({ path: '/tmp/appointments-list-390.png' });
    await card.click();
    await expect(drawer(page)).toContainText(setup.email);
    await expect(drawer(page)).toContainText(setup.service);
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();
  });

  test('on a laptop a long address is cut, and reads whole while the keyboard is on its row', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const setup = await records();
    await openAsAdminAt(page, LAPTOP, `/appointments?q=${encodeURIComponent(setup.email)}`);
    await expect(rows(page)).toHaveCount(BOOKINGS);
    const address = rows(page).first().getByText(setup.email, { exact: true });
    const cut = () => address.evaluate((node) => node.scrollWidth > node.clientWidth);
    // Cut with an ellipsis on one line, read in full on hover (its title).
    await expect(address).toHaveCSS('text-overflow', 'ellipsis');
    await expect(address).toHaveAttribute('title', setup.email);
    expect(await cut()).toBe(true);
    await checkA11y(page, '/appointments at 1440 px');
    await page.screenshot({ path: '/tmp/appointments-list-1440.png' });

    // The keyboard: from the table's Start header, one Tab reaches the first row's open button (the row's
    // only stop); the row's address then reads whole, and the next Tab goes on to the next row.
    const box = () =>
      rows(page)
        .first()
        .evaluate((row) => JSON.stringify(row.getBoundingClientRect()));
    const unfocused = await box();
    await table(page).getByRole('columnheader', { name: /Start/ }).getByRole('button').focus();
    await page.keyboard.press('Tab');
    const open = rows(page)
      .first()
      .getByRole('button', { name: /^Open the appointment of Leonora Listington/ });
    await expect(open).toBeFocused();
    // Drawn whole over the cells beside it (generated from its title, as wide as the whole address), so the
    // row keeps its place and size: nothing below it moves.
    await expect
      .poll(() =>
        address.evaluate((node) => {
          const whole = getComputedStyle(node, '::after');
          return whole.content !== 'none' && parseFloat(whole.width) >= node.scrollWidth;
        }),
      )
      .toBe(true);
    expect(await box()).toBe(unfocused);
    await expect(address).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: '/tmp/appointments-list-focus-1440.png' });
    await checkA11y(page, '/appointments with a row focused');
    await page.keyboard.press('Tab');
    await expect(
      rows(page)
        .nth(1)
        .getByRole('button', { name: /^Open the appointment of / }),
    ).toBeFocused();
    await expect.poll(cut).toBe(true);
    // A screen reader reads the whole address in the row, and Enter opens the drawer with it.
    await expect(rows(page).first()).toContainText(setup.email);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(drawer(page)).toContainText(setup.email);
  });
});

test('a provider’s cards on a phone: the one zone said above them, six or more on the first screen', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const setup = await records();
  await page.setViewportSize(PHONE);
  await page.goto('/login');
  await signIn(page, setup.providerAccount);
  await expect(page).toHaveURL(/\/provider\/overview/);
  await page.goto('/appointments');
  await settled(page);
  await expect(rows(page)).toHaveCount(BOOKINGS);
  await expect(page.getByText('Times are in Pacific Time (Los Angeles).', { exact: true })).toBeVisible();
  await expect(table(page)).not.toContainText('Pacific Time');
  await sixOrMoreFit(page);
  await checkA11y(page, '/appointments as a provider at 390 px');
  await page.screenshot({ path: '/tmp/appointments-list-provider-390.png' });
});
