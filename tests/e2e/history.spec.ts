/**
 * History (the audit trail, admins only): an edit made in the console shows with who made it and what
 * changed, the record links to its editor, the filters live in the URL (record type and id, person, kind),
 * Load older reads the next page, the CSV holds the filtered events, and the page reads well at 1440 and
 * 390 px. Each test filters to records or people of its own, so the other files' events never get in.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { AUDIT_MESSAGES } from '../../src/domain/audit/audit';
import { parseCsv } from '../../src/domain/shared/csv';
import { api, checkA11y, expect, freshProvider, openAsAdmin, test, tokenOf } from './fixtures';
import { adminSession } from './sessions';
import { DEMO } from './stack';

const table = (page: Page) => page.getByRole('table', { name: 'History' });
const rows = (page: Page) => table(page).locator('tbody tr');

interface Credit {
  id: number;
  title: string;
  version: number;
}

test.describe('history', () => {
  test.use(adminSession);

  test('an edited credit shows who changed what; the record links to its editor; at both widths', async ({
    page,
  }) => {
    const admin = await tokenOf(DEMO.admin);
    const title = `History ${Date.now()}`;
    const credit = await api<Credit>(admin, 'POST', '/credits', { title, totalInCents: 1_000 });
    await openAsAdmin(page);
    await page.goto(`/credits?id=${credit.id}`);
    await page.getByLabel('Title').fill(`${title} renamed`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved credit.')).toBeVisible();
    // The editor says who changed the credit last.
    await expect(page.getByText(/^Changed by admin@upkeep\.test/)).toBeVisible();

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('link', { name: 'History' }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();
    await page.getByLabel('Record type').selectOption({ label: 'Credit' });
    await expect(page).toHaveURL(/recordType=credit/);
    await page.getByLabel('Record id').fill(String(credit.id));
    await page.getByLabel('Record id').press('Enter');
    await expect(page).toHaveURL(new RegExp(`recordId=${credit.id}`));

    // Newest first: the update, then the create.
    await expect(rows(page)).toHaveCount(2);
    const updated = rows(page).first();
    await expect(updated).toContainText('admin@upkeep.test');
    await expect(updated).toContainText('Admin');
    await expect(updated).toContainText('Updated');
    await expect(updated).toContainText(`Title: ${title} → ${title} renamed`);
    await expect(updated).not.toContainText('Version');
    await expect(rows(page).nth(1)).toContainText('Created');
    // "just now", with the exact time on keyboard focus.
    const when = updated.locator('time');
    await expect(when).toContainText('just now');
    await when.focus();
    await expect(when.locator('.exact')).toBeVisible();
    await checkA11y(page, '/history at 1440 px');

    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone each event is a card: its lines are named, nothing runs off the screen.
    await expect(updated.locator('td').first()).toBeVisible();
    const box = await updated.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await checkA11y(page, '/history at 390 px');
    await page.setViewportSize({ width: 1440, height: 900 });

    await updated.getByRole('link', { name: `Credit ${credit.id}` }).click();
    await expect(page).toHaveURL(new RegExp(`/credits\\?id=${credit.id}$`));
    await expect(page.getByLabel('Title')).toHaveValue(`${title} renamed`);
  });

  test('filter by person and kind; no match offers Clear filters; a sign-in is on record', async ({
    page,
  }) => {
    const person = await freshProvider('history');
    const token = await tokenOf(person);
    // What the console reports after this person signs in.
    await api(token, 'POST', '/audit/events', { kind: 'sign-in' });
    await openAsAdmin(page);
    await page.goto('/history');
    await page.getByLabel('Person (email or uid)').fill(person.email);
    await page.getByLabel('Person (email or uid)').press('Enter');
    await expect(page).toHaveURL(/actor=/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Signed in');
    await expect(rows(page).first()).toContainText('Provider');

    await page.getByLabel('What').selectOption({ label: 'Deleted' });
    await expect(page.getByText(AUDIT_MESSAGES.empty)).toBeVisible();
    await checkA11y(page, '/history with no match');
    await page.getByRole('button', { name: 'Clear filters' }).last().click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(page.getByLabel('Person (email or uid)')).toHaveValue('');
    await expect(rows(page).first()).toBeVisible();

    // The filters are in the URL: opening it again shows the same events.
    await page.goto(`/history?actor=${encodeURIComponent(person.email)}&kind=sign-in`);
    await expect(rows(page)).toHaveCount(1);
    await expect(page.getByLabel('What')).toHaveValue('sign-in');
  });

  test('Clear filters: in the bar on a laptop (disabled until a filter is set), on a phone only once one is', async ({
    page,
  }) => {
    await openAsAdmin(page);
    const bar = page.getByRole('search', { name: 'Filter history' });
    const clear = bar.getByRole('button', { name: 'Clear filters' });

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/history');
    await expect(clear).toBeVisible();
    await expect(clear).toBeDisabled();
    await page.getByLabel('What').selectOption({ label: 'Signed in' });
    await expect(clear).toBeEnabled();

    // On a phone nothing set means no Clear filters row between the search box and the list.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/history');
    await expect(page.getByLabel('Person (email or uid)')).toBeVisible();
    await expect(clear).toBeHidden();
    await checkA11y(page, '/history at 390 px, no filter');
    await page.getByLabel('Person (email or uid)').fill(DEMO.admin.email);
    await page.getByLabel('Person (email or uid)').press('Enter');
    await expect(page).toHaveURL(/actor=/);
    await expect(clear).toBeVisible();
    await clear.click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(clear).toBeHidden();
  });

  test('viewing as a provider is on record, with the provider it was', async ({ page }) => {
    const admin = await tokenOf(DEMO.admin);
    const providers = await api<{ id: number; name: string }[]>(admin, 'GET', '/providers');
    const glow = providers.find((provider) => provider.name === 'Glow Studio');
    if (!glow) throw new Error('the provider Glow Studio is missing');
    await openAsAdmin(page);
    await page.goto(`/providers?provider=${glow.id}`);
    await page.getByRole('button', { name: 'View as provider' }).click();
    await expect(page).toHaveURL(/\/provider\/overview$/);
    await page
      .getByRole('region', { name: 'View as provider' })
      .getByRole('button', { name: /^Exit/ })
      .click();
    await expect(page).toHaveURL(/\/providers/);

    await page.goto(`/history?recordType=provider&recordId=${glow.id}&kind=view-as-start`);
    const started = rows(page).first();
    await expect(started).toContainText('Started viewing as');
    await expect(started).toContainText(`viewing as provider ${glow.id}`);
    await page.goto(`/history?recordType=provider&recordId=${glow.id}&kind=view-as-end`);
    await expect(rows(page).first()).toContainText('Stopped viewing as');
  });

  test('Load older reads the next page; the CSV holds the filtered events', async ({ page }) => {
    const admin = await tokenOf(DEMO.admin);
    let credit = await api<Credit>(admin, 'POST', '/credits', {
      title: `Paged ${Date.now()}`,
      totalInCents: 500,
    });
    // 55 edits and the create: more than one page of 50.
    for (let edit = 1; edit <= 55; edit++) {
      credit = await api<Credit>(admin, 'PUT', `/credits/${credit.id}`, {
        title: `${credit.title.replace(/ #\d+$/, '')} #${edit}`,
        version: credit.version,
      });
    }
    await openAsAdmin(page);
    await page.goto(`/history?recordType=credit&recordId=${credit.id}`);
    await expect(rows(page)).toHaveCount(50);
    await expect(rows(page).first()).toContainText('#54 → ');
    await page.getByRole('button', { name: 'Load older' }).click();
    await expect(rows(page)).toHaveCount(56);
    await expect(rows(page).last()).toContainText('Created');
    await expect(page.getByRole('button', { name: 'Load older' })).toHaveCount(0);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^history-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = parseCsv(readFileSync((await file.path()) ?? '', 'utf8'));
    expect(csv[0]).toEqual(expect.arrayContaining(['at', 'actorEmail', 'kind', 'recordType', 'recordId']));
    const body = csv.slice(1);
    expect(body).toHaveLength(56);
    const column = (name: string) => csv[0]?.indexOf(name) ?? -1;
    expect(new Set(body.map((row) => row[column('recordId')]))).toEqual(new Set([String(credit.id)]));
    expect(body.filter((row) => row[column('kind')] === 'update')).toHaveLength(55);
  });
});
