/**
 * The providers panel and the provider profile (02 §2, §5, §8): filter the list by each filter and by URL;
 * open a provider and edit its details, location (a missing and a bad address, a failed autocomplete) and
 * hours; save, reload and see them; view as the provider from the panel and come back; leave with unsaved
 * changes only after saying so; a provider edits only their own profile. Each test that writes makes its own
 * provider, so the seeded ones stay as other tests expect.
 */
import type { Page } from '@playwright/test';
import { TEST_FAULT_HEADER } from '../../src/api/contract/onboarding';
import { PROVIDER_MESSAGES } from '../../src/domain/shared/messages';
import { api, checkA11y, expect, ownProvider as ownBoiseProvider, signIn, test, tokenOf } from './fixtures';
import { DEMO, E2E } from './stack';

/** A provider of this test with a Boise location, open Monday 9 to 5. */
const ownProvider = (name: string) =>
  ownBoiseProvider(name, { isOpenDay1: true, day1open: '9:00am', day1close: '5:00pm' });

async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/services$/);
}

const tiles = (page: Page) => page.getByRole('table', { name: 'Providers' });
/** The buttons that open a provider: the names in the table's rows (not the column headers' sort buttons). */
const openButtons = (page: Page) => tiles(page).locator('tbody').getByRole('button');
const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('an admin filters the providers by country, city and name, in the URL', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/providers');
  await expect(page.getByRole('heading', { level: 1, name: 'Providers' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Invite Provider' })).toBeVisible();
  await expect(tiles(page).getByRole('button', { name: /Glow Studio/ })).toBeVisible();
  await checkA11y(page, 'providers list');

  await page.getByLabel('City').selectOption({ value: 'Chicago' });
  await expect(page).toHaveURL(/city=Chicago/);
  await expect(tiles(page).getByRole('button', { name: /Serenity Med Spa/ })).toBeVisible();
  await expect(tiles(page).getByRole('button', { name: /Glow Studio/ })).toHaveCount(0);
  await expect(tiles(page)).toContainText('Chicago, IL');

  await page.getByLabel('City').selectOption({ value: '' });
  await page.getByLabel('Provider name').fill('GLOW');
  await expect(page).toHaveURL(/q=GLOW/);
  await expect(openButtons(page)).toHaveCount(1);
  await expect(tiles(page)).toContainText('Santa Monica, CA');

  await page.getByLabel('Provider name').fill('no such provider');
  await expect(page).toHaveURL(/q=no/);
  await expect(page.getByText('No providers match these filters.')).toBeVisible();

  await page.goto('/providers?country=us&city=New%20York');
  await expect(page.getByLabel('City')).toHaveValue('New York');
  await expect(page.getByLabel('Country')).toHaveValue('US');
  await expect(tiles(page).getByRole('button', { name: /Luxe Aesthetics/ })).toBeVisible();
  await expect(tiles(page).getByRole('button', { name: /Glow Studio/ })).toHaveCount(0);

  // The tiles stay as a view of the same list, kept in the URL.
  await page.getByRole('button', { name: 'Tiles' }).click();
  await expect(page).toHaveURL(/view=tiles/);
  const tileList = page.getByRole('list', { name: 'Providers' });
  await expect(tileList.getByRole('button', { name: /Luxe Aesthetics/ })).toBeVisible();
  await expect(tileList).toContainText('New York, NY, US');
  await page.getByRole('button', { name: 'Table' }).click();
  await expect(page).not.toHaveURL(/view=/);

  await page.goto('/providers?q=pearl%20day');
  await expect(tiles(page)).toContainText(PROVIDER_MESSAGES.unknownLocation);

  // Invite Provider is a page of the providers panel: its back link names Providers and leads there.
  await page.getByRole('link', { name: 'Invite Provider' }).click();
  await expect(page).toHaveURL(/\/providers\/provider\/invite$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Providers' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: '← Users' })).toHaveCount(0);
  await page.getByRole('link', { name: '← Providers' }).click();
  await expect(page).toHaveURL(/\/providers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Providers' })).toBeVisible();
});

test('an admin edits a provider, its location and hours, saves, and sees them after a reload', async ({
  page,
}) => {
  const name = `Edit Spa ${Date.now()}`;
  const provider = await ownProvider(name);
  await signInAsAdmin(page);
  await page.goto(`/providers?q=${encodeURIComponent(name)}`);
  await tiles(page)
    .getByRole('button', { name: new RegExp(name) })
    .click();
  await expect(page).toHaveURL(new RegExp(`provider=${provider.id}`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Special Dates' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Commission and Fees' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Manage Stripe Account' })).toBeVisible();
  await checkA11y(page, 'provider manage view');

  const renamed = `${name} Renamed`;
  await field(page, 'Name').fill(renamed);
  await field(page, 'Description').fill('Facials and peels');
  await field(page, 'Phone Number').fill('555-0199');
  await page.getByText('SMS notifications').click();
  await page.getByLabel('Available After').selectOption({ label: 'One week' });

  // A missing address, then one that cannot be found.
  await field(page, 'Street Address').fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: PROVIDER_MESSAGES.addressRequired })).toBeVisible();
  await field(page, 'Street Address').fill('1 Nowhere Rd');
  await field(page, 'City').fill('Nowhereville');
  await field(page, 'State').fill('ZZ');
  await field(page, 'Zip').fill('');
  await field(page, 'Coordinates').fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: PROVIDER_MESSAGES.addressInvalid })).toBeVisible();

  // Autocomplete: a city alone has no street, so the address is asked for by hand.
  await page.getByLabel('Search address').fill('Santa Monica');
  await page
    .getByRole('list', { name: 'Address suggestions' })
    .getByRole('button', { name: /^Santa Monica, CA/ })
    .first()
    .click();
  await expect(page.getByText(PROVIDER_MESSAGES.addressManual)).toBeVisible();
  await expect(field(page, 'City')).toHaveValue('Santa Monica');
  await field(page, 'Street Address').fill('500 Broadway');
  await field(page, 'Zip').fill('90401');
  await field(page, 'Coordinates').fill('');
  await field(page, 'Tax Rate').fill('9.5');
  await field(page, 'Billing Contact Email').fill(' billing@spa.test , owner@spa.test ');
  await page.getByLabel('Time Zone').selectOption('America/Denver');

  // Hours: Monday 8 to 6, copied to every day, then Sunday closed.
  const monday = page.getByRole('group', { name: 'Monday' });
  await monday.getByLabel('Monday opens').selectOption('8:00am');
  await monday.getByLabel('Monday closes').selectOption('6:00pm');
  await monday.getByRole('button', { name: 'Copy Monday to all days' }).click();
  await page.getByRole('group', { name: 'Sunday' }).getByText('Open', { exact: true }).click();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(PROVIDER_MESSAGES.providerSaved)).toBeVisible();

  await page.reload();
  await expect(field(page, 'Name')).toHaveValue(renamed);
  await expect(field(page, 'Description')).toHaveValue('Facials and peels');
  await expect(field(page, 'Phone Number')).toHaveValue('555-0199');
  await expect(page.getByLabel('Available After')).toHaveValue('7');
  await expect(field(page, 'Street Address')).toHaveValue('500 Broadway');
  await expect(field(page, 'City')).toHaveValue('Santa Monica');
  await expect(field(page, 'Coordinates')).not.toHaveValue('');
  await expect(field(page, 'Tax Rate')).toHaveValue('9.5');
  await expect(field(page, 'Billing Contact Email')).toHaveValue('billing@spa.test,owner@spa.test');
  await expect(page.getByLabel('Time Zone')).toHaveValue('America/Denver');
  await expect(page.getByRole('group', { name: 'Thursday' }).getByLabel('Thursday closes')).toHaveValue(
    '6:00pm',
  );
  await expect(page.getByRole('group', { name: 'Sunday' }).getByLabel('Sunday opens')).toHaveCount(0);
});

test('leaving with unsaved changes asks first; Exit returns to the list', async ({ page }) => {
  const name = `Unsaved Spa ${Date.now()}`;
  await ownProvider(name);
  await signInAsAdmin(page);
  await page.goto(`/providers?q=${encodeURIComponent(name)}`);
  const open = () =>
    tiles(page)
      .getByRole('button', { name: new RegExp(name) })
      .click();
  const dialog = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });

  // Nothing typed: Exit closes at once.
  await open();
  await expect(field(page, 'Name')).toHaveValue(name);
  await page.getByRole('button', { name: 'Exit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Providers' })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await open();
  await field(page, 'Description').fill('Not saved');
  await page.getByRole('button', { name: 'Exit' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your changes to this provider are not saved yet. Discard them?');
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(field(page, 'Description')).toHaveValue('Not saved');
  await expect(page).toHaveURL(/provider=/);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/providers/);

  // Back to the list (and from there to another provider) is a navigation too.
  await page.goBack();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(field(page, 'Description')).toHaveValue('Not saved');

  // A reload asks the browser's own question while something is unsaved.
  const asked = page.waitForEvent('dialog');
  // Staying cancels the reload, so its promise never settles into a load: only the question is awaited.
  page.reload().catch(() => null);
  const question = await asked;
  expect(question.type()).toBe('beforeunload');
  await question.dismiss();
  await expect(field(page, 'Description')).toHaveValue('Not saved');

  await page.getByRole('button', { name: 'Exit' }).click();
  await dialog.getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Providers' })).toBeVisible();
  await expect(page).not.toHaveURL(/provider=/);
});

test("a save over someone else's newer save offers Reload, which keeps what was typed", async ({ page }) => {
  const name = `Stale Spa ${Date.now()}`;
  const provider = await ownProvider(name);
  await signInAsAdmin(page);
  await page.goto(`/providers?provider=${provider.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await field(page, 'Description').fill('Typed here');
  // Another admin changes the phone number meanwhile.
  const admin = await tokenOf(DEMO.admin);
  await api(admin, 'PUT', `/providers/${provider.id}`, { phoneNumber: '555-0199', version: 1 });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'changed by someone else' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(notice).toHaveCount(0);
  await expect(field(page, 'Phone Number')).toHaveValue('555-0199');
  await expect(field(page, 'Description')).toHaveValue('Typed here');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved Provider')).toBeVisible();
  const saved = await api<{ description: string; phoneNumber: string }[]>(
    admin,
    'GET',
    `/providers?id=${provider.id}`,
  );
  expect(saved[0]).toMatchObject({ description: 'Typed here', phoneNumber: '555-0199' });
});

test('an admin views as a provider from the panel and returns to that provider’s manage view', async ({
  page,
}) => {
  const glow = (
    await api<{ id: number; name: string }[]>(await tokenOf(DEMO.admin), 'GET', '/providers')
  ).find((provider) => provider.name === 'Glow Studio');
  await signInAsAdmin(page);
  await page.goto('/providers?q=glow');
  await tiles(page)
    .getByRole('button', { name: /Glow Studio/ })
    .click();
  await page.getByRole('button', { name: 'View as provider' }).click();
  await expect(page).toHaveURL(/\/provider\/overview$/);
  const banner = page.getByRole('region', { name: 'View as provider' });
  await expect(banner).toContainText('Viewing as Glow Studio');
  // View As Admin comes back to the manage view of the provider that was viewed, not to the list.
  await page.getByRole('button', { name: 'View As Admin' }).click();
  await expect(page).toHaveURL(new RegExp(`/providers\\?provider=${glow?.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Glow Studio' })).toBeVisible();
  await expect(field(page, 'Name')).toHaveValue('Glow Studio');
  await expect(banner).toHaveCount(0);
  // So does the banner's Exit.
  await page.getByRole('button', { name: 'View as provider' }).click();
  await expect(banner).toContainText('Viewing as Glow Studio');
  await banner.getByRole('button', { name: /^Exit/ }).click();
  await expect(page).toHaveURL(new RegExp(`/providers\\?provider=${glow?.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Glow Studio' })).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('a provider edits only their own profile', async ({ page }) => {
  const name = `Own Spa ${Date.now()}`;
  const provider = await ownProvider(name);
  const admin = await tokenOf(DEMO.admin);
  const email = `own-${Date.now()}@upkeep.test`;
  const password = 'own-profile-e2e';
  test.info().annotations.push({ type: 'typed-password', description: password });
  const invite = await api<{ code: string }>(admin, 'POST', '/provider/invite', {
    email,
    providerIdArray: [provider.id],
  });
  await api(admin, 'POST', '/provider/invite/user', { email, password, code: invite.code });

  await page.goto('/login');
  await signIn(page, { email, password });
  await expect(page).toHaveURL(/\/provider\/overview/);
  // The sidebar's My Profile opens a page titled My Profile: Manage Provider, for their own provider.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/provider\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.getByText(`Manage Provider: ${name}`)).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Profile' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(field(page, 'Name')).toHaveValue(name);
  await expect(page.getByLabel('Switch Provider')).toHaveCount(0);
  await checkA11y(page, 'provider profile');
  await field(page, 'Description').fill('Edited by its owner');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(PROVIDER_MESSAGES.providerSaved)).toBeVisible();
  await page.reload();
  await expect(field(page, 'Description')).toHaveValue('Edited by its owner');

  // The phone number reads as the users table and the appointment drawer read it, on a phone too; what is
  // typed is stored in E.164.
  const [current] = await api<{ version: number }[]>(admin, 'GET', `/providers?id=${provider.id}`);
  await api(admin, 'PUT', `/providers/${provider.id}`, {
    phoneNumber: '+13105550142',
    version: current?.version,
  });
  for (const size of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(size);
    await page.reload();
    await expect(field(page, 'Phone Number')).toHaveValue('(310) 555-0142');
    await checkA11y(page, `provider profile phone at ${size.width} px`);
  }
  await field(page, 'Phone Number').fill('206.555.0134');
  await expect(field(page, 'Phone Number')).toHaveValue('(206) 555-0134');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(PROVIDER_MESSAGES.providerSaved)).toBeVisible();
  await page.reload();
  await expect(field(page, 'Phone Number')).toHaveValue('(206) 555-0134');
  const stored = await api<{ phoneNumber: string }[]>(admin, 'GET', `/providers?id=${provider.id}`);
  expect(stored[0]?.phoneNumber).toBe('+12065550134');

  // Their list holds only their own provider; another provider's page does not load for them.
  await page.goto('/providers');
  await expect(openButtons(page)).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Invite Provider' })).toHaveCount(0);
  await page.goto(`/providers?provider=${provider.id}`);
  await expect(field(page, 'Name')).toHaveValue(name);
  await expect(page.getByRole('button', { name: 'View as provider' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Manage Stripe Account' })).toHaveCount(0);
  await page.goto('/providers?provider=1');
  await expect(page.getByText('The provider could not be loaded.')).toBeVisible();
});

test('the list and the manage view fit 390 px and 1440 px screens, and open by keyboard', async ({
  page,
}) => {
  await signInAsAdmin(page);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/providers');
    await expect(openButtons(page).first()).toBeVisible();
    await noSidewaysScroll(page);
    await openButtons(page).first().focus();
    await page.keyboard.press('Enter');
    await expect(field(page, 'Name')).toBeVisible();
    await noSidewaysScroll(page);
  }
});

test('the manage view’s Save stays in view at 390 px and 1440 px, offered only once something changed', async ({
  page,
}) => {
  await signInAsAdmin(page);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/providers?provider=1');
    await expect(field(page, 'Name')).toBeVisible();
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toBeDisabled();
    // The section menu names the calendar Appointments, not the month it shows.
    const menu = page.getByRole('navigation', { name: 'On this page' });
    await expect(menu.getByRole('button', { name: 'Appointments' })).toHaveCount(1);
    await expect(menu.getByRole('button', { name: /\d{4}$/ })).toHaveCount(0);
    // Scrolled to the page's end, Save is still on screen (the header on a laptop, a bar at the bottom on
    // a phone) and nothing covers it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(save).toBeInViewport({ ratio: 1 });
    if (width === 390) expect((await save.boundingBox())?.y ?? 0).toBeGreaterThan(844 / 2);
    const description = field(page, 'Description');
    const saved = await description.inputValue();
    await description.fill(`Changed at ${width}`);
    await expect(save).toBeInViewport({ ratio: 1 });
    await expect(save).toBeEnabled();
    // Typed back to what was saved, nothing is left to save.
    await description.fill(saved);
    await expect(save).toBeDisabled();
  }
});

test('a provider opened from the list browses its neighbours in the list’s order, with its place', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const names = ['A', 'B', 'C'].map((letter) => `Pager ${stamp} ${letter}`);
  for (const name of names) await ownProvider(name);
  await signInAsAdmin(page);
  // The list filtered to this test's three, newest name first: the manage view follows that order.
  await page.goto(`/providers?q=${encodeURIComponent(`Pager ${stamp}`)}&sort=name&dir=desc`);
  await expect(openButtons(page)).toHaveCount(3);
  await openButtons(page).nth(1).click();
  const heading = page.getByRole('heading', { level: 1 });
  const pager = page.getByRole('navigation', { name: 'Browse providers' });
  await expect(heading).toHaveText(names[1]!);
  await expect(pager).toContainText('2 of 3');
  await expect(page.getByRole('heading', { name: 'Manage Stripe Account' })).toBeVisible();
  await checkA11y(page, 'manage view with previous and next');
  await pager.getByRole('button', { name: 'Next provider' }).click();
  await expect(heading).toHaveText(names[0]!);
  await expect(pager).toContainText('3 of 3');
  await expect(pager.getByRole('button', { name: 'Next provider' })).toBeDisabled();
  await pager.getByRole('button', { name: 'Previous provider' }).click();
  await expect(heading).toHaveText(names[1]!);
  await pager.getByRole('button', { name: 'Previous provider' }).click();
  await expect(heading).toHaveText(names[2]!);
  await expect(pager).toContainText('1 of 3');
  await expect(pager.getByRole('button', { name: 'Previous provider' })).toBeDisabled();
  // Exit goes back to the same filtered, ordered list; Back steps through the providers seen.
  await page.getByRole('button', { name: 'Exit' }).click();
  await expect(page).toHaveURL(/dir=desc/);
  await expect(openButtons(page)).toHaveCount(3);
  await page.goBack();
  await expect(heading).toHaveText(names[2]!);
});

test('a provider with several providers switches between them on the profile', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, DEMO.multi);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/provider/profile');
  const switcher = page.getByLabel('Switch Provider');
  await expect(switcher).toBeVisible();
  const first = await field(page, 'Name').inputValue();
  const other = first === 'Luxe Aesthetics' ? 'Serenity Med Spa' : 'Luxe Aesthetics';
  const dialog = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });

  // Unsaved edits: switching asks first; Stay keeps them and the provider.
  await field(page, 'Description').fill('Not saved');
  await switcher.selectOption({ label: other });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(field(page, 'Name')).toHaveValue(first);
  await expect(field(page, 'Description')).toHaveValue('Not saved');
  await expect(switcher.locator('option:checked')).toHaveText(first);

  // Discard switches.
  await switcher.selectOption({ label: other });
  await dialog.getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(field(page, 'Name')).toHaveValue(other);

  // Nothing typed: switching back does not ask.
  await switcher.selectOption({ label: first });
  await expect(field(page, 'Name')).toHaveValue(first);
  await expect(dialog).toHaveCount(0);
});

test('a refused location with a saved provider says "Failed to update provider" and keeps what was typed', async ({
  page,
}) => {
  const name = `Partial Spa ${Date.now()}`;
  await ownProvider(name);
  await signInAsAdmin(page);
  // The real API refuses the location save through its test-mode fault switch; the provider save goes through.
  await page.route(`${E2E.apiUrl}/locations/*`, (route) =>
    route.request().method() === 'PUT'
      ? route.continue({ headers: { ...route.request().headers(), [TEST_FAULT_HEADER]: 'location' } })
      : route.fallback(),
  );
  await page.goto(`/providers?q=${encodeURIComponent(name)}`);
  await tiles(page)
    .getByRole('button', { name: new RegExp(name) })
    .click();
  await field(page, 'Description').fill('Saved part');
  await field(page, 'Tax Rate').fill('30');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(PROVIDER_MESSAGES.providerUpdateFailed)).toBeVisible();
  await expect(page.getByText('This request failed on purpose (test mode)')).toBeVisible();
  await expect(field(page, 'Tax Rate')).toHaveValue('30');
  await expect(field(page, 'Description')).toHaveValue('Saved part');
});
