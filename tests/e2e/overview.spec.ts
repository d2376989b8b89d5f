/**
 * The admin's Overview (/overview, issue 30): the figures shown are the API's, each with its change from the
 * previous 30 days read out in words and a daily chart; each onboarding state opens the providers list
 * filtered to it; a failed read offers Try again; an empty marketplace says so; the page reads well at 1440
 * and 390 px. Other files add bookings and providers as they run, so each check compares the page with the
 * answer that page itself received.
 */
import type { Page } from '@playwright/test';
import type { Overview } from '../../src/api/contract/overview';
import { formatDollars } from '../../src/domain/shared/money';
import { animationsEnded, checkA11y, expect, openAsAdmin, test } from './fixtures';
import { adminSession } from './sessions';
import { E2E } from './stack';

const card = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true });

/** GET /overview answered with this status and body instead (the real answer's headers kept, CORS included). */
async function answerOverviewWith(page: Page, answer: { status?: number; json: unknown }) {
  await page.route(`${E2E.apiUrl}/overview`, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    await route.fulfill({ response, ...answer });
  });
}

async function openOverview(page: Page): Promise<Overview> {
  const answer = page.waitForResponse(
    (response) => response.url() === `${E2E.apiUrl}/overview` && response.request().method() === 'GET',
  );
  await page.goto('/overview');
  const figures = (await (await answer).json()) as Overview;
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(card(page, 'Bookings')).toBeVisible();
  return figures;
}

test.describe('overview', () => {
  test.use(adminSession);

  for (const [size, viewport] of [
    ['laptop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    test(`shows the API's figures with their change and daily chart at ${viewport.width} px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await openAsAdmin(page);
      const figures = await openOverview(page);
      const bookings = card(page, 'Bookings');
      await expect(bookings).toContainText(figures.bookings.current.toLocaleString('en-US'));
      await expect(bookings).toContainText(
        `${figures.bookings.previous.toLocaleString('en-US')} in the previous 30 days`,
      );
      await expect(bookings.getByRole('img', { name: /^Bookings per day, last 30 days/ })).toBeVisible();
      // The change is read out in words, not only as a sign and a colour.
      await expect(bookings.getByText(/^(Up|Down|No change)/)).toHaveCount(1);
      await expect(card(page, 'Completed revenue')).toContainText(formatDollars(figures.revenue.current));
      await expect(card(page, 'Commission')).toContainText(formatDollars(figures.commission.current));
      await expect(card(page, 'Late cancellations')).toContainText(String(figures.lateCancellations.current));
      await expect(card(page, 'New users')).toContainText(String(figures.newUsers.current));
      const providers = card(page, 'Providers by onboarding');
      await expect(providers.getByRole('link', { name: /^Live/ })).toContainText(
        String(figures.providers.live),
      );
      await expect(card(page, 'Payouts on the way')).toContainText(
        formatDollars(figures.payoutsWaiting.amountInCents),
      );
      // Nothing is wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await checkA11y(page);
      await page.waitForLoadState('networkidle');
      await animationsEnded(page);
      await page.screenshot({ path: `docs/screens/${size}-admin-overview.png`, fullPage: true });
    });
  }

  test('an onboarding state opens the providers list filtered to it, and Show all providers clears it', async ({
    page,
  }) => {
    await openAsAdmin(page);
    const figures = await openOverview(page);
    const listed = page.waitForResponse(
      (response) => response.url().includes('onboarding=live') && !response.url().includes('/facets'),
    );
    await card(page, 'Providers by onboarding').getByRole('link', { name: /^Live/ }).click();
    await expect(page).toHaveURL(/\/providers\?onboarding=live$/);
    await expect(page.getByText('Onboarding state: Live.')).toBeVisible();
    const page1 = (await (await listed).json()) as { total: number; providers: { name: string }[] };
    expect(page1.total).toBeGreaterThanOrEqual(Math.min(1, figures.providers.live));
    for (const provider of page1.providers.slice(0, 3))
      await expect(page.getByText(provider.name, { exact: true }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Show all providers' }).click();
    await expect(page).toHaveURL(/\/providers$/);
    await expect(page.getByText('Onboarding state: Live.')).toHaveCount(0);
  });

  test('a failed read says so and Try again loads the figures', async ({ page }) => {
    await openAsAdmin(page);
    await answerOverviewWith(page, { status: 500, json: { code: 'internal', message: 'Broken' } });
    await page.goto('/overview');
    // The query tries three more times first (TanStack Query's backoff: 1, 2 and 4 s).
    await expect(
      page.getByRole('alert').filter({ hasText: 'The overview could not be loaded.' }),
    ).toBeVisible({ timeout: 30_000 });
    await page.unroute(`${E2E.apiUrl}/overview`);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(card(page, 'Bookings')).toBeVisible();
  });

  test('an empty marketplace says so and offers Invite Provider', async ({ page }) => {
    await openAsAdmin(page);
    const none = { current: 0, previous: 0, daily: Array.from({ length: 30 }, () => 0) };
    const empty: Overview = {
      current: { from: '2026-05-02', to: '2026-05-31' },
      previous: { from: '2026-04-02', to: '2026-05-01' },
      bookings: none,
      revenue: none,
      commission: none,
      cancellations: none,
      lateCancellations: none,
      newUsers: none,
      providers: { started: 0, connected: 0, mapped: 0, payoutsReady: 0, live: 0 },
      payoutsWaiting: { count: 0, amountInCents: 0 },
    };
    await answerOverviewWith(page, { json: empty });
    await page.goto('/overview');
    await expect(page.getByRole('heading', { name: 'Nothing on the marketplace yet' })).toBeVisible();
    await page.getByRole('link', { name: 'Invite Provider' }).click();
    await expect(page).toHaveURL(/\/providers\/provider\/invite$/);
  });
});
