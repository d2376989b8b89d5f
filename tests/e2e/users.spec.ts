/**
 * The users screen as an admin uses it (01 §2, §5, §8): search, paging, the drawer, role change with
 * providers, user credits, the invite-code conflict, delete after confirming, and both CSV downloads.
 * Users that a test changes or deletes are made for that test (invited and registered through the API),
 * so the seeded people stay as other tests expect them.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { parseCsv } from '../../src/domain/shared/csv';
import { USER_MESSAGES } from '../../src/domain/shared/messages';
import { api, checkA11y, expect, openAsAdmin, test, tokenOf } from './fixtures';
import { adminSession } from './sessions';
import { DEMO } from './stack';

interface Person {
  uid: string;
  email: string;
  password: string;
  name: string;
  /** The version the user row is at after it was made. */
  version: number;
}

/** A fresh user of this test: invited and registered (a provider of Glow Studio), then made a plain USER. */
async function makePerson(label: string): Promise<Person> {
  const admin = await tokenOf(DEMO.admin);
  const providers = await api<{ id: number; name: string }[]>(admin, 'GET', '/providers');
  const glow = providers.find((provider) => provider.name === 'Glow Studio');
  const email = `people-${label}-${Date.now()}@upkeep.test`;
  const password = 'people-e2e-password';
  const invite = await api<{ code: string }>(admin, 'POST', '/provider/invite', {
    email,
    providerIdArray: [glow?.id],
  });
  await api(admin, 'POST', '/provider/invite/user', { email, password, code: invite.code });
  const list = await api<{ users: { firebaseUid: string; version: number }[] }>(
    admin,
    'GET',
    `/user?search=${encodeURIComponent(email)}`,
  );
  const uid = list.users[0]?.firebaseUid;
  if (!uid) throw new Error(`no user row for ${email}`);
  const name = `Test ${label.charAt(0).toUpperCase()}${label.slice(1)}`;
  const saved = await api<{ version: number }>(admin, 'PUT', `/user/${uid}`, {
    email,
    displayName: name,
    firstName: 'Test',
    lastName: name.split(' ')[1],
    role: 'USER',
    version: list.users[0]?.version,
  });
  return { uid, email, password, name, version: saved.version };
}

async function openUser(page: Page, person: { email: string; name: string }) {
  await page.goto(`/users?q=${encodeURIComponent(person.email)}`);
  await page.getByRole('button', { name: person.name, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: person.name });
  await expect(drawer.getByRole('heading', { name: 'Account Information' })).toBeVisible();
  await expect(drawer.getByLabel('Full name')).toHaveValue(person.name);
  return drawer;
}

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });

test.describe('users screen', () => {
  test.use(adminSession);

  test('search, page sizes and pages live in the URL; an empty search says User Not Found', async ({
    page,
  }) => {
    await openAsAdmin(page);
    await page.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/users/);
    await expect(usersTable(page).getByRole('button', { name: 'Ada Admin' })).toBeVisible();
    await checkA11y(page, '/users');

    // Search by name, any case; then by phone as people type it.
    await page.getByLabel('Search by name, email or phone').fill('JORDAN');
    await expect(page).toHaveURL(/q=JORDAN/);
    await expect(usersTable(page).getByRole('row')).toHaveCount(2);
    await expect(
      usersTable(page).getByRole('row', {
        name: /Jordan Lee jordan\.lee@example\.com \(310\) 555-0101 User [A-Z][a-z]{2} \d{1,2}, \d{4}/,
      }),
    ).toBeVisible();
    await page.getByLabel('Search by name, email or phone').fill('(512) 555-0104');
    await expect(usersTable(page).getByRole('button', { name: 'Sofia Garcia' })).toBeVisible();
    await expect(usersTable(page).getByRole('row')).toHaveCount(2);
    await page.getByLabel('Search by name, email or phone').fill('nobody-has-this-name');
    await expect(page.getByText('User Not Found')).toBeVisible();
    await checkA11y(page, '/users with no match');

    // Page size 5 and page 2 survive a reload.
    await page.getByLabel('Search by name, email or phone').fill('');
    await expect(page).not.toHaveURL(/q=/);
    await expect(page.getByLabel('Rows per page')).toHaveValue('10');
    await page.getByLabel('Rows per page').selectOption('5');
    await expect(page).toHaveURL(/size=5/);
    await expect(usersTable(page).getByRole('row')).toHaveCount(6);
    const firstPage = await usersTable(page).getByRole('row').nth(1).innerText();
    const nextRequest = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return url.pathname === '/user' && url.searchParams.get('page') === '2';
    });
    await page.getByRole('button', { name: 'Next' }).click();
    // Next reads the rows after the last one shown (a cursor, as cheap deep down as at the top).
    expect(new URL((await nextRequest).url()).searchParams.get('after')).toBeTruthy();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/^6–\d+ of \d+$/)).toBeVisible();
    await expect(usersTable(page).getByRole('row').nth(1)).not.toHaveText(firstPage);
    await page.reload();
    await expect(page.getByText(/^6–\d+ of \d+$/)).toBeVisible();
    await expect(page.getByLabel('Rows per page')).toHaveValue('5');

    // All: every user in one scrolling table.
    await page.getByLabel('Rows per page').selectOption('All');
    await expect(page).toHaveURL(/size=all/);
    await expect(page.getByText(/^All \d+ users$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
  });

  test('a slow search keeps the rows before, marked busy, and the URL follows within a moment', async ({
    page,
  }) => {
    await openAsAdmin(page);
    await page.goto('/users');
    await expect(usersTable(page).getByRole('button', { name: 'Ada Admin' })).toBeVisible();
    // The answer to this search is held back until the test lets it go: the URL changes after the screen's
    // 300 ms wait all the same, the rows before stay (busy, with the search spinner), then the answer
    // replaces them.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.endsWith('/user') && url.searchParams.get('search') === 'jordan',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    const typedAt = Date.now();
    await page.getByLabel('Search by name, email or phone').fill('jordan');
    await expect(page).toHaveURL(/q=jordan/);
    expect(Date.now() - typedAt).toBeLessThan(1_500);
    await expect(usersTable(page)).toHaveAttribute('aria-busy', 'true');
    await expect(usersTable(page).getByRole('button', { name: 'Ada Admin' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Searching' })).toBeVisible();
    release();
    await expect(usersTable(page).getByRole('row')).toHaveCount(2);
    await expect(usersTable(page).getByRole('button', { name: 'Jordan Lee' })).toBeVisible();
    await expect(usersTable(page)).not.toHaveAttribute('aria-busy', 'true');
  });

  test('a search is read during the typing pause, so the table can show it as the pause ends', async ({
    page,
  }) => {
    await openAsAdmin(page);
    await page.goto('/users');
    await expect(usersTable(page).getByRole('button', { name: 'Ada Admin' })).toBeVisible();
    // Each search's request, with where the page was when it left.
    const sent: { search: string; url: string }[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      const search = url.searchParams.get('search');
      if (url.pathname.endsWith('/user') && search) sent.push({ search, url: page.url() });
    });
    // Keys 130 ms apart: longer than the read-ahead's lull, shorter than the pause the URL waits for.
    await page.getByLabel('Search by name, email or phone').pressSequentially('sofia', { delay: 130 });
    await expect(page).toHaveURL(/q=sofia/);
    await expect(usersTable(page).getByRole('button', { name: 'Sofia Garcia' })).toBeVisible();
    // The words on the way were read while typing went on, each before the URL held it (on a loaded machine
    // a key can come later than the pause, and the URL then takes the word typed so far).
    const onTheWay = sent.filter((s) => s.search !== 'sofia');
    expect(onTheWay.length).toBeGreaterThan(0);
    const held = (url: string) => new URL(url).searchParams.get('q');
    for (const { search, url } of onTheWay) {
      expect('sofia'.startsWith(search)).toBe(true);
      expect(held(url)).not.toBe(search);
    }
    // The whole word's request left before the URL took it.
    const whole = sent.find((s) => s.search === 'sofia');
    expect(whole).toBeDefined();
    expect(held(whole?.url ?? '')).not.toBe('sofia');
  });

  test('the list opens at /users with its defaults out of the URL; a change, a link and Back and Forward', async ({
    page,
  }) => {
    await openAsAdmin(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    const table = usersTable(page);
    const nameHeader = table.getByRole('columnheader', { name: /Name/ });
    await expect(table.getByRole('button', { name: 'Ada Admin' })).toBeVisible();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByLabel('Rows per page')).toHaveValue('10');
    const path = () => new URL(page.url()).pathname + new URL(page.url()).search;
    expect(path()).toBe('/users');
    // Opened by its address too, and the rows' arrival changes nothing.
    await page.goto('/users');
    await expect(table.getByRole('button', { name: 'Ada Admin' })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(path()).toBe('/users');
    await checkA11y(page, '/users as opened');

    // A change puts the order in the URL; Back and Forward bring each list back (in its order: which users
    // come first depends on what other test files have just created).
    const names = () =>
      table
        .getByRole('row')
        .evaluateAll((rows) =>
          rows
            .slice(1)
            .map((row) => row.querySelector('td.user-name > :first-child')?.textContent?.toLowerCase() ?? ''),
        );
    const inOrder = async (dir: 'asc' | 'desc') => {
      const shown = await names();
      const sorted = [...shown].sort();
      return JSON.stringify(shown) === JSON.stringify(dir === 'asc' ? sorted : sorted.reverse());
    };
    await nameHeader.getByRole('button').click();
    await expect(page).toHaveURL(/[?&]sort=name&dir=desc$|[?&]dir=desc(&|$)/);
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(() => inOrder('desc')).toBe(true);
    await page.goBack();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(path()).toBe('/users');
    await expect.poll(() => inOrder('asc')).toBe(true);
    await page.goForward();
    await expect(page).toHaveURL(/dir=desc/);
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(() => inOrder('desc')).toBe(true);

    // A link that names its settings, defaults among them, still shows them.
    await page.goto('/users?page=1&size=5&sort=email&dir=asc');
    await expect(table.getByRole('columnheader', { name: /Email/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(page.getByLabel('Rows per page')).toHaveValue('5');
    await expect(table.getByRole('row')).toHaveCount(6);
    await checkA11y(page, '/users from a link with its settings');
  });

  test('columns sort, a role filter narrows, both live in the URL; an empty result offers to clear', async ({
    page,
  }) => {
    await openAsAdmin(page);
    await page.goto('/users');
    const table = usersTable(page);
    const nameHeader = table.getByRole('columnheader', { name: /Name/ });
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    const names = () =>
      table
        .getByRole('row')
        .evaluateAll((rows) => rows.slice(1).map((row) => row.querySelectorAll('td')[1]?.textContent ?? ''));
    const ascending = await names();
    await nameHeader.getByRole('button').click();
    await expect(page).toHaveURL(/sort=name&dir=desc|dir=desc&.*sort=name|dir=desc/);
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(names).not.toEqual(ascending);
    const lower = (list: string[]) => list.map((name) => name.toLowerCase());
    const descending = await names();
    expect(lower(descending)).toEqual([...lower(descending)].sort().reverse());

    // Joined, newest first; the order survives a reload.
    await table
      .getByRole('columnheader', { name: /Joined/ })
      .getByRole('button')
      .click();
    await expect(page).toHaveURL(/sort=joined/);
    await expect(table.getByRole('columnheader', { name: /Joined/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await page.reload();
    await expect(table.getByRole('columnheader', { name: /Joined/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    // Only admins.
    await page.getByLabel('Role').selectOption('ADMIN');
    await expect(page).toHaveURL(/role=ADMIN/);
    await expect(table.getByRole('button', { name: 'Ada Admin' })).toBeVisible();
    const roles = await table
      .getByRole('row')
      .evaluateAll((rows) => rows.slice(1).map((row) => row.querySelectorAll('td')[4]?.textContent ?? ''));
    expect(new Set(roles)).toEqual(new Set(['Admin']));
    await checkA11y(page, '/users sorted and filtered');

    // Nothing matches: the empty state offers to clear the search and the filter.
    await page.getByLabel('Search by name, email or phone').fill('jordan');
    await expect(page.getByText('User Not Found')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search and filter' }).click();
    await expect(page.getByLabel('Search by name, email or phone')).toHaveValue('');
    await expect(page.getByLabel('Role')).toHaveValue('');
    // The whole list is back (in the chosen order, so which users come first depends on what other test
    // files have just created).
    await expect(page.getByText('User Not Found')).toHaveCount(0);
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(page).not.toHaveURL(/role=/);
  });

  test('on a phone each user reads whole: the email and phone under the name, nothing cut off', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openAsAdmin(page);
    // Searched for, so the users other test files create never push the row off the first screen.
    await page.goto('/users?q=marcus');
    const table = usersTable(page);
    await expect(table.getByRole('button', { name: 'Marcus Johnson' })).toBeVisible();
    // The email and the phone are read under the name, in full, inside the screen.
    const row = table.getByRole('row').filter({ hasText: 'Marcus Johnson' });
    for (const text of ['marcus.johnson@example.com', '(212) 555-0103']) {
      // The laptop's own columns are in the document too, not shown.
      const line = row.getByText(text, { exact: true }).filter({ visible: true });
      await expect(line).toBeVisible();
      await expect(line).toBeInViewport({ ratio: 1 });
      expect(await line.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    }
    // Their own columns are a laptop's: on a phone only name and role have headers.
    await expect(table.getByRole('columnheader', { name: /Email/ })).toHaveCount(0);
    await expect(table.getByRole('columnheader', { name: /Name/ })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Role' })).toBeVisible();
    // The role filter folds behind Filters beside the search box, so the first user is on the first screen;
    // Filters says how many are set once one is.
    await expect(page.getByLabel('Role')).toBeHidden();
    const filters = page.getByRole('button', { name: 'Filters', exact: true });
    const search = await page.getByLabel('Search by name, email or phone').boundingBox();
    const button = await filters.boundingBox();
    expect(
      Math.abs((button?.y ?? 0) + (button?.height ?? 0) - (search?.y ?? 0) - (search?.height ?? 0)),
    ).toBeLessThan(2);
    await expect(table.getByRole('button', { name: 'Marcus Johnson' })).toBeInViewport({ ratio: 1 });
    await checkA11y(page, '/users at 390 px');
    await filters.click();
    await page.getByLabel('Role').selectOption('USER');
    await expect(page).toHaveURL(/role=USER/);
    await expect(page.getByRole('button', { name: 'Filters · 1' })).toBeVisible();
    await expect(table.getByRole('button', { name: 'Marcus Johnson' })).toBeVisible();
    // Neither the table's box nor the document scrolls sideways.
    expect(await table.evaluate((node) => node.scrollWidth - node.clientWidth)).toBeLessThanOrEqual(0);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
  });

  test('the header fits its actions: on a phone Invite beside the title and both downloads in one row under it', async ({
    page,
  }) => {
    await openAsAdmin(page);
    for (const size of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      await page.goto('/users');
      const title = page.getByRole('heading', { level: 1, name: 'Users' });
      const invite = page.getByRole('link', { name: 'Invite', exact: true });
      const waitlist = page.getByRole('button', { name: 'Download Waitlist' });
      const users = page.getByRole('button', { name: 'Download Users List' });
      await expect(title).toBeVisible();
      const middle = async (locator: Locator) => {
        const box = await locator.boundingBox();
        return (box?.y ?? 0) + (box?.height ?? 0) / 2;
      };
      // Each action once, whole, inside the screen.
      for (const action of [invite, waitlist, users]) {
        await expect(action).toHaveCount(1);
        await expect(action).toBeInViewport({ ratio: 1 });
        expect(await action.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
      }
      const titleBox = await title.boundingBox();
      const inviteMiddle = await middle(invite);
      // Invite is on the title's row at both sizes.
      expect(inviteMiddle).toBeGreaterThan(titleBox?.y ?? 0);
      expect(inviteMiddle).toBeLessThan((titleBox?.y ?? 0) + (titleBox?.height ?? 0));
      // The two downloads share one row: under the title on a phone, beside Invite on a laptop.
      expect(Math.abs((await middle(waitlist)) - (await middle(users)))).toBeLessThan(2);
      if (size.width === 390) expect(await middle(waitlist)).toBeGreaterThan(inviteMiddle + 20);
      else expect(Math.abs((await middle(waitlist)) - inviteMiddle)).toBeLessThan(2);
      await page.screenshot({ path: `.tmp/users-header-${size.width}.png` });
      await checkA11y(page, `/users header at ${size.width} px`);
    }
  });

  test('a row opens the drawer: account, bookings and credits of the user', async ({ page }) => {
    await openAsAdmin(page);
    await page.goto('/users?q=jordan');
    await usersTable(page).getByRole('button', { name: 'Jordan Lee' }).click();
    await expect(page).toHaveURL(/user=seed-jordan-lee/);
    const drawer = page.getByRole('dialog', { name: 'Jordan Lee' });
    await expect(drawer.getByLabel('Invite code')).toHaveValue('JORDAN10');
    await expect(drawer.getByLabel('Birthdate')).toHaveValue('1990-04-12');
    await expect(drawer.getByRole('heading', { name: 'Associated Providers' })).toHaveCount(0);
    const bookings = drawer.getByRole('table', { name: 'Booking history' });
    await expect(bookings.getByRole('row', { name: /Botox Glow Studio Completed/ })).toBeVisible();
    const credits = drawer.getByRole('table', { name: 'User credits' });
    await expect(
      credits.getByRole('row', { name: 'Welcome Credit $10.00 $25.00 Remove Welcome Credit' }),
    ).toBeVisible();
    await checkA11y(page, 'user drawer');

    // A provider's drawer lists their providers.
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page).not.toHaveURL(/user=/);
    await page.goto('/users?q=multi@upkeep.test');
    await usersTable(page).getByRole('button', { name: 'Morgan Multi' }).click();
    const multi = page.getByRole('dialog', { name: 'Morgan Multi' });
    const associated = multi.getByRole('region', { name: 'Associated Providers' });
    await expect(associated.getByRole('listitem')).toHaveText(['Luxe Aesthetics', 'Serenity Med Spa']);
    await expect(multi.getByText('No appointments')).toBeVisible();
  });

  test('the drawer steps to the previous and next user of the list, in its order, and says where it is', async ({
    page,
  }) => {
    const stamp = Date.now().toString(36);
    const people = [];
    for (const letter of ['a', 'b', 'c']) people.push(await makePerson(`pager${stamp}${letter}`));
    await openAsAdmin(page);
    // The three, newest name first: the drawer follows the list's order.
    await page.goto(`/users?q=pager${stamp}&sort=name&dir=desc`);
    await page.getByRole('button', { name: people[1]!.name, exact: true }).click();
    let drawer = page.getByRole('dialog', { name: people[1]!.name });
    const pager = () => page.getByRole('dialog').getByRole('navigation', { name: 'Browse users' });
    await expect(pager()).toContainText('2 of 3');
    await pager().getByRole('button', { name: 'Next user' }).click();
    drawer = page.getByRole('dialog', { name: people[0]!.name });
    await expect(drawer.getByLabel('Full name')).toHaveValue(people[0]!.name);
    await expect(pager()).toContainText('3 of 3');
    await expect(pager().getByRole('button', { name: 'Next user' })).toBeDisabled();
    await pager().getByRole('button', { name: 'Previous user' }).click();
    await expect(page.getByRole('dialog', { name: people[1]!.name })).toBeVisible();
    await pager().getByRole('button', { name: 'Previous user' }).click();
    drawer = page.getByRole('dialog', { name: people[2]!.name });
    await expect(drawer.getByLabel('Full name')).toHaveValue(people[2]!.name);
    await expect(pager()).toContainText('1 of 3');
    await expect(pager().getByRole('button', { name: 'Previous user' })).toBeDisabled();
    await checkA11y(page, 'user drawer with previous and next');
    // With an edit unsaved, stepping on asks first, like closing does.
    await drawer.getByLabel('Full name').fill(`${people[2]!.name} Changed`);
    await pager().getByRole('button', { name: 'Next user' }).click();
    const question = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Stay' }).click();
    await expect(drawer.getByLabel('Full name')).toHaveValue(`${people[2]!.name} Changed`);
    await pager().getByRole('button', { name: 'Next user' }).click();
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByRole('dialog', { name: people[1]!.name })).toBeVisible();
  });

  test('role PROVIDER with two providers is saved and shown in Associated Providers after a reload', async ({
    page,
  }) => {
    const person = await makePerson('role');
    await openAsAdmin(page);
    let drawer = await openUser(page, person);
    await expect(drawer.getByLabel('Role')).toHaveValue('USER');
    await drawer.getByLabel('Role').selectOption('PROVIDER');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer.getByText('Choose at least one provider for a provider user')).toBeVisible();
    // The providers are found by name and chosen as chips, by pointer and by Enter.
    const picker = drawer.getByRole('combobox', { name: 'Providers' });
    await picker.fill('Serenity Med');
    await drawer.getByRole('option', { name: /^Serenity Med Spa/ }).click();
    await expect(drawer.getByRole('button', { name: 'Remove Serenity Med Spa' })).toBeVisible();
    await expect(drawer.getByText('1 chosen.')).toBeVisible();
    await picker.fill('Harbor Wellness');
    await expect(drawer.getByRole('option', { name: /^Harbor Wellness/ })).toBeVisible();
    await checkA11y(page, 'user drawer with the provider picker');
    await picker.press('Enter');
    await expect(drawer.getByRole('button', { name: 'Remove Harbor Wellness' })).toBeVisible();
    await expect(drawer.getByText('2 chosen.')).toBeVisible();
    await expect(drawer.getByText('Choose at least one provider for a provider user')).toHaveCount(0);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved user')).toBeVisible();

    await page.reload();
    drawer = page.getByRole('dialog', { name: person.name });
    const associated = drawer.getByRole('region', { name: 'Associated Providers' });
    await expect(associated.getByRole('listitem')).toHaveText(['Harbor Wellness', 'Serenity Med Spa']);
    await expect(drawer.getByLabel('Role')).toHaveValue('PROVIDER');

    // The claim was written: a fresh sign-in of that person carries the provider role.
    const token = await tokenOf(person);
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      role?: string;
    };
    expect(claims.role).toBe('provider');
  });

  test('the providers picker on a phone, by keyboard: matches, chips, Backspace and Escape', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const person = await makePerson('chips');
    await openAsAdmin(page);
    const drawer = await openUser(page, person);
    await drawer.getByLabel('Role').selectOption('PROVIDER');
    const picker = drawer.getByRole('combobox', { name: 'Providers' });
    const list = drawer.getByRole('listbox', { name: 'Providers' });
    await expect(picker).toBeVisible();
    await expect(drawer.getByText('Loading providers…')).toHaveCount(0);
    await picker.focus();
    await expect(picker).toHaveAttribute('aria-expanded', 'false');
    // Down opens the matches on the first one.
    await picker.press('ArrowDown');
    await expect(list).toBeVisible();
    await expect(picker).toHaveAttribute('aria-expanded', 'true');
    await expect(picker).toHaveAttribute(
      'aria-activedescendant',
      (await list.getByRole('option').first().getAttribute('id')) ?? '',
    );
    for (const name of ['Serenity Med Spa', 'Luxe Aesthetics']) {
      await picker.pressSequentially(name);
      await expect(list.getByRole('option', { name: new RegExp(`^${name}`) })).toBeVisible();
      await expect(list.getByRole('option')).toHaveCount(1);
      await picker.press('ArrowDown');
      await picker.press('Enter');
      await expect(drawer.getByRole('button', { name: `Remove ${name}` })).toBeVisible();
      await expect(picker).toHaveValue('');
      // The choice closes the list, which would cover what follows.
      await expect(list).toHaveCount(0);
    }
    await expect(drawer.getByText('2 chosen.')).toBeVisible();
    const chips = drawer.getByRole('list', { name: 'Chosen: Providers' }).getByRole('listitem');
    await expect(chips).toHaveCount(2);
    // Each chip is inside the phone's width.
    for (const chip of await chips.all()) {
      const box = await chip.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    }
    // Down opens it again; Escape closes it and leaves the drawer open.
    await picker.press('ArrowDown');
    await expect(list).toBeVisible();
    await picker.press('Escape');
    await expect(list).toHaveCount(0);
    await expect(drawer).toBeVisible();

    // A name that matches nothing says so; Escape clears it and leaves the drawer open.
    await picker.pressSequentially('zq-no-such-provider');
    await expect(drawer.getByText('No providers match “zq-no-such-provider”.')).toBeVisible();
    await checkA11y(page, 'the providers picker on a phone, nothing matches');
    await picker.press('Escape');
    await expect(picker).toHaveValue('');
    await expect(drawer).toBeVisible();
    await expect(picker).toBeFocused();

    // Backspace in the empty box removes the last chip; the one before is removed by its own button.
    await picker.press('Backspace');
    await expect(drawer.getByRole('button', { name: 'Remove Luxe Aesthetics' })).toHaveCount(0);
    await expect(drawer.getByText('1 chosen.')).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await expect(drawer.getByRole('button', { name: 'Remove Serenity Med Spa' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(chips).toHaveCount(0);
    await expect(picker).toBeFocused();
    await expect(drawer.getByText('Choose the providers this user manages.')).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
  });

  test('save rules: the name split, the uppercased invite code, and a taken code shown on its field', async ({
    page,
  }) => {
    const person = await makePerson('rules');
    await openAsAdmin(page);
    const drawer = await openUser(page, person);

    await drawer.getByLabel('Full name').fill('Mary Ann Smith');
    await expect(
      drawer.getByText('"Smith" will be kept in the display name only, not in the first or last name.'),
    ).toBeVisible();
    await drawer.getByLabel('Invite code').fill('jordan10');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Error saving user')).toBeVisible();
    await expect(
      drawer.getByText("JORDAN10 is another user's invite code. Choose a different one."),
    ).toBeVisible();
    await expect(drawer.getByText(/already taken|inviteCode:/)).toHaveCount(0);
    await expect(drawer.getByLabel('Invite code')).toHaveValue('jordan10');
    await expect(drawer.getByLabel('Full name')).toHaveValue('Mary Ann Smith');
    await checkA11y(page, 'user drawer with the invite-code error');

    const code = `M${Date.now().toString(36)}`.slice(0, 12);
    await drawer.getByLabel('Invite code').fill(code.toLowerCase());
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved user')).toBeVisible();
    const renamed = page.getByRole('dialog', { name: 'Mary Ann Smith' });
    await expect(renamed.getByLabel('Invite code')).toHaveValue(code.toUpperCase());
    const saved = await api<{ firstName: string; lastName: string; displayName: string; inviteCode: string }>(
      await tokenOf(DEMO.admin),
      'GET',
      `/user/${person.uid}`,
    );
    expect(saved).toMatchObject({
      displayName: 'Mary Ann Smith',
      firstName: 'Mary',
      lastName: 'Ann',
      inviteCode: code.toUpperCase(),
    });
  });

  test('a credit from the list is added to the user, removed again and given back by Undo', async ({
    page,
  }) => {
    const person = await makePerson('credits');
    await openAsAdmin(page);
    const drawer = await openUser(page, person);
    await expect(drawer.getByText('No credits yet.')).toBeVisible();
    await drawer.getByLabel('Credit to add').selectOption({ label: 'Referral Bonus ($50.00)' });
    await drawer.getByRole('button', { name: 'Add credit' }).click();
    const credits = drawer.getByRole('table', { name: 'User credits' });
    await expect(credits.getByRole('row', { name: /^Referral Bonus \$0\.00 \$50\.00/ })).toBeVisible();
    await checkA11y(page, 'user drawer with a credit');
    await page.reload();
    await expect(
      page.getByRole('dialog').getByRole('row', { name: /^Referral Bonus \$0\.00 \$50\.00/ }),
    ).toBeVisible();
    // Taking a credit away asks first, naming it; Cancel keeps it.
    await page.getByRole('button', { name: 'Remove Referral Bonus' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove credit' });
    await expect(confirm).toContainText('Remove the credit "Referral Bonus" from this user?');
    await checkA11y(page, 'remove credit confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(
      page.getByRole('dialog').getByRole('row', { name: /^Referral Bonus \$0\.00 \$50\.00/ }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Remove Referral Bonus' }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Removed credit.')).toBeVisible();
    await expect(page.getByRole('dialog').getByText('No credits yet.')).toBeVisible();
    // Nothing of it was spent, so the toast's Undo gives it back, and it stays after a reload.
    await page.getByRole('button', { name: 'Undo: Removed credit.' }).click();
    await expect(page.getByText('Gave the credit back.')).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('dialog').getByRole('row', { name: /^Referral Bonus \$0\.00 \$50\.00/ }),
    ).toBeVisible();
  });

  test('on a phone the drawer fills the screen, Save at its bottom; its ✕ is clear of the toast and closes it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const person = await makePerson('phone');
    await openAsAdmin(page);
    const drawer = await openUser(page, person);
    expect(await drawer.boundingBox()).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    // The phone as typed, with its +1, saved from the footer at the drawer's bottom edge.
    await drawer.getByLabel('Phone').fill('+1 206 555 0134');
    const save = drawer.getByRole('button', { name: 'Save' });
    await expect(save).toBeInViewport();
    const saveBox = await save.boundingBox();
    expect((saveBox?.y ?? 0) + (saveBox?.height ?? 0)).toBeGreaterThan(844 - 72);
    await save.click();
    const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: 'Saved user' });
    await expect(toast).toBeVisible();
    const close = drawer.getByRole('button', { name: 'Close' });
    const [toastBox, closeBox] = [await toast.boundingBox(), await close.boundingBox()];
    if (!toastBox || !closeBox) throw new Error('the toast or the close button is not on screen');
    expect(toastBox.x + toastBox.width, 'the toast ends left of the close button').toBeLessThanOrEqual(
      closeBox.x,
    );
    // Clicked where it is (no force): nothing covers it while the toast shows.
    await close.click({ trial: true });
    await close.click();
    await expect(toast).toBeVisible();
    await expect(page.getByRole('dialog', { name: person.name })).toHaveCount(0);
    // The table writes the saved number as every screen writes a US number.
    const row = usersTable(page).getByRole('row').filter({ hasText: person.name });
    await expect(row.getByText('(206) 555-0134', { exact: true }).filter({ visible: true })).toBeVisible();
    await checkA11y(page, 'users on a phone after a save');
  });

  test('closing the drawer with unsaved changes asks first (Esc and the close button)', async ({ page }) => {
    const person = await makePerson('unsaved');
    await openAsAdmin(page);
    const drawer = await openUser(page, person);
    await drawer.getByLabel('Full name').fill('Someone Else');
    const question = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });

    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(question).toBeVisible();
    await checkA11y(page, 'discard question over the drawer');
    await question.getByRole('button', { name: 'Stay' }).click();
    await expect(question).toHaveCount(0);
    await expect(drawer.getByLabel('Full name')).toHaveValue('Someone Else');

    await drawer.getByLabel('Full name').press('Escape');
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByRole('dialog', { name: person.name })).toHaveCount(0);
    await expect(page).not.toHaveURL(/user=/);
  });

  test('a user is deleted only after confirming, and can no longer sign in', async ({ page }) => {
    const person = await makePerson('delete');
    await openAsAdmin(page);
    let drawer = await openUser(page, person);
    await drawer.getByRole('button', { name: 'Delete user' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete user' });
    await expect(confirm).toContainText(`Delete ${person.name}?`);
    await checkA11y(page, 'delete confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    drawer = page.getByRole('dialog', { name: person.name });
    await drawer.getByRole('button', { name: 'Delete user' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete user' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Deleted user')).toBeVisible();
    await expect(page).not.toHaveURL(/user=/);
    await expect(page.getByText('User Not Found')).toBeVisible();
    await expect(tokenOf(person)).rejects.toThrow(/USER_DISABLED/);
  });

  test('both CSV downloads parse back: the waitlist, and the users matching the search', async ({ page }) => {
    // A name a spreadsheet would run as a formula, with a comma and quotes in it.
    const person = await makePerson('csv');
    const admin = await tokenOf(DEMO.admin);
    await api(admin, 'PUT', `/user/${person.uid}`, {
      email: person.email,
      displayName: '=cmd|"calc", x',
      firstName: 'Test',
      lastName: 'Csv',
      phone: '+15550001234',
      version: person.version,
    });
    await openAsAdmin(page);
    await page.goto('/users');

    const waitlistDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Waitlist' }).click();
    const waitlist = await waitlistDownload;
    expect(waitlist.suggestedFilename()).toMatch(/^waitlist-\d{4}-\d{2}-\d{2}\.csv$/);
    const leads = parseCsv(readFileSync((await waitlist.path()) ?? '', 'utf8'));
    expect(leads[0]).toEqual(['Email', 'Name', 'Signed up']);
    expect(leads.slice(1).map((row) => row.slice(0, 2))).toEqual(
      expect.arrayContaining([
        ['waitlist.alex@example.com', 'Alex Rivera'],
        ['waitlist.kim@example.com', ''],
      ]),
    );

    await page.getByLabel('Search by name, email or phone').fill(person.email);
    await expect(usersTable(page).getByRole('row')).toHaveCount(2);
    const usersDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Users List' }).click();
    const users = await usersDownload;
    expect(users.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parseCsv(readFileSync((await users.path()) ?? '', 'utf8'));
    expect(rows[0]?.slice(0, 5)).toEqual(['Name', 'First name', 'Last name', 'Email', 'Phone']);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(0, 5)).toEqual([`'=cmd|"calc", x`, 'Test', 'Csv', person.email, '+15550001234']);

    // With the role filter the list shows no one (the person is a USER), and neither does the file.
    await page.goto(`/users?q=${encodeURIComponent(person.email)}&role=ADMIN`);
    await expect(page.getByText(USER_MESSAGES.notFound)).toBeVisible();
    const filteredDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Users List' }).click();
    const filtered = parseCsv(readFileSync((await (await filteredDownload).path()) ?? '', 'utf8'));
    expect(filtered).toHaveLength(1);
  });
});
