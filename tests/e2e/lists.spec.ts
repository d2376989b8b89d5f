/**
 * The list pattern (issue 31, docs/design.md "Lists"): the providers list's facets show the API's counts and
 * filter by them, its columns sort, its empty state clears the filters; the credits, promo codes and
 * appointments columns sort too, the order in the URL; and on a phone (390 px) every list (users, providers,
 * credits, promo codes, appointments) shows its rows as cards that fit, with nothing scrolling sideways, and
 * its order is chosen with the one Sort by control, axe clean.
 */
import type { Locator, Page } from '@playwright/test';
import { checkA11y, expect, signIn, test } from './fixtures';
import { DEMO } from './stack';

async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/services$/);
}

const providersTable = (page: Page) => page.getByRole('table', { name: 'Providers' });
const firstName = (page: Page) => providersTable(page).locator('tbody tr').first().getByRole('button');

interface Facets {
  total: number;
  strategy: { value: string; count: number }[];
  public: { value: string; count: number }[];
}

test('the providers facets show the counts the API gives, and choosing one filters the list to that many', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const answered = page.waitForResponse(
    (response) => response.url().includes('/providers/facets') && response.ok(),
  );
  await page.goto('/providers');
  const facets = (await (await answered).json()) as Facets;
  const system = page.getByLabel('Scheduling system');
  const chosen = facets.strategy.find((row) => row.value === 'MINDBODY') ?? facets.strategy[0];
  if (!chosen) throw new Error('a scheduling system expected');
  const label = chosen.value === 'MANUAL' ? 'Manual (books in Upkeep)' : chosen.value;
  await expect(system.locator('option', { hasText: `${label} (${chosen.count})` })).toHaveCount(1);
  await expect(system.locator('option').first()).toHaveText(`All (${facets.total.toLocaleString('en-US')})`);
  await checkA11y(page, 'providers table');

  const narrowed = page.waitForResponse(
    (response) =>
      response.url().includes('/providers/facets') &&
      response.url().includes(`strategy=${chosen.value}`) &&
      response.ok(),
  );
  await system.selectOption({ value: chosen.value });
  await expect(page).toHaveURL(new RegExp(`strategy=${chosen.value}`));
  const within = (await (await narrowed).json()) as Facets;
  await expect(page.getByText(new RegExp(`· ${chosen.count} providers`))).toBeVisible();
  const shown = Math.min(chosen.count, 24);
  await expect(providersTable(page).locator('tbody tr')).toHaveCount(shown);
  for (const cell of await providersTable(page).locator('tbody tr td:nth-child(3)').allTextContents())
    expect(cell).toBe(label);
  // Public narrows further, and its counts follow the chosen system (read once that system's facets came).
  const yes = within.public.find((row) => row.value === 'yes')?.count ?? 0;
  await expect(page.getByLabel('Public').locator('option[value="yes"]')).toHaveText(`Yes (${yes})`);
  await page.getByLabel('Public').selectOption({ value: 'yes' });
  await expect(page).toHaveURL(/public=yes/);
  await expect(page.getByText(new RegExp(`· ${yes} providers`))).toBeVisible();
});

test('the providers columns sort both ways, in the URL', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/providers');
  const nameHeader = providersTable(page).getByRole('columnheader', { name: /Provider/ });
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(firstName(page)).toBeVisible();
  const firstAscending = await firstName(page).textContent();
  await nameHeader.getByRole('button').click();
  await expect(page).toHaveURL(/dir=desc/);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(providersTable(page)).toHaveAttribute('aria-busy', 'false');
  await expect(firstName(page)).not.toHaveText(firstAscending ?? '');

  const stage = providersTable(page).getByRole('columnheader', { name: /Onboarding/ });
  await stage.getByRole('button').click();
  await expect(page).toHaveURL(/sort=onboarding/);
  await expect(stage).toHaveAttribute('aria-sort', 'ascending');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  // The old rows stay, dimmed and marked busy, until the new order comes.
  await expect(providersTable(page)).toHaveAttribute('aria-busy', 'false');
  // Started comes before Live in this order: the first row is never further along than the last.
  const ranks = { Started: 0, Connected: 1, Mapped: 2, Live: 3 } as Record<string, number>;
  const stages = await providersTable(page).locator('tbody tr td:nth-child(4)').allTextContents();
  const ordered = stages.map((text) => ranks[text] ?? -1);
  expect(ordered).toEqual([...ordered].sort((a, b) => a - b));
  // A reload keeps the order: it lives in the URL.
  await page.reload();
  await expect(stage).toHaveAttribute('aria-sort', 'ascending');
});

/** The text of one column (1-based) of a table's rows, in order. */
const columnTexts = (table: Locator, column: number) =>
  table.locator(`tbody tr td:nth-child(${column})`).allTextContents();
const dollars = (texts: string[]) => texts.map((text) => Number(text.replace(/[$,]/g, '')));
const ascending = (values: number[]) => [...values].sort((a, b) => a - b);

test('the credits and promo codes columns sort both ways, the order in the URL across a reload', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/credits');
  const credits = page.getByRole('table', { name: 'Credits' });
  const title = credits.getByRole('columnheader', { name: /Title/ });
  const total = credits.getByRole('columnheader', { name: /Total/ });
  await expect(title).toHaveAttribute('aria-sort', 'ascending');
  await expect(total).toHaveAttribute('aria-sort', 'none');
  await total.getByRole('button').click();
  await expect(page).toHaveURL(/sort=total/);
  await expect(total).toHaveAttribute('aria-sort', 'ascending');
  await expect(title).toHaveAttribute('aria-sort', 'none');
  await expect(credits).toHaveAttribute('aria-busy', 'false');
  const up = dollars(await columnTexts(credits, 2));
  expect(up).toEqual(ascending(up));
  // The sorted column turns around.
  await total.getByRole('button').click();
  await expect(page).toHaveURL(/sort=total&dir=desc|dir=desc&sort=total/);
  await expect(total).toHaveAttribute('aria-sort', 'descending');
  await expect(credits).toHaveAttribute('aria-busy', 'false');
  // Highest first now (other tests may add credits meanwhile: the order is checked, not the same rows).
  await expect
    .poll(async () => {
      const shown = dollars(await columnTexts(credits, 2));
      return shown.join() === ascending(shown).reverse().join() && shown[0]! > shown.at(-1)!;
    })
    .toBe(true);
  await checkA11y(page, '/credits by total');
  // Choosing a credit keeps the order; a reload too: it lives in the URL.
  await credits.locator('tbody tr').first().getByRole('button').click();
  await expect(page).toHaveURL(/id=\d+/);
  await expect(page).toHaveURL(/dir=desc/);
  await page.reload();
  await expect(total).toHaveAttribute('aria-sort', 'descending');
  // Other tests add credits meanwhile: the order is checked, not the same rows.
  const down = dollars(await columnTexts(credits, 2));
  expect(down).toEqual(ascending(down).reverse());
  // Sorting beside an unsaved edit asks nothing: the credit stays open with what was typed.
  const field = page.getByLabel('Title');
  const saved = await field.inputValue();
  await field.fill(`${saved} typed`);
  await title.getByRole('button').click();
  await expect(title).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(field).toHaveValue(`${saved} typed`);
  await expect(page).toHaveURL(/id=\d+/);
  await field.fill(saved);

  await page.goto('/promocodes');
  const promos = page.getByRole('table', { name: 'Promo codes' });
  const code = promos.getByRole('columnheader', { name: /Code/ });
  await expect(code).toHaveAttribute('aria-sort', 'ascending');
  await expect(promos.locator('tbody tr').first()).toBeVisible();
  const codes = await columnTexts(promos, 1);
  await code.getByRole('button').click();
  await expect(page).toHaveURL(/dir=desc/);
  await expect(code).toHaveAttribute('aria-sort', 'descending');
  await expect(promos).toHaveAttribute('aria-busy', 'false');
  await expect.poll(() => columnTexts(promos, 1)).toEqual([...codes].reverse());
  const amount = promos.getByRole('columnheader', { name: /Amount/ });
  await amount.getByRole('button').click();
  await expect(page).toHaveURL(/sort=amount/);
  await expect(amount).toHaveAttribute('aria-sort', 'ascending');
  await expect(promos).toHaveAttribute('aria-busy', 'false');
  const amounts = dollars(await columnTexts(promos, 2));
  expect(amounts).toEqual(ascending(amounts));
  await page.reload();
  await expect(amount).toHaveAttribute('aria-sort', 'ascending');
  await checkA11y(page, '/promocodes by amount');
});

test('the appointments turn around by their Start header, the cursor pages following, in the URL', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/appointments');
  const table = page.getByRole('table', { name: 'Appointments' });
  const start = table.getByRole('columnheader', { name: /Start/ });
  await expect(start).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByText("Every provider's appointments, the latest start first.")).toBeVisible();
  const newestFirst = await table.locator('tbody tr').first().getByRole('button').textContent();
  const answered = page.waitForResponse(
    (response) => response.url().includes('/appointments/list') && response.url().includes('dir=asc'),
  );
  await start.getByRole('button').click();
  const page1 = (await (await answered).json()) as { items: { startDate: string }[] };
  const starts = page1.items.map((item) => Date.parse(item.startDate));
  expect(starts.length).toBeGreaterThan(1);
  expect(starts).toEqual(ascending(starts));
  await expect(page).toHaveURL(/dir=asc/);
  await expect(start).toHaveAttribute('aria-sort', 'ascending');
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(table.locator('tbody tr').first().getByRole('button')).not.toHaveText(newestFirst ?? '');
  await expect(page.getByText("Every provider's appointments, the earliest start first.")).toBeVisible();
  await page.reload();
  await expect(start).toHaveAttribute('aria-sort', 'ascending');
  await checkA11y(page, '/appointments oldest first');
});

test('an empty list offers to clear the filters, which brings every provider back', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/providers?q=no%20such%20provider&strategy=MANUAL&public=no');
  await expect(page.getByText('No providers match these filters.')).toBeVisible();
  await checkA11y(page, 'providers empty state');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/providers$/);
  await expect(page.getByLabel('Provider name')).toHaveValue('');
  await expect(page.getByLabel('Scheduling system')).toHaveValue('');
  await expect(firstName(page)).toBeVisible();
});

test.describe('on a phone (390 px) every list shows cards that fit', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  const lists: { path: string; ready: (page: Page) => ReturnType<Page['getByRole']> }[] = [
    {
      path: '/users',
      ready: (page) => page.getByRole('table', { name: 'Users' }).locator('tbody tr').first(),
    },
    { path: '/providers', ready: (page) => providersTable(page).locator('tbody tr').first() },
    { path: '/credits', ready: (page) => page.getByRole('heading', { level: 1, name: /Credits/ }) },
    { path: '/promocodes', ready: (page) => page.getByRole('heading', { level: 1, name: /Promo/ }) },
    {
      path: '/appointments',
      ready: (page) => page.getByRole('table', { name: 'Appointments' }).locator('tbody tr').first(),
    },
  ];

  for (const list of lists) {
    test(`${list.path}: nothing scrolls sideways, every row and badge inside the screen`, async ({
      page,
    }) => {
      await signInAsAdmin(page);
      await page.goto(list.path);
      await expect(list.ready(page)).toBeVisible();
      // Let the list settle (skeletons replaced by rows).
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      const overflow = await page.evaluate(() => {
        const wide: string[] = [];
        const root = document.documentElement;
        if (root.scrollWidth > root.clientWidth)
          wide.push(`document ${root.scrollWidth} > ${root.clientWidth}`);
        for (const table of document.querySelectorAll('table')) {
          const box = table.parentElement;
          if (box && table.scrollWidth > box.clientWidth)
            wide.push(`table ${table.getAttribute('aria-label')} ${table.scrollWidth} > ${box.clientWidth}`);
        }
        // Rows (cards) and what they hold end inside the screen, and no badge is cut off.
        for (const node of document.querySelectorAll('main tbody tr, main tbody td, main [class*="badge"]')) {
          const rect = node.getBoundingClientRect();
          if (rect.width > 0 && rect.right > window.innerWidth + 0.5)
            wide.push(`${node.tagName} "${node.textContent?.slice(0, 30)}" ends at ${rect.right}`);
        }
        for (const badge of document.querySelectorAll('main .user-role, main [class*="badge"]'))
          if (badge.scrollWidth > badge.clientWidth) wide.push(`badge "${badge.textContent}" cut off`);
        return wide;
      });
      expect(overflow).toEqual([]);
      await checkA11y(page, `${list.path} on a phone`);
    });
  }

  /** Each list, a column to choose with Sort by (users: its header is not drawn on a phone at all). */
  const sortable: { path: string; table: string; column: string; urlSort: RegExp; header: boolean }[] = [
    { path: '/users', table: 'Users', column: 'Email', urlSort: /sort=email/, header: false },
    {
      path: '/providers',
      table: 'Providers',
      column: 'Onboarding',
      urlSort: /sort=onboarding/,
      header: true,
    },
    { path: '/credits', table: 'Credits', column: 'Total', urlSort: /sort=total/, header: true },
    { path: '/promocodes', table: 'Promo codes', column: 'Total uses', urlSort: /sort=uses/, header: true },
    // One column (the one its cursor pages follow), already chosen: only the direction turns.
    {
      path: '/appointments',
      table: 'Appointments',
      column: 'Start',
      urlSort: /\/appointments/,
      header: true,
    },
  ];

  for (const list of sortable) {
    test(`${list.path}: the header row is hidden, the order is chosen with Sort by and turned around`, async ({
      page,
    }) => {
      await signInAsAdmin(page);
      await page.goto(list.path);
      const table = page.getByRole('table', { name: list.table });
      await expect(table.locator('tbody tr').first()).toBeVisible();
      expect(
        await table.locator('thead').evaluate((head) => head.getBoundingClientRect().height),
      ).toBeLessThanOrEqual(1);
      const sortBy = page.getByLabel('Sort by');
      await expect(sortBy).toBeVisible();
      await sortBy.selectOption({ label: list.column });
      await expect(page).toHaveURL(list.urlSort);
      await expect(sortBy.locator('option:checked')).toHaveText(list.column);
      await expect(table).not.toHaveAttribute('aria-busy', 'true');
      const direction = page.getByRole('button', { name: /^(Ascending|Descending)/ });
      const before = (await direction.textContent())?.startsWith('Ascending') ? 'asc' : 'desc';
      const after = before === 'asc' ? 'desc' : 'asc';
      await direction.click();
      await expect(page).toHaveURL(new RegExp(`dir=${after}`));
      await expect(direction).toHaveText(new RegExp(`^${after === 'asc' ? 'Ascending' : 'Descending'}`));
      if (list.header)
        await expect(table.getByRole('columnheader', { name: new RegExp(list.column) })).toHaveAttribute(
          'aria-sort',
          after === 'asc' ? 'ascending' : 'descending',
        );
      await expect(table).not.toHaveAttribute('aria-busy', 'true');
      await expect(table.locator('tbody tr').first()).toBeVisible();
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
        ),
      ).toBe(false);
      await checkA11y(page, `${list.path} sorted on a phone`);
    });
  }

  test('the further filters fold behind one button that counts them, and the first row is on the first screen', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/providers?public=yes');
    const system = page.getByLabel('Scheduling system');
    const fold = page.getByRole('button', { name: /^Filters/ });
    await expect(fold).toHaveText('Filters · 1');
    await expect(fold).toHaveAttribute('aria-expanded', 'false');
    await expect(system).toBeHidden();
    // The button sits on the name box's row, the box taking the rest of it.
    const box = await page.getByRole('searchbox', { name: 'Provider name' }).boundingBox();
    const button = await fold.boundingBox();
    expect(
      Math.abs((box?.y ?? 0) + (box?.height ?? 0) - (button?.y ?? 0) - (button?.height ?? 0)),
    ).toBeLessThan(2);
    expect(box?.width ?? 0).toBeGreaterThan(192);
    // The list starts on the first screen, under the name box and the button.
    const first = providersTable(page).locator('tbody tr').first();
    await expect(first).toBeVisible();
    expect((await first.boundingBox())?.y ?? Infinity).toBeLessThan(844);
    await fold.click();
    await expect(fold).toHaveAttribute('aria-expanded', 'true');
    await system.selectOption({ value: 'MANUAL' });
    await expect(page).toHaveURL(/strategy=MANUAL/);
    await expect(fold).toHaveText('Filters · 2');
    await expect(providersTable(page)).toHaveAttribute('aria-busy', 'false');
    await checkA11y(page, 'providers filters unfolded on a phone');
    await fold.click();
    await expect(system).toBeHidden();

    // The appointments workspace folds its filters the same way.
    await page.goto('/appointments');
    await expect(page.getByLabel('Status')).toBeHidden();
    const customer = await page.getByRole('searchbox', { name: 'Customer (name or email)' }).boundingBox();
    const folded = await page.getByRole('button', { name: 'Filters', exact: true }).boundingBox();
    const bottom = (rect: { y: number; height: number } | null) => (rect?.y ?? 0) + (rect?.height ?? 0);
    expect(Math.abs(bottom(customer) - bottom(folded))).toBeLessThan(2);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await expect(page.getByLabel('Status')).toBeVisible();
  });

  test('a user row is a card: the role badge reads whole', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/users?role=PROVIDER');
    const role = page.getByRole('table', { name: 'Users' }).locator('tbody .user-role').first();
    await expect(role).toBeVisible();
    await expect(role).toHaveText('Provider');
    await expect(role).toBeInViewport({ ratio: 1 });
    expect(await role.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
  });
});
