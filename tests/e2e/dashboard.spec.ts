/**
 * The provider dashboard (02 §2, issue 16): as a provider, a multi-provider user and an admin viewing as a
 * provider, the lists, checklist and activity match the seeded data (read back over the API); payout
 * figures the payment provider did not give, with Try again, while the bookings still show; switching
 * provider; paging the calendar (across a DST change when the seed's months have one) with each
 * appointment on its day in the location's zone; a busy day's "+K more" list; Upcoming paged with Show more;
 * an appointment's drawer; a phone's day list; arrow keys; the week view (its bookings in full, paging by
 * weeks, kept in the URL) at both sizes; a month chip's full text on hover and focus.
 */
import type { Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import type { ProviderActivity, ProviderAppointment } from '../../src/api/contract/appointment';
import { activityLines } from '../../src/domain/dashboard/activity';
import { formatZone } from '../../src/domain/shared/format';
import { PROVIDER_MESSAGES } from '../../src/domain/shared/messages';
import {
  calendarEntries,
  chipsOfDay,
  dateIn,
  dayOf,
  entriesByDay,
  monthOf,
  monthWindow,
  shiftMonth,
  timeIn,
  upcomingOf,
  weekDays,
  weekTitle,
} from '../../src/domain/dashboard/appointments';
import { api, checkA11y, expect, freshProvider, ownProvider, signIn, test, tokenOf } from './fixtures';
import { DEMO } from './stack';

interface ProviderRow {
  id: number;
  name: string;
  location: { timezone: string } | null;
}

async function providerNamed(token: string, name: string): Promise<ProviderRow & { zone: string }> {
  const list = await api<ProviderRow[]>(token, 'GET', '/providers');
  const found = list.find((p) => p.name === name);
  if (!found) throw new Error(`no provider ${name}`);
  return { ...found, zone: found.location?.timezone ?? 'America/Los_Angeles' };
}

async function expectActivity(page: Page, token: string, providerId: number) {
  const activity = await api<ProviderActivity>(token, 'GET', `/appointments/activity?provider=${providerId}`);
  const region = page.getByRole('region', { name: 'Activity' });
  const lines = activityLines(activity);
  await expect(region.locator('dt')).toHaveText(lines.map((line) => line.label));
  await expect(region.locator('dd')).toHaveText(lines.map((line) => line.value));
  return activity;
}

/** Every appointment of the month shown is in the grid cell of the day it starts on in its zone. */
async function expectMonthPlaced(
  page: Page,
  token: string,
  provider: ProviderRow & { zone: string },
  month: string,
) {
  const window = monthWindow(month, provider.zone);
  const list = await api<ProviderAppointment[]>(
    token,
    'GET',
    `/appointments?provider=${provider.id}&group=true&from=${window.from}&to=${window.to}`,
  );
  const grid = page.getByRole('grid', { name: /\d{4}$/ });
  const inMonth = list.filter((a) => dayOf(a, provider.zone).startsWith(month));
  // Each day shows its first bookings as chips and, when it holds more than fit, "+K more" for the rest.
  let chipCount = 0;
  for (const [day, entries] of entriesByDay(calendarEntries(inMonth, provider.zone), month)) {
    const cell = grid.locator(`[data-day="${day}"]`);
    const { shown, more } = chipsOfDay(entries);
    for (const { appointment: a } of shown) {
      await expect(
        cell.getByRole('button', {
          name: `${timeIn(a.startDate, provider.zone)} ${a.serviceItemDisplayName}`,
        }),
      ).toBeVisible();
    }
    if (more > 0) await expect(cell.getByRole('button', { name: `+${more} more` })).toBeVisible();
    else await expect(cell.locator('.more-chip')).toHaveCount(0);
    chipCount += shown.length;
  }
  await expect(grid.locator('[data-day] .appointment-chip')).toHaveCount(chipCount);
  return inMonth.length;
}

test('a provider sees the banner, the checklist, activity, lists and calendar of the seed, and a drawer', async ({
  page,
}) => {
  const token = await tokenOf(DEMO.provider);
  const glow = await providerNamed(token, 'Glow Studio');
  await page.goto('/login');
  await signIn(page, DEMO.provider);
  await expect(page).toHaveURL(/\/provider\/overview/);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  // Glow Studio has no settlement account: the banner, and payments still Required.
  await expect(page.getByText('Get paid, set up payouts now!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Connect to stripe' })).toHaveAttribute(
    'href',
    '/provider/onboarding/stripe',
  );
  const checklist = page.getByRole('region', { name: 'Checklist' });
  // Open Monday to Saturday only: Sunday's hours are missing, so availability is not done; no cover image.
  await expect(checklist.getByRole('link', { name: 'Availability: Required' })).toBeVisible();
  await expect(checklist.getByRole('link', { name: 'Connect to payment provider: Required' })).toBeVisible();
  await expect(checklist.getByRole('link', { name: 'Cover photo: Required' })).toBeVisible();
  await expect(checklist.getByText('0 of 3 done')).toBeVisible();
  await expect(checklist.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByRole('link', { name: 'Finish your profile' })).toBeVisible();
  const activity = await expectActivity(page, token, glow.id);
  expect(activity.bookingsPast30Days).toBe(7);

  const now = Temporal.Now.instant();
  const all = await api<ProviderAppointment[]>(
    token,
    'GET',
    `/appointments?provider=${glow.id}&group=true&user=true`,
  );
  const upcoming = upcomingOf(all, now, glow.zone);
  const shown = page.getByRole('list', { name: 'Upcoming appointments' }).getByRole('button');
  await expect(shown).toHaveCount(upcoming.length);
  await expect(shown.first()).toContainText(upcoming[0]!.serviceItemDisplayName!);
  await expect(
    page.getByRole('list', { name: 'Past appointments' }).getByRole('button').first(),
  ).toBeVisible();
  await checkA11y(page, 'provider dashboard');

  // The first upcoming appointment's drawer.
  await shown.first().click();
  const drawer = page.getByRole('dialog', { name: 'Appointment' });
  await expect(drawer).toContainText(upcoming[0]!.user!.displayName!);
  await expect(drawer).toContainText('Glow Studio');
  await expect(drawer).toContainText(formatZone(glow.zone));
  // The status once: in the status picker, not again as a badge above it.
  await expect(drawer.getByRole('combobox', { name: 'Status' })).toHaveValue(upcoming[0]!.status);
  await expect(drawer.getByText('Status', { exact: true })).toHaveCount(1);
  await checkA11y(page, 'appointment drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);

  // The calendar: this month, then back two months and forward again (the URL follows).
  const month = monthOf(now, glow.zone);
  let placed = await expectMonthPlaced(page, token, glow, month);
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page).toHaveURL(new RegExp(`month=${shiftMonth(month, -1)}`));
  placed += await expectMonthPlaced(page, token, glow, shiftMonth(month, -1));
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`month=${shiftMonth(month, 1)}`));
  placed += await expectMonthPlaced(page, token, glow, shiftMonth(month, 1));
  expect(placed).toBeGreaterThan(10);

  // A calendar appointment opens the drawer too: the month's list is light, the drawer reads the booking's
  // customer and services when it opens.
  await page.goto(`/provider/overview?month=${month}`);
  const window = monthWindow(month, glow.zone);
  const inMonth = await api<ProviderAppointment[]>(
    token,
    'GET',
    `/appointments?provider=${glow.id}&group=true&user=true&from=${window.from}&to=${window.to}`,
  );
  const [firstDay] = entriesByDay(calendarEntries(inMonth, glow.zone), month).values();
  const first = firstDay?.[0]?.appointment;
  if (!first?.user) throw new Error(`no booking with a customer in ${month}`);
  await page.getByRole('grid').locator('[data-day] .appointment-chip').first().click();
  await expect(drawer).toContainText(first.user.displayName ?? first.user.email);
  await expect(drawer).toContainText(first.serviceItems[0]?.name ?? first.bundle?.name ?? '');
  await expect(drawer.getByRole('combobox', { name: 'Status' })).toHaveValue(first.status);
});

test('payouts the payment provider did not give: the bookings still show, and Try again brings the figures', async ({
  page,
}) => {
  const token = await tokenOf(DEMO.provider);
  const glow = await providerNamed(token, 'Glow Studio');
  // The activity answers as the API does while Stripe does not answer, until the payment provider is back.
  let stripeDown = true;
  await page.route(
    (url) => url.pathname.endsWith('/appointments/activity'),
    async (route) => {
      const response = await route.fetch();
      if (!stripeDown || route.request().method() !== 'GET') return route.fulfill({ response });
      const real = (await response.json()) as ProviderActivity;
      await route.fulfill({
        response,
        json: {
          ...real,
          payouts: 'unavailable',
          payoutsPast30DaysInCents: null,
          lifetimePayoutsInCents: null,
        },
      });
    },
  );
  await page.goto('/login');
  await signIn(page, DEMO.provider);
  await expect(page).toHaveURL(/\/provider\/overview/);
  const real = await api<ProviderActivity>(token, 'GET', `/appointments/activity?provider=${glow.id}`);
  const [bookings] = activityLines(real);
  const region = page.getByRole('region', { name: 'Activity' });
  await expect(region.locator('dt')).toHaveText([bookings!.label, 'Payouts']);
  await expect(region.locator('dd').first()).toHaveText(bookings!.value);
  await expect(region.getByRole('status')).toHaveText(PROVIDER_MESSAGES.paymentsUnavailable);
  // The rest of the dashboard is there as usual.
  await expect(page.getByRole('region', { name: 'Checklist' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Upcoming appointments' }).getByRole('button').first(),
  ).toBeVisible();
  await checkA11y(page, 'provider dashboard without payout figures');

  stripeDown = false;
  await region.getByRole('button', { name: 'Try again' }).click();
  await expectActivity(page, token, glow.id);
  await expect(region.getByRole('status')).toHaveCount(0);
  await expect(region.getByRole('button', { name: 'Try again' })).toHaveCount(0);
});

test('paging across the November DST change places every appointment on its local day', async ({ page }) => {
  const token = await tokenOf(DEMO.provider);
  const glow = await providerNamed(token, 'Glow Studio');
  await page.goto('/login');
  await signIn(page, DEMO.provider);
  await expect(page).toHaveURL(/\/provider\/overview/);
  // October (PDT) and November (PST) of the seed's year: the page is opened on October and paged forward.
  const year = Temporal.Now.plainDateISO(glow.zone).year;
  await page.goto(`/provider/overview?month=${year}-10`);
  await expect(page.getByRole('heading', { name: `October ${year}` })).toBeVisible();
  await expectMonthPlaced(page, token, glow, `${year}-10`);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: `November ${year}` })).toBeVisible();
  await expectMonthPlaced(page, token, glow, `${year}-11`);
  await page.goto(`/provider/overview?month=${year}-03`);
  await expectMonthPlaced(page, token, glow, `${year}-03`);

  // Arrow keys move between days.
  const first = page.locator(`[data-day="${year}-03-01"]`);
  await first.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator(`[data-day="${year}-03-02"]`)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator(`[data-day="${year}-03-09"]`)).toBeFocused();
});

test('the calendar marks today, and Today leads back to it from another month', async ({ page }) => {
  const token = await tokenOf(DEMO.provider);
  const glow = await providerNamed(token, 'Glow Studio');
  const today = Temporal.Now.plainDateISO(glow.zone);
  await page.goto('/login');
  await signIn(page, DEMO.provider);
  await expect(page).toHaveURL(/\/provider\/overview/);
  const marked = page.locator('[aria-current="date"]');
  await expect(marked).toHaveCount(1);
  await expect(marked).toHaveAttribute('data-day', today.toString());
  // The day that has the focus is today, not the first of the month.
  await expect(marked).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(marked).toHaveCount(0);
  await page.getByRole('button', { name: 'Today' }).click();
  const month = today.toPlainYearMonth().toString();
  await expect(page).toHaveURL(new RegExp(`month=${month}`));
  await expect(marked).toHaveAttribute('data-day', today.toString());
  await expect(marked).toHaveAttribute('aria-selected', 'true');
});

test('a provider with two providers switches between them; the choice is in the URL', async ({ page }) => {
  const token = await tokenOf(DEMO.multi);
  const luxe = await providerNamed(token, 'Luxe Aesthetics');
  const serenity = await providerNamed(token, 'Serenity Med Spa');
  await page.goto('/login');
  await signIn(page, DEMO.multi);
  await expect(page).toHaveURL(/\/provider\/overview/);
  await expectActivity(page, token, luxe.id);
  // Luxe owes only tolerated requirements: payments done, no banner.
  await expect(page.getByText('Get paid, set up payouts now!')).toHaveCount(0);
  await page.getByLabel('Switch Provider').selectOption({ label: 'Serenity Med Spa' });
  await expect(page).toHaveURL(new RegExp(`provider=${serenity.id}`));
  await expectActivity(page, token, serenity.id);
  await expect(
    page.getByRole('region', { name: 'Checklist' }).getByText('Connect to payment provider'),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Switch Provider')).toHaveValue(String(serenity.id));
  await expectActivity(page, token, serenity.id);
  await checkA11y(page, 'multi-provider dashboard');
});

test('an admin viewing as a provider sees that provider’s dashboard', async ({ page }) => {
  const token = await tokenOf(DEMO.admin);
  const serenity = await providerNamed(token, 'Serenity Med Spa');
  await page.goto('/login');
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/services/);
  await page.goto('/provider/overview');
  await page.getByLabel('Provider', { exact: true }).selectOption({ label: 'Serenity Med Spa' });
  await page.getByRole('button', { name: 'View as provider' }).click();
  await expect(page.getByRole('button', { name: 'View As Admin' })).toBeVisible();
  await expectActivity(page, token, serenity.id);
  await expectMonthPlaced(page, token, serenity, monthOf(Temporal.Now.instant(), serenity.zone));
});

test('on a phone the calendar is a day list and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await signIn(page, DEMO.provider);
  await expect(page).toHaveURL(/\/provider\/overview/);
  await expect(page.getByRole('grid')).toBeHidden();
  await expect(page.locator('[aria-label="Days with appointments"] h3').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

/**
 * A provider of the test's own in Boise, open every day from 06:00 to midnight, with bookings made by the
 * admin at `starts` (local wall times); returns its name and how to sign in as it.
 */
async function bookedProvider(label: string, starts: Temporal.PlainDateTime[]) {
  const admin = await tokenOf(DEMO.admin);
  const zone = 'America/Boise';
  const name = `${label} ${Date.now()}`;
  const provider = await ownProvider(name, { timezone: zone });
  const categories = await api<{ id: number; serviceItems: { id: number; timeInMins: number }[] }[]>(
    admin,
    'GET',
    '/svc-category',
  );
  const category = categories.find((c) => c.serviceItems.some((item) => item.timeInMins <= 60));
  const item = category?.serviceItems.find((i) => i.timeInMins <= 60);
  if (!category || !item) throw new Error('no service item of an hour or less in the catalogue');
  const slots = Array.from({ length: 72 }, (_, i) => {
    const minutes = 6 * 60 + i * 15;
    const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    return { time, checked: true };
  });
  const week = Object.fromEntries(
    ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((d) => [d, slots]),
  );
  await api(admin, 'POST', '/availabilities', {
    serviceCategory: { id: category.id },
    location: { id: provider.locationId },
    timeslots: week,
  });
  const { users } = await api<{ users: { id: number }[] }>(admin, 'GET', '/user?role=USER&pageSize=1');
  const customer = users[0];
  if (!customer) throw new Error('no customer to book for');
  for (const start of starts) {
    await api(admin, 'POST', '/appointments', {
      user: customer.id,
      provider: provider.id,
      serviceItemIds: [item.id],
      startDate: start.toZonedDateTime(zone).toInstant().toString(),
      paymentMethod: 'SAVED_CARD',
    });
  }
  return { name, zone, account: await freshProvider(label.toLowerCase().replaceAll(' ', '-'), name) };
}

test('a busy day shows its first bookings and "+K more", which opens the whole day', async ({ page }) => {
  const day = Temporal.Now.plainDateISO('America/Boise').add({ days: 40 });
  const BOOKINGS = 7;
  const { account } = await bookedProvider(
    'Busy Day Studio',
    Array.from({ length: BOOKINGS }, (_, i) => day.toPlainDateTime({ hour: 8 + 2 * i })),
  );

  await page.goto('/login');
  await signIn(page, account);
  await expect(page).toHaveURL(/\/provider\/overview/);
  await page.goto(`/provider/overview?month=${day.toPlainYearMonth().toString()}`);
  const cell = page.getByRole('grid').locator(`[data-day="${day.toString()}"]`);
  await expect(cell.locator('.appointment-chip')).toHaveCount(2);
  await expect(cell.getByRole('button', { name: '8:00 AM', exact: false }).first()).toBeVisible();
  const more = cell.getByRole('button', { name: `+${BOOKINGS - 2} more` });
  await expect(more).toBeVisible();

  // By keyboard: the day's whole list opens, Escape closes it and gives the focus back.
  await more.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: dateIn(`${day.toString()}T12:00:00Z`, 'UTC') });
  await expect(dialog.locator('.appointment-chip')).toHaveCount(BOOKINGS);
  await expect(dialog.locator('.appointment-chip').last()).toContainText('8:00 PM');
  await checkA11y(page, 'a busy day');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(more).toBeFocused();

  // A booking in the list opens its drawer.
  await more.click();
  await dialog.locator('.appointment-chip').nth(4).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Appointment' })).toContainText('4:00 PM');
  await page.keyboard.press('Escape');

  // On a phone the day list caps the day the same way.
  await page.setViewportSize({ width: 390, height: 844 });
  const days = page.getByLabel('Days with appointments');
  await expect(days.locator('.appointment-chip')).toHaveCount(2);
  await expect(days.getByRole('button', { name: `+${BOOKINGS - 2} more` })).toBeVisible();
});

test('Upcoming shows 25 bookings and Show more adds the rest', async ({ page }) => {
  const first = Temporal.Now.plainDateISO('America/Boise').add({ days: 3 });
  const starts = Array.from({ length: 27 }, (_, i) =>
    first.add({ days: Math.floor(i / 3) }).toPlainDateTime({ hour: 8 + 2 * (i % 3) }),
  );
  const { account } = await bookedProvider('Busy Weeks Studio', starts);
  await page.goto('/login');
  await signIn(page, account);
  await expect(page).toHaveURL(/\/provider\/overview/);
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  await expect(upcoming.getByRole('list').getByRole('button')).toHaveCount(25);
  await expect(upcoming.getByText('Showing 25 of 27')).toBeVisible();
  await upcoming.getByRole('button', { name: 'Show more' }).click();
  await expect(upcoming.getByRole('list').getByRole('button')).toHaveCount(27);
  await expect(upcoming.getByRole('button', { name: 'Show more' })).toHaveCount(0);
});

/** Glow Studio's next booking (not cancelled) with what its line in the week view says. */
async function nextGlowBooking(token: string) {
  const glow = await providerNamed(token, 'Glow Studio');
  const all = await api<ProviderAppointment[]>(
    token,
    'GET',
    `/appointments?provider=${glow.id}&group=true&user=true`,
  );
  const next = upcomingOf(all, Temporal.Now.instant(), glow.zone)[0];
  if (!next?.user) throw new Error('Glow Studio has no upcoming booking with a customer');
  const zone = next.location?.timezone ?? glow.zone;
  return {
    glow,
    booking: next,
    day: dayOf(next, glow.zone),
    time: timeIn(next.startDate, zone),
    service: next.serviceItemDisplayName ?? '',
    customer: next.user.displayName ?? next.user.email,
  };
}

test('the week view shows a week’s bookings in full, pages by weeks, keeps its place on reload', async ({
  page,
}) => {
  const token = await tokenOf(DEMO.provider);
  const { glow, day, time, service, customer } = await nextGlowBooking(token);
  const today = Temporal.Now.plainDateISO(glow.zone).toString();
  await page.goto('/login');
  await signIn(page, DEMO.provider);
  await expect(page).toHaveURL(/\/provider\/overview/);
  const heading = page.locator('#calendar-heading');
  await page.getByRole('group', { name: 'Calendar view' }).getByRole('button', { name: 'Week' }).click();
  await expect(page).toHaveURL(/view=week/);
  await expect(heading).toHaveText(weekTitle(today));
  const days = page.getByRole('list', { name: 'Days of the week' });
  await expect(days.locator('[data-day]')).toHaveCount(7);
  await expect
    .poll(() => days.locator('[data-day]').evaluateAll((els) => els.map((el) => el.getAttribute('data-day'))))
    .toEqual(weekDays(today));
  await expect(days.locator('[aria-current="date"]')).toHaveAttribute('data-day', today);

  // To the week of Glow's next booking: its time, services and customer in full on its day.
  const weeksAhead = Math.round(
    Temporal.PlainDate.from(weekDays(today)[0]!).until(weekDays(day)[0]!).days / 7,
  );
  for (let i = 0; i < weeksAhead; i += 1) await page.getByRole('button', { name: 'Next' }).click();
  await expect(heading).toHaveText(weekTitle(day));
  const line = days
    .locator(`[data-day="${day}"]`)
    .getByRole('button', { name: `${time} ${service} ${customer}` });
  await expect(line.first()).toBeVisible();
  await checkA11y(page, 'week view');

  // Next and Previous move by a week; reload keeps the week view and the week; Today leads back to this
  // week, and a reload then stays there.
  await page.getByRole('button', { name: 'Next' }).click();
  const after = Temporal.PlainDate.from(day).add({ days: 7 }).toString();
  await expect(heading).toHaveText(weekTitle(after));
  await expect(page).toHaveURL(new RegExp(`month=${after.slice(0, 7)}`));
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(heading).toHaveText(weekTitle(day));
  await page.reload();
  await expect(page).toHaveURL(/view=week/);
  await expect(page.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
  await expect(days.locator('[data-day]')).toHaveCount(7);
  await expect(heading).toHaveText(weekTitle(day));
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(heading).toHaveText(weekTitle(today));
  await expect(days.locator('[aria-current="date"]')).toHaveAttribute('data-day', today);
  await page.reload();
  await expect(heading).toHaveText(weekTitle(today));

  // A booking opens the same drawer as the month's chips.
  for (let i = 0; i < weeksAhead; i += 1) await page.getByRole('button', { name: 'Next' }).click();
  await line.first().click();
  const drawer = page.getByRole('dialog', { name: 'Appointment' });
  await expect(drawer).toContainText(customer);
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);

  // Back to the month: the grid again, the choice in the URL.
  await page.getByRole('group', { name: 'Calendar view' }).getByRole('button', { name: 'Month' }).click();
  await expect(page).toHaveURL(/view=month/);
  await expect(page.getByRole('grid')).toBeVisible();
});

test('a month chip cut short shows its whole text on hover and on keyboard focus', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, DEMO.provider);
  await expect(page).toHaveURL(/\/provider\/overview/);
  const chip = page.getByRole('grid').locator('[data-day] .appointment-chip').first();
  const text = (await chip.textContent()) ?? '';
  expect(text).toMatch(/^\d{1,2}:\d{2} [AP]M /);
  // The title the pointer shows and the name a screen reader reads are the whole text.
  await expect(chip).toHaveAttribute('title', text);
  await expect(chip).toHaveAccessibleName(text);
  await expect(chip).toHaveCSS('white-space', 'nowrap');
  await chip.hover();
  await expect(chip).toHaveCSS('white-space', 'normal');
  await page.mouse.move(0, 0);
  await expect(chip).toHaveCSS('white-space', 'nowrap');
  // From the keyboard: the chip's day cell has the focus, Tab reaches the chip.
  await chip.locator('xpath=ancestor::*[@data-day][1]').focus();
  await page.keyboard.press('Tab');
  await expect(chip).toBeFocused();
  await expect(chip).toHaveCSS('white-space', 'normal');
});

test('on a phone the week view is a list of the seven days and nothing scrolls sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const token = await tokenOf(DEMO.provider);
  const { glow, day, time, service, customer } = await nextGlowBooking(token);
  await page.goto('/login');
  await signIn(page, DEMO.provider);
  await expect(page).toHaveURL(/\/provider\/overview/);
  await page.goto(`/provider/overview?month=${day.slice(0, 7)}&view=week`);
  await expect(page.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
  const days = page.getByRole('list', { name: 'Days of the week' });
  await expect(days.locator('[data-day]')).toHaveCount(7);
  // The week shown is today's when today is in the month, else the month's first.
  const today = Temporal.Now.plainDateISO(glow.zone).toString();
  const shown = today.startsWith(day.slice(0, 7)) ? today : `${day.slice(0, 7)}-01`;
  const heading = page.locator('#calendar-heading');
  await expect(heading).toHaveText(weekTitle(shown));
  const weeksAhead = Math.round(
    Temporal.PlainDate.from(weekDays(shown)[0]!).until(weekDays(day)[0]!).days / 7,
  );
  for (let i = 0; i < weeksAhead; i += 1) await page.getByRole('button', { name: 'Next' }).click();
  await expect(heading).toHaveText(weekTitle(day));
  await expect(
    days
      .locator(`[data-day="${day}"]`)
      .getByRole('button', { name: `${time} ${service} ${customer}` })
      .first(),
  ).toBeVisible();
  // One column: each day below the one before.
  const boxes = await days
    .locator('[data-day]')
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
  expect(boxes).toEqual([...boxes].sort((a, b) => a - b));
  expect(new Set(boxes).size).toBe(7);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await checkA11y(page, 'week view on a phone');
});
