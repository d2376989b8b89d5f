/**
 * Notifications (admins only; issue 30): a late cancellation and a receipt that cannot be sent, both made
 * over the API on a provider of this file's own, show in the inbox in plain words with their time; Mark
 * read moves one out of Unread, Dismiss takes one out with Undo, the link opens the booking's day in the
 * appointments workspace, and the page reads well at 1440 and 390 px. The sidebar's Notifications entry
 * carries the admin's unread count ("Notifications, 3 unread") and follows each read and dismiss.
 */
import type { Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { api, checkA11y, expect, openAsAdmin, test, tokenOf } from './fixtures';
import { adminSession } from './sessions';
import { DEMO, E2E } from './stack';

const ZONE = 'America/Los_Angeles';
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function roundTheClock() {
  const day = Array.from({ length: 96 }, (_, i) => ({
    time: `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`,
    checked: true,
  }));
  return Object.fromEntries(WEEKDAYS.map((name) => [name, day]));
}

/** A start on the 15-minute grid `hours` after now. */
function ahead(hours: number): string {
  const quarter = 15 * 60_000;
  const now = Temporal.Now.instant().epochMilliseconds;
  return Temporal.Instant.fromEpochMilliseconds(
    Math.ceil(now / quarter) * quarter + hours * 3_600_000,
  ).toString();
}

/** A provider with no billing contact and no provider users, an item, open hours and a customer. */
async function setUp() {
  const admin = await tokenOf(DEMO.admin);
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const category = await api<{ id: number }>(admin, 'POST', '/svc-category', { name: `Inbox ${stamp}` });
  const item = await api<{ id: number }>(admin, 'POST', '/svc-item', {
    name: `Inbox Facial ${stamp}`,
    serviceCategoryId: category.id,
    timeInMins: 30,
    priceInCents: 20_000,
  });
  const location = await api<{ id: number }>(admin, 'POST', '/locations', {
    streetAddress: '1 Main St',
    city: 'Los Angeles',
    state: 'CA',
    zip: '90012',
    country: 'US',
    timezone: ZONE,
    coordinates: { lat: 34.05, lng: -118.24 },
  });
  const providerName = `Inbox Spa ${stamp}`;
  const provider = await api<{ id: number }>(admin, 'POST', '/providers', {
    name: providerName,
    locationId: location.id,
    availableAfterDays: 0,
  });
  await api(admin, 'POST', '/availabilities', {
    serviceCategory: { id: category.id },
    location: { id: location.id },
    timeslots: roundTheClock(),
  });
  const user = await api<{ id: number }>(admin, 'POST', '/user/register', {
    email: `inbox-${stamp}@upkeep.test`,
    firstName: 'Nora',
    lastName: 'Inbox',
    password: 'customer-password',
    phone: '555-0100',
    birthdate: '1990-04-05',
  });
  const book = (hours: number) =>
    api<{ groupId: string }>(admin, 'POST', '/appointments', {
      user: user.id,
      provider: provider.id,
      serviceItemIds: [item.id],
      startDate: ahead(hours),
      paymentMethod: 'SAVED_CARD',
    });
  const late = await book(72);
  await api(admin, 'DELETE', `/appointments/${late.groupId}?refundOption=NO_REFUND&latecancelfee=true`);
  const receipt = await book(96);
  const refused = await fetch(`${E2E.apiUrl}/appointments/receipts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}` },
    body: JSON.stringify({ recipient: 'PROVIDER', groupId: receipt.groupId, provider: provider.id }),
  });
  expect(refused.status).toBe(409);
  return { providerId: provider.id, providerName };
}

/** The sidebar's Notifications entry named with the admin's unread count as the API now says it. */
async function expectSidebarCount(page: Page) {
  const admin = await tokenOf(DEMO.admin);
  const { unread } = await api<{ unread: number }>(admin, 'GET', '/notifications?filter=unread&limit=1');
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  const name = unread > 0 ? `Notifications, ${unread.toLocaleString('en-US')} unread` : 'Notifications';
  await expect(sidebar.getByRole('link', { name, exact: true })).toBeVisible();
  return unread;
}

const entries = (page: Page, providerName: string) =>
  page.getByTestId('notification').filter({ hasText: providerName });

test.describe('notifications', () => {
  test.use(adminSession);

  test('events show in the inbox; read, dismiss with Undo, the link; at both widths', async ({ page }) => {
    const { providerId, providerName } = await setUp();
    await openAsAdmin(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    // The two events just made are unread: the sidebar says so before the inbox opens.
    expect(await expectSidebarCount(page)).toBeGreaterThanOrEqual(2);
    await page.getByRole('link', { name: /^Notifications/ }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Unread/ })).toHaveAttribute('aria-pressed', 'true');

    const mine = entries(page, providerName);
    await expect(mine).toHaveCount(2);
    const receipt = mine.filter({ hasText: 'could not be sent' });
    const late = mine.filter({ hasText: 'cancelled late' });
    await expect(receipt).toContainText(
      `The receipt to the provider for Nora Inbox's booking at ${providerName} on`,
    );
    await expect(receipt).toContainText('there is no address to send it to.');
    await expect(receipt).toContainText('Receipt');
    await expect(late).toContainText(`Nora Inbox cancelled late: the booking at ${providerName} on`);
    await expect(late).toContainText('($100.00 late fee)');
    await expect(late.locator('time')).toContainText('just now');
    await checkA11y(page, '/notifications at 1440 px');
    await page.screenshot({ path: 'docs/screens/laptop-admin-notifications.png' });

    // Mark read: it leaves Unread (after a reload of the list), and All still shows it as read.
    const unreadBefore = await page.getByRole('button', { name: /^Unread/ }).textContent();
    await late.getByRole('button', { name: /^Mark read/ }).click();
    await expect(late.getByRole('button', { name: /^Mark unread/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Unread/ })).not.toHaveText(unreadBefore ?? '');
    const afterRead = await expectSidebarCount(page);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await expect(page).toHaveURL(/filter=all/);
    await expect(late).toHaveAttribute('data-unread', 'false');
    await page.getByRole('button', { name: /^Unread/ }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(mine).toHaveCount(1);

    // Dismiss, Undo puts it back; dismissed again, it stays gone after a reload.
    await receipt.getByRole('button', { name: /^Dismiss/ }).click();
    await expect(mine).toHaveCount(0);
    // Dismissed, it no longer waits to be read.
    expect(await expectSidebarCount(page)).toBe(afterRead - 1);
    await expect(page.getByText('Notification dismissed.')).toBeVisible();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(mine).toHaveCount(1);
    await expect(page.getByText('Notification dismissed.')).toBeHidden();
    await receipt.getByRole('button', { name: /^Dismiss/ }).click();
    await expect(page.getByText('Notification dismissed.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText('cancelled late');

    await page.setViewportSize({ width: 390, height: 844 });
    const box = await mine.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await checkA11y(page, '/notifications at 390 px');
    await page.screenshot({ path: 'docs/screens/phone-admin-notifications.png' });
    await page.setViewportSize({ width: 1440, height: 900 });

    await mine.getByRole('link', { name: 'Open appointment' }).click();
    await expect(page).toHaveURL(new RegExp(`/appointments\\?provider=${providerId}&from=`));
  });
});
