/**
 * Appointment operations (02 §2, §4, §5, §6; issue 17): as a provider, change a status, try to cancel
 * (warning) and meet the 24-hour rule on both sides; create an appointment (provider variant). As an admin,
 * cancel with the late fee (LATE_CANCELLED) and without (CANCELLED), send a receipt, ask why a time is
 * closed, reschedule to an offered slot and create an appointment for a user made on the spot. Every
 * record is this file's own: a provider at a Los Angeles location open around the clock, its service items
 * and a customer, all made over the API; appointments 2 hours and 3 days ahead of the real clock.
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
  roundTheClock,
  signIn,
  test,
  tokenOf,
} from './fixtures';
import { DEMO } from './stack';

const ZONE = 'America/Los_Angeles';
interface Setup {
  providerId: number;
  providerName: string;
  items: Record<string, number>;
  userId: number;
  providerAccount: { email: string; password: string };
}

async function setUp(label: string, names: string[]): Promise<Setup> {
  const admin = await tokenOf(DEMO.admin);
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const category = await api<{ id: number }>(admin, 'POST', '/svc-category', { name: `${label} ${stamp}` });
  const items: Record<string, number> = {};
  for (const name of names) {
    const item = await api<{ id: number }>(admin, 'POST', '/svc-item', {
      name: `${name} ${stamp}`,
      serviceCategoryId: category.id,
      timeInMins: 30,
      priceInCents: 20_000,
    });
    items[name] = item.id;
  }
  const location = await api<{ id: number }>(admin, 'POST', '/locations', {
    streetAddress: '200 N Spring St',
    city: 'Los Angeles',
    state: 'CA',
    zip: '90012',
    country: 'US',
    timezone: ZONE,
    coordinates: { lat: 34.05, lng: -118.24 },
  });
  const providerName = `${label} ${stamp}`;
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
    email: `customer-${stamp}@upkeep.test`,
    firstName: 'Casey',
    lastName: 'Customer',
    password: 'customer-password',
    phone: '+12065550100',
    birthdate: '1990-04-05',
  });
  const providerAccount = await freshProvider(label.toLowerCase().replaceAll(' ', '-'), [provider.id]);
  return { providerId: provider.id, providerName, items, userId: user.id, providerAccount };
}

async function book(setup: Setup, item: string, startDate: string) {
  const admin = await tokenOf(DEMO.admin);
  return api<{ id: number; groupId: string }>(admin, 'POST', '/appointments', {
    user: setup.userId,
    provider: setup.providerId,
    serviceItemIds: [setup.items[item]],
    startDate,
    paymentMethod: 'SAVED_CARD',
  });
}

const upcoming = (page: Page) => page.getByRole('list', { name: 'Upcoming appointments' });
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Appointment' });
const statusPicker = (page: Page) => drawer(page).getByRole('combobox', { name: 'Status' });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function openAppointment(page: Page, name: RegExp) {
  await upcoming(page).getByRole('button', { name }).click();
  await expect(drawer(page)).toBeVisible();
}

/** Closes the drawer (a rescheduled booking's rows are new, so its drawer may have closed already). */
async function closeDrawer(page: Page) {
  await page.keyboard.press('Escape');
  await expect(drawer(page)).toBeHidden();
}

async function viewAsProvider(page: Page, providerName: string) {
  await page.goto('/login');
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/services/);
  await page.goto('/provider/overview');
  await page.getByLabel('Provider', { exact: true }).selectOption({ label: providerName });
  await page.getByRole('button', { name: 'View as provider' }).click();
  await expect(page.getByRole('button', { name: 'View As Admin' })).toBeVisible();
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `.tmp/shots/appointments-${name}.png` });
}

test('a provider changes a status, is told to contact support to cancel, and meets the 24-hour rule', async ({
  page,
}) => {
  const setup = await setUp('Status Spa', ['Far', 'Near', 'Booked']);
  await book(setup, 'Far', ahead(72));
  await book(setup, 'Near', ahead(2));

  await page.goto('/login');
  await signIn(page, setup.providerAccount);
  await expect(page).toHaveURL(/\/provider\/overview/);

  // Three days ahead: CANCELLED is an option, but choosing it only warns; COMPLETED saves.
  await openAppointment(page, /^Far /);
  await expect(statusPicker(page)).toHaveValue('ACTIVE');
  await expect(statusPicker(page).locator('option[value="CANCELLED"]')).toBeEnabled();
  await expect(statusPicker(page).locator('option[value="LATE_CANCELLED"]')).toBeDisabled();
  await expect(drawer(page).getByRole('button', { name: 'Cancel Appointment' })).toHaveCount(0);
  await statusPicker(page).selectOption('CANCELLED');
  await expect(toast(page, PROVIDER_MESSAGES.contactSupportToCancel)).toBeVisible();
  await expect(statusPicker(page)).toHaveValue('ACTIVE');
  await statusPicker(page).selectOption('COMPLETED');
  await expect(toast(page, PROVIDER_MESSAGES.appointmentUpdated)).toBeVisible();
  await expect(statusPicker(page)).toHaveValue('COMPLETED');
  await checkA11y(page, 'appointment drawer with the status picker');
  await closeDrawer(page);

  // Two hours ahead: CANCELLED is disabled.
  await openAppointment(page, /^Near /);
  await expect(statusPicker(page).locator('option[value="CANCELLED"]')).toBeDisabled();
  await expect(statusPicker(page).locator('option[value="LATE_CANCELLED"]')).toBeDisabled();
  await closeDrawer(page);

  // Create Appointment, provider variant: the customer typed in, a start among the open slots.
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Appointment' });
  // The provider's own variant has no provider to choose, and does not ask for one.
  await expect(dialog.getByText('Choose service items to see the open times.')).toBeVisible();
  await expect(dialog.getByText(/provider/i)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create Appointment' }).click();
  await expect(dialog.getByText('Email is required')).toBeVisible();
  await expect(dialog.getByText('Choose at least one service item')).toBeVisible();
  await dialog.getByLabel('Email').fill(`walk-in-${Date.now()}@upkeep.test`);
  await dialog.getByLabel('First name').fill('Wanda');
  await dialog.getByLabel('Last name').fill('Walkin');
  await dialog.getByLabel('Birth date').fill('1988-07-09');
  await dialog.getByLabel('Phone').fill('555-0199');
  await dialog.getByRole('checkbox', { name: /^Booked / }).check({ force: true });
  const firstSlot = dialog.getByRole('group').getByRole('button').first();
  await expect(firstSlot).toBeVisible();
  await firstSlot.click();
  await expect(firstSlot).toHaveAttribute('aria-pressed', 'true');
  await checkA11y(page, 'Create Appointment, provider variant');
  await shoot(page, 'create-provider-1440');
  await dialog.getByRole('button', { name: 'Create Appointment' }).click();
  await expect(toast(page, PROVIDER_MESSAGES.appointmentCreated)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(upcoming(page).getByRole('button', { name: /^Booked / })).toBeVisible();
});

test('an admin cancels with the late fee and without, sends a receipt and asks why a time is closed', async ({
  page,
}) => {
  const setup = await setUp('Cancel Spa', ['Late', 'Plain']);
  const lateStart = ahead(74);
  await book(setup, 'Late', lateStart);
  await book(setup, 'Plain', ahead(3));
  await viewAsProvider(page, setup.providerName);
  const cancel = page.getByRole('alertdialog', { name: 'Cancel Appointment' });

  await openAppointment(page, /^Plain /);
  // The customer's phone, stored with its +1, reads as every screen writes a US number.
  await expect(drawer(page).getByText('(206) 555-0100', { exact: true })).toBeVisible();
  // Why is the other booking's time closed? It is taken, and the answer says by what.
  const lateLocal = Temporal.Instant.from(lateStart).toZonedDateTimeISO(ZONE);
  await drawer(page)
    .getByLabel('Time, Pacific Time (Los Angeles)')
    .fill(lateLocal.toPlainDateTime().toString().slice(0, 16));
  await drawer(page).getByRole('button', { name: 'Ask' }).click();
  await expect(drawer(page).getByText(/^taken by an appointment \d{2}:\d{2}–\d{2}:\d{2}$/)).toBeVisible();
  // A receipt, to Upkeep support: with no mail service it is recorded, and the drawer lists it.
  const receipts = drawer(page).getByRole('region', { name: 'Receipts sent' });
  await expect(receipts.getByText('No receipt has been sent for this appointment.')).toBeVisible();
  await drawer(page).getByLabel('Receipt to').selectOption('UPKEEP_SUPPORT');
  await drawer(page).getByRole('button', { name: 'Send Receipt' }).click();
  await expect(toast(page, PROVIDER_MESSAGES.receiptSent)).toBeVisible();
  await expect(receipts.getByRole('listitem')).toHaveCount(1);
  await expect(receipts.getByRole('listitem')).toContainText('Upkeep support');
  await expect(receipts.getByRole('listitem')).toContainText('Recorded (no mail service configured)');
  await checkA11y(page, 'drawer with the admin tools');
  // Without the fee, three hours ahead: CANCELLED.
  await drawer(page).getByRole('button', { name: 'Cancel Appointment' }).click();
  await cancel.getByLabel('Late charges').selectOption('none');
  await expect(cancel.getByText('The customer is refunded $200.00 and charged no late fee.')).toBeVisible();
  await cancel.getByRole('button', { name: 'Cancel Appointment' }).click();
  await expect(toast(page, PROVIDER_MESSAGES.appointmentCancelled)).toBeVisible();
  // Cancelled, it leaves Upcoming, and its drawer with it.
  await expect(upcoming(page).getByRole('button', { name: /^Plain / })).toHaveCount(0);
  await expect(drawer(page)).toBeHidden();

  // With the late fee (the default): LATE_CANCELLED, after saying what the customer gets back and pays.
  await openAppointment(page, /^Late /);
  await drawer(page).getByRole('button', { name: 'Cancel Appointment' }).click();
  await expect(cancel.getByLabel('Late charges')).toHaveValue('fee');
  await expect(
    cancel.getByText(/^The customer is refunded \$\d+\.\d{2} and charged a \$\d+\.\d{2} late fee\.$/),
  ).toBeVisible();
  await cancel.getByLabel('Cancel option').selectOption('CREDIT_POINTS');
  await expect(cancel.getByText(/credit points in their account/)).toBeVisible();
  await checkA11y(page, 'cancel dialog');
  await shoot(page, 'cancel-1440');
  await cancel.getByRole('button', { name: 'Cancel Appointment' }).click();
  await expect(toast(page, PROVIDER_MESSAGES.appointmentCancelled)).toBeVisible();

  const admin = await tokenOf(DEMO.admin);
  const list = await api<{ serviceItemDisplayName: string; status: string }[]>(
    admin,
    'GET',
    `/appointments?provider=${setup.providerId}`,
  );
  const statusOf = (prefix: string) => list.find((a) => a.serviceItemDisplayName.startsWith(prefix))?.status;
  expect(statusOf('Late ')).toBe('LATE_CANCELLED');
  expect(statusOf('Plain ')).toBe('CANCELLED');
});

test('an admin reschedules to an offered slot and books for a user made on the spot', async ({ page }) => {
  test.setTimeout(90_000);
  const setup = await setUp('Move Spa', ['Moved', 'Added']);
  const from = ahead(96);
  await book(setup, 'Moved', from);
  await viewAsProvider(page, setup.providerName);

  await openAppointment(page, /^Moved /);
  await drawer(page).getByRole('button', { name: 'Update Appointment' }).click();
  const update = page.getByRole('dialog', { name: 'Update Appointment' });
  // Its own time is offered (its own booking does not block it) and chosen; pick the next slot instead.
  const chosen = update.getByRole('button', { pressed: true });
  await expect(chosen).toHaveCount(1);
  const slots = update.getByRole('group').getByRole('button');
  const all = await slots.allTextContents();
  const own = (await chosen.textContent()) ?? '';
  const target = all[all.indexOf(own) + 1] ?? '';
  await update.getByRole('group').getByRole('button', { name: target, exact: true }).first().click();
  await checkA11y(page, 'Update Appointment');
  await update.getByRole('button', { name: 'Update Appointment' }).click();
  await expect(toast(page, PROVIDER_MESSAGES.updatedAppointment)).toBeVisible();
  await expect(update).toBeHidden();
  const admin = await tokenOf(DEMO.admin);
  const after = await api<{ serviceItemDisplayName: string; startDate: string }[]>(
    admin,
    'GET',
    `/appointments?provider=${setup.providerId}`,
  );
  const moved = after.find((a) => a.serviceItemDisplayName.startsWith('Moved '));
  expect(
    Temporal.Instant.compare(Temporal.Instant.from(moved?.startDate ?? from), Temporal.Instant.from(from)),
  ).toBe(1);
  await closeDrawer(page);

  // Create Appointment, admin variant, for a user created on the spot.
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const create = page.getByRole('dialog', { name: 'Create Appointment' });
  // One box finds the user: a search that matches no one says so, and Escape clears it, not the dialog.
  const userBox = create.getByRole('combobox', { name: 'User' });
  await userBox.fill('no-such-user-zq');
  await expect(create.getByText('No users match “no-such-user-zq”.')).toBeVisible();
  await userBox.press('Escape');
  await expect(userBox).toHaveValue('');
  await expect(create).toBeVisible();
  await create.getByRole('button', { name: 'Create User' }).click();
  const newUser = page.getByRole('dialog', { name: 'Create User' });
  await expect(newUser.getByText('at least 8 characters')).toBeVisible();
  const email = `new-${Date.now()}@upkeep.test`;
  await newUser.getByLabel('Email').fill(email);
  await newUser.getByLabel('First name').fill('Nina');
  await newUser.getByLabel('Last name').fill('New');
  await newUser.getByLabel('Password').fill('short');
  await newUser.getByLabel('Birthdate').fill('1992-01-02');
  await newUser.getByLabel('Phone').fill('555-0142');
  await newUser.getByRole('button', { name: 'Create User' }).click();
  await expect(newUser.getByText('Password needs at least 8 characters')).toBeVisible();
  await newUser.getByLabel('Password').fill('long-enough-password');
  await checkA11y(page, 'Create User');
  await newUser.getByRole('button', { name: 'Create User' }).click();
  await expect(toast(page, PROVIDER_MESSAGES.userCreated)).toBeVisible();
  await expect(create.getByText(`Nina New (${email})`)).toBeVisible();
  const chip = create.getByRole('button', { name: `Remove Nina New (${email})` });
  await expect(chip).toBeVisible();
  await create.getByLabel('Provider', { exact: true }).selectOption({ label: setup.providerName });
  await create.getByRole('checkbox', { name: /^Added / }).check({ force: true });
  await create.getByLabel('Payment method').selectOption('FREE');
  // The open times are under Start (the chosen user's chip has a button of its own).
  await create
    .getByRole('group', { name: /^Start/ })
    .getByRole('group')
    .getByRole('button')
    .first()
    .click();
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone, by keyboard: Backspace in the empty box takes the user away; typing and Enter choose again.
  await userBox.focus();
  await userBox.press('Backspace');
  await expect(chip).toHaveCount(0);
  await userBox.pressSequentially(email);
  const match = create
    .getByRole('listbox', { name: 'User' })
    .getByRole('option', { name: `Nina New (${email})` });
  await expect(match).toBeVisible();
  await userBox.press('ArrowDown');
  await expect(userBox).toHaveAttribute('aria-activedescendant', (await match.getAttribute('id')) ?? '');
  await checkA11y(page, 'Create Appointment, the user search open on a phone');
  await userBox.press('Enter');
  await expect(chip).toBeVisible();
  await expect(create.getByRole('listbox', { name: 'User' })).toHaveCount(0);
  await shoot(page, 'create-admin-390');
  await checkA11y(page, 'Create Appointment, admin variant, on a phone');
  await create.getByRole('button', { name: 'Create Appointment' }).click();
  await expect(toast(page, PROVIDER_MESSAGES.appointmentCreated)).toBeVisible();
  await expect(upcoming(page).getByRole('button', { name: /^Added / })).toBeVisible();
});

test('Update Appointment on a past appointment looks for open times from today', async ({ page }) => {
  // A seeded HydraFacial of Glow Studio, weeks ago; the dialog is only opened and closed.
  await viewAsProvider(page, 'Glow Studio');
  await page
    .getByRole('list', { name: 'Past appointments' })
    .getByRole('button', { name: /^HydraFacial/ })
    .first()
    .click();
  await drawer(page).getByRole('button', { name: 'Update Appointment' }).click();
  const update = page.getByRole('dialog', { name: 'Update Appointment' });
  const today = Temporal.Now.plainDateISO(ZONE).toString();
  await expect(update.getByLabel('Open times from')).toHaveValue(today);
  await expect(update.getByText(`Start (${ZONE})`)).toBeVisible();
  await expect(update.getByRole('alert')).toHaveCount(0);
  await update.getByRole('button', { name: 'Cancel' }).click();
  await expect(update).toBeHidden();
});
