/**
 * The list pattern (issue 31, docs/design.md "Lists"): the providers list's facets show the API's counts and
 * filter by them, its columns sort, its empty state clears the filters; and on a phone (390 px) every list
 * (users, providers, credits, promo codes, appointments) shows its rows as cards that fit, with nothing
 * scrolling sideways, axe clean.
 */
import type { Page } from '@playwright/test';
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

  await system.selectOption({ value: chosen.value });
  await expect(page).toHaveURL(new RegExp(`strategy=${chosen.value}`));
  await expect(page.getByText(new RegExp(`· ${chosen.count} providers`))).toBeVisible();
  const shown = Math.min(chosen.count, 24);
  await expect(providersTable(page).locator('tbody tr')).toHaveCount(shown);
  for (const cell of await providersTable(page).locator('tbody tr td:nth-child(3)').allTextContents())
    expect(cell).toBe(label);
  // Public narrows further, and its counts follow the chosen system.
  const publicYes = page.getByLabel('Public').locator('option[value="yes"]');
  await expect(publicYes).toHaveText(/^Yes \(\d+\)$/);
  const yes = Number((await publicYes.textContent())?.match(/\((\d+)\)/)?.[1]);
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
