/**
 * The browser tests' `test`: every test gets `checkA11y(page)` (axe, failing on serious or critical
 * violations) and, after it, a check that no demo password was left in localStorage or sessionStorage.
 * Shared helpers: `signIn` / `signInAsAdmin` in the browser, `tokenOf` and `api` for setting up data over
 * the API.
 */
import { createRequire } from 'node:module';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import type { Strategy } from '../../src/api/contract/provider';
import { UPLOAD_MESSAGES } from '../../src/domain/shared/messages';
import { DEMO, E2E } from './stack';

const require = createRequire(import.meta.url);
const axePath = require.resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

export async function checkA11y(page: Page, label = page.url()) {
  // A dialog or toast still fading in has colours between its own and the page's: axe would read their
  // contrast mid-way. Checked once the finite animations have ended (a spinner's never does).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      ),
  );
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(context: Document, options: { resultTypes: string[] }): Promise<{ violations: unknown[] }>;
        };
      }
    ).axe;
    // Only the violations are wanted: axe skips collecting the passes and the incomplete results.
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  const serious = (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `accessibility violations on ${label}`).toEqual([]);
}

const PASSWORDS = Object.values(DEMO).map((account) => account.password);

export async function storedValues(page: Page): Promise<string[]> {
  if (page.url() === 'about:blank') return [];
  return page.evaluate(() => {
    const values: string[] = [];
    for (const storage of [window.localStorage, window.sessionStorage]) {
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key !== null) values.push(`${key}=${storage.getItem(key) ?? ''}`);
      }
    }
    return values;
  });
}

export const test = base.extend<{ noPasswordsStored: void; noPageErrors: void }>({
  /** Uncaught exceptions in the page, and 404s for the console's own files, fail the test. */
  noPageErrors: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      page.on('response', (response) => {
        const own = [E2E.webUrl, E2E.devWebUrl].some((origin) => response.url().startsWith(origin));
        if (response.status() === 404 && own) {
          problems.push(`404: ${response.url()}`);
        }
      });
      await use();
      expect(problems, 'errors in the page').toEqual([]);
    },
    { auto: true },
  ],
  noPasswordsStored: [
    async ({ page }, use, testInfo) => {
      await use();
      const extra = (testInfo.annotations.find((a) => a.type === 'typed-password')?.description ?? '').split(
        ',',
      );
      const secrets = [...PASSWORDS, ...extra.filter(Boolean)];
      const leaks = (await storedValues(page)).filter((entry) =>
        secrets.some((secret) => entry.includes(secret)),
      );
      expect(leaks, 'a password was left in browser storage').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * A record's row in a list table (credits, promo codes): the row whose title button is named exactly `name`
 * and that shows each of `cells` (e.g. its total). `.getByRole('button')` is the title, marked current
 * when chosen.
 */
export function recordRow(scope: Locator, name: string, ...cells: string[]): Locator {
  return cells.reduce(
    (row, cell) => row.filter({ hasText: cell }),
    scope.getByRole('row').filter({ has: scope.page().getByRole('button', { name, exact: true }) }),
  );
}

export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in as the demo admin from the login page and waits for the landing screen. */
export async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/services(?:[?#].*)?$/);
}

/**
 * For tests that start with the admin's stored session (`test.use(adminSession)`, tests/e2e/sessions.ts):
 * opens the admin's landing screen, signed in as after `signInAsAdmin`.
 */
export async function openAsAdmin(page: Page) {
  await page.goto('/services');
  await expect(page).toHaveURL(/\/services(?:[?#].*)?$/);
}

const json = { 'Content-Type': 'application/json' };

/** An ID token straight from the auth emulator, for setting up data over the API. */
export async function tokenOf(account: { email: string; password: string }): Promise<string> {
  const response = await fetch(
    `http://127.0.0.1:${E2E.authPort}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
    { method: 'POST', headers: json, body: JSON.stringify({ ...account, returnSecureToken: true }) },
  );
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`sign-in failed for ${account.email}: ${JSON.stringify(body)}`);
  return body.idToken;
}

/** A JSON call to the API with a token; throws on any failure status. */
export async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${E2E.apiUrl}${path}`, {
    method,
    headers: { ...json, Authorization: `Bearer ${token}` },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Installs the Upkeep app for a Boulevard stand-in business, as its install page's Install does: the page acts
 * only with the state the API gives a signed-in session for the business.
 */
export async function installBoulevard(token: string, businessId: string) {
  const { state } = await api<{ state: string }>(
    token,
    'POST',
    '/scheduling-sandbox/boulevard/install-state',
    {
      businessId,
    },
  );
  const response = await fetch(`${E2E.apiUrl}/scheduling-sandbox/boulevard/install`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ businessId, state }).toString(),
  });
  if (!response.ok) throw new Error(`Boulevard install of ${businessId}: ${response.status}`);
}

/**
 * A provider account of its own for a test that creates providers as a provider (the wizard), so the demo
 * provider keeps exactly its one provider for the tests that read it: invited for Glow Studio (or the
 * provider named) and registered through the API.
 */
export async function freshProvider(
  label: string,
  /** The provider the account manages, by name, or the ids of those it manages (default: Glow Studio). */
  managed: string | number[] = 'Glow Studio',
): Promise<{ email: string; password: string }> {
  const admin = await tokenOf(DEMO.admin);
  let providerIds: number[];
  if (typeof managed === 'string') {
    const providers = await api<{ id: number; name: string }[]>(admin, 'GET', '/providers');
    const named = providers.find((provider) => provider.name === managed);
    if (!named) throw new Error(`the provider ${managed} is missing`);
    providerIds = [named.id];
  } else providerIds = managed;
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@upkeep.test`;
  const password = 'fresh-provider-password';
  const invite = await api<{ code: string }>(admin, 'POST', '/provider/invite', {
    email,
    providerIdArray: providerIds,
  });
  await api(admin, 'POST', '/provider/invite/user', { email, password, code: invite.code });
  return { email, password };
}

/**
 * A provider of the test's own, made by the admin over the API, with a location in Boise (`location` adds
 * or replaces location fields, such as hours) and the API's default scheduling strategy unless `strategy`
 * names one.
 */
export async function ownProvider(
  name: string,
  location: Record<string, unknown> = {},
  strategy?: Strategy,
): Promise<{ id: number; locationId: number }> {
  const admin = await tokenOf(DEMO.admin);
  const made = await api<{ id: number }>(admin, 'POST', '/locations', {
    streetAddress: '9 Elm St',
    city: 'Boise',
    state: 'ID',
    zip: '83702',
    country: 'US',
    coordinates: { lat: 43.6, lng: -116.2 },
    ...location,
  });
  const provider = await api<{ id: number }>(admin, 'POST', '/providers', {
    name,
    description: 'Made by a test',
    locationId: made.id,
    ...(strategy ? { strategy } : {}),
  });
  return { id: provider.id, locationId: made.id };
}

// A 1×1 PNG for the wizard's logo and cover image.
const PROFILE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Fills the wizard's business profile (step 1) with an address in Santa Monica, a logo and a cover uploaded. */
export async function fillBusinessProfile(page: Page, name: string) {
  await page.getByLabel('Business name').fill(name);
  await page.getByLabel('Street').fill('500 Ocean Ave');
  await page.getByLabel('City').fill('Santa Monica');
  await page.getByLabel('State').fill('CA');
  await page.getByLabel('Zip').fill('90402');
  await page.getByLabel('Country').fill('US');
  await page
    .getByLabel('Logo')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PROFILE_PNG });
  await page
    .getByLabel('Cover image')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PROFILE_PNG });
  await page.getByLabel('Description').fill('Facials by the beach');
  await expect(page.getByText(/^Coordinates: /)).toBeVisible();
  await imagesUploaded(page);
}

/**
 * Filled means uploaded: each image's preview shows once its upload has ended (a reload before then loses
 * that image, as it would for a person). Then the upload toasts have left: at the bottom end they cover
 * Next, and one appearing as Next is pressed takes the click.
 */
export async function imagesUploaded(page: Page) {
  await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Cover image preview' })).toBeVisible();
  const toasts = page
    .getByRole('status')
    .filter({ hasText: new RegExp(`${UPLOAD_MESSAGES.uploading}|${UPLOAD_MESSAGES.uploaded}`) });
  await expect(toasts.first()).toBeVisible();
  await expect(toasts).toHaveCount(0, { timeout: 20_000 });
}

/**
 * Waits for the running animations (dialogs, toasts) to end: mid-fade, text is partly transparent. Endless
 * ones (spinners) are not waited for.
 */
export async function animationsEnded(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * A picture of one part of the page, for a person to look at: the page's screenshot clipped to the part.
 * Unlike an element screenshot it does not wait for the part to hold still (under load that wait outlasted
 * the test once), and it takes the whole part even where it is taller than the window.
 */
export async function capture(part: Locator, path: string) {
  await part.waitFor();
  const clip = await part.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return {
      x: box.left + window.scrollX,
      y: box.top + window.scrollY,
      width: box.width,
      height: box.height,
    };
  });
  await part.page().screenshot({ path, fullPage: true, clip });
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Availability with every 15-minute slot of every day open. */
export function roundTheClock() {
  const day = Array.from({ length: 96 }, (_, i) => ({
    time: `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`,
    checked: true,
  }));
  return Object.fromEntries(WEEKDAYS.map((name) => [name, day]));
}

/**
 * A start on the 15-minute grid about `hours` after now, moved an hour earlier while it falls after 23:00 in
 * one of the zones: a booking there would run past midnight, where round-the-clock availability ends its day.
 */
export function ahead(hours: number, zones: readonly string[] = ['America/Los_Angeles']): string {
  const quarter = 15 * 60_000;
  let at = Math.ceil(Temporal.Now.instant().epochMilliseconds / quarter) * quarter + hours * 3_600_000;
  const late = () =>
    zones.some((zone) => Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(zone).hour >= 23);
  while (late()) at -= 3_600_000;
  return Temporal.Instant.fromEpochMilliseconds(at).toString();
}
