/**
 * Pricing tiers as an admin uses them, with no network (01 §2, §3, §5, §9; issue 13): add a tier, rename it
 * ('Incorrect entry.' when empty), set prices and Botox min units, draw and name a polygon and see it after a
 * reload, refuse a self-crossing one, search a city (debounced) and add its outline, delete a polygon and a
 * tier; the screen works 390 px wide. Each test makes its own tier, so seeded tiers stay as others expect.
 */
import type { Page } from '@playwright/test';
import { capture, checkA11y, expect, openAsAdmin, test } from './fixtures';
import { adminSession } from './sessions';
import { DEMO, E2E } from './stack';

const json = { 'Content-Type': 'application/json' };

async function adminToken(): Promise<string> {
  const response = await fetch(
    `http://127.0.0.1:${E2E.authPort}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
    { method: 'POST', headers: json, body: JSON.stringify({ ...DEMO.admin, returnSecureToken: true }) },
  );
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.idToken;
}

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${E2E.apiUrl}${path}`, {
    method,
    headers: { ...json, Authorization: `Bearer ${await adminToken()}` },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

function square(lng: number, lat: number, half: number): [number, number][] {
  return [
    [lng - half, lat - half],
    [lng + half, lat - half],
    [lng + half, lat + half],
    [lng - half, lat + half],
    [lng - half, lat - half],
  ];
}

/** A tier of this test, made over the API, opened on the given tab. */
async function openTier(page: Page, name: string, tab: 'menu' | 'map' = 'menu') {
  const tier = await api<{ id: number }>('POST', '/price-tier', { name });
  await page.goto(`/pricing-tiers?tier=${tier.id}&tab=${tab}`);
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  return tier;
}

/** The map renders in software (WebGL through SwiftShader) here: map tests get three times the time. */
async function mapReady(page: Page) {
  test.slow();
  await expect(page.locator('[data-map-state="ready"]')).toBeVisible({ timeout: 30_000 });
}

/** Where the map has settled: its centre [lng, lat] and zoom, from the map's wrapper. */
async function mapView(page: Page) {
  const wrapper = page.locator('[data-map-state="ready"]');
  const center = (await wrapper.getAttribute('data-map-center'))?.split(',').map(Number) ?? [];
  return {
    lng: center[0] ?? NaN,
    lat: center[1] ?? NaN,
    zoom: Number(await wrapper.getAttribute('data-map-zoom')),
  };
}

/** Draws with mapbox-gl-draw's polygon tool: a click at each corner (pixels from the map's top left), then Enter. */
async function draw(page: Page, corners: [number, number][]) {
  const map = page.locator('[data-testid="tier-map"]');
  await map.scrollIntoViewIfNeeded();
  await page.locator('.mapbox-gl-draw_polygon').click();
  const box = await map.locator('canvas').boundingBox();
  if (!box) throw new Error('the map canvas is not on the page');
  for (const [x, y] of corners) {
    await page.mouse.move(box.x + x, box.y + y);
    await page.mouse.down();
    await page.mouse.up();
    await page.waitForTimeout(100);
  }
  await map.locator('canvas').focus();
  await page.keyboard.press('Enter');
}

test.describe('pricing tiers', () => {
  test.use(adminSession);
  test.beforeEach(async ({ page }) => {
    await openAsAdmin(page);
  });

  test('add a tier, rename it, and set prices with Botox min units that survive a reload', async ({
    page,
  }) => {
    await page.getByRole('link', { name: 'Pricing Tiers' }).click();
    await expect(page).toHaveURL(/\/pricing-tiers\?tier=\d+&tab=menu/);
    const sidebar = page.getByRole('navigation', { name: 'Price tiers' });
    await expect(sidebar.getByRole('button', { name: 'Default', exact: true })).toBeVisible();
    await checkA11y(page, '/pricing-tiers');

    await sidebar.getByRole('button', { name: '+ Add Tier' }).click();
    await expect(page.getByText('Created price tier')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Untitled' })).toBeVisible();
    // Under the tier's name, who changed it last (read again after each save).
    await expect(page.getByText(/^Created by admin@upkeep\.test/)).toBeVisible();
    const url = page.url();
    expect(url).toMatch(/tier=\d+&tab=menu/);

    const name = `Tier ${Date.now()}`;
    await page.getByLabel('Tier name').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Incorrect entry.')).toBeVisible();
    await page.getByLabel('Tier name').fill(name);

    // Botox has Min units (default 1); a filler does not. Prices are the item's own until changed.
    const botoxPrice = page.getByLabel('Price of Botox in dollars');
    await expect(botoxPrice).toHaveValue('14.00');
    await expect(page.getByLabel('Min units of Botox')).toHaveValue('1');
    await expect(page.getByLabel('Min units of Juvederm')).toHaveCount(0);
    await botoxPrice.fill('16.5');
    await page.getByLabel('Min units of Botox').fill('25');
    await page.getByLabel('Price of HydraFacial in dollars').fill('205.55');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved price tier')).toBeVisible();
    await expect(sidebar.getByRole('button', { name, exact: true })).toHaveAttribute('aria-current', 'page');
    const changedBy = page.getByText(/^Changed by admin@upkeep\.test/);
    await expect(changedBy).toBeVisible();
    await page.setViewportSize({ width: 1440, height: 900 });
    await changedBy.evaluate((line) => line.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: '.tmp/pricing-tiers-changed-by-1440.png' });

    await page.reload();
    await expect(page.getByLabel('Tier name')).toHaveValue(name);
    await expect(page.getByLabel('Price of Botox in dollars')).toHaveValue('16.50');
    await expect(page.getByLabel('Min units of Botox')).toHaveValue('25');
    await expect(page.getByLabel('Price of HydraFacial in dollars')).toHaveValue('205.55');
    const tierId = Number(new URL(page.url()).searchParams.get('tier'));
    const saved = await api<{ serviceItems: { priceInCents: number; minUnits: number | null }[] }>(
      'GET',
      `/price-tier/${tierId}`,
    );
    expect(saved.serviceItems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ priceInCents: 1_650, minUnits: 25 }),
        expect.objectContaining({ priceInCents: 20_555, minUnits: null }),
      ]),
    );
  });

  test('leaving a tier with unsaved prices asks first', async ({ page }) => {
    const name = `Guarded ${Date.now()}`;
    await openTier(page, name);
    await page.getByLabel('Price of HydraFacial in dollars').fill('1.00');
    // Leaving the screen asks with the console's one guard.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    const leaving = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await expect(leaving).toBeVisible();
    await leaving.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/pricing-tiers/);
    await page
      .getByRole('navigation', { name: 'Price tiers' })
      .getByRole('button', { name: 'Default', exact: true })
      .click();
    const dialog = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(page.getByLabel('Price of HydraFacial in dollars')).toHaveValue('1.00');
    await page
      .getByRole('navigation', { name: 'Price tiers' })
      .getByRole('button', { name: 'Default', exact: true })
      .click();
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Default' })).toBeVisible();
  });

  test("a save over someone else's newer save offers Reload, which keeps the typed prices", async ({
    page,
  }) => {
    const name = `Stale ${Date.now()}`;
    const tier = await openTier(page, name);
    await page.getByLabel('Price of HydraFacial in dollars').fill('123.45');
    // Another admin renames the tier meanwhile.
    await api('PUT', `/price-tier/${tier.id}`, { name: `${name} renamed`, version: 1 });
    await page.getByRole('button', { name: 'Save' }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'changed by someone else' });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Reload' }).click();
    await expect(notice).toHaveCount(0);
    await expect(page.getByLabel('Tier name')).toHaveValue(`${name} renamed`);
    await expect(page.getByLabel('Price of HydraFacial in dollars')).toHaveValue('123.45');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved price tier')).toBeVisible();
    const saved = await api<{ name: string; serviceItems: { priceInCents: number }[] }>(
      'GET',
      `/price-tier/${tier.id}`,
    );
    expect(saved.name).toBe(`${name} renamed`);
    expect(saved.serviceItems).toEqual(
      expect.arrayContaining([expect.objectContaining({ priceInCents: 12_345 })]),
    );
  });

  test('draw and name a polygon, see it after a reload; a self-crossing one is refused', async ({ page }) => {
    const name = `Drawn ${Date.now()}`;
    await openTier(page, name, 'map');
    await mapReady(page);
    await checkA11y(page, '/pricing-tiers map tab');

    // A bow tie: its edges cross, so it is refused before anything is sent.
    await draw(page, [
      [200, 150],
      [300, 250],
      [300, 150],
      [200, 250],
    ]);
    await expect(
      page.getByText('The outline crosses itself. Redraw it so that no two edges cross.'),
    ).toBeVisible();
    await expect(page.getByLabel('Polygon name')).toHaveCount(0);

    await draw(page, [
      [200, 150],
      [320, 150],
      [320, 260],
      [200, 260],
    ]);
    await page.getByRole('button', { name: 'Save polygon' }).click();
    await expect(page.getByText('A polygon needs a name before it can be saved.')).toBeVisible();
    await page.getByLabel('Polygon name').fill('Midwest');
    await page.getByRole('button', { name: 'Save polygon' }).click();
    await expect(page.getByText('Saved polygon')).toBeVisible();
    const polygons = page.getByRole('region', { name: `Polygons of ${name}` });
    await expect(polygons.getByText('Midwest')).toBeVisible();

    await page.reload();
    await mapReady(page);
    await expect(
      page.getByRole('region', { name: `Polygons of ${name}` }).getByText('Midwest'),
    ).toBeVisible();

    // The same name again is refused by the server, whose message is shown.
    await draw(page, [
      [100, 100],
      [150, 100],
      [150, 140],
    ]);
    await page.getByLabel('Polygon name').fill('Midwest');
    await page.getByRole('button', { name: 'Save polygon' }).click();
    await expect(
      page.getByText('This tier already has a polygon named "Midwest". Choose another name.').first(),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Delete polygon Midwest' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete polygon' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Deleted polygon')).toBeVisible();
    await expect(
      page.getByRole('region', { name: `Polygons of ${name}` }).getByText('No polygons yet.'),
    ).toBeVisible();
  });

  test('city search waits for a pause in typing, then adds the city and its outline', async ({ page }) => {
    // The geo interface answers from the reference API's sandbox: US places from the zipcodes data, outlines
    // from the us-atlas counties. The requests are only watched, to count the searches.
    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/geo/autocomplete')) searches.push(url.searchParams.get('q') ?? '');
    });
    const name = `Cities ${Date.now()}`;
    await openTier(page, name, 'map');
    await mapReady(page);
    // A tier without polygons opens on the spec's default view: the United States at zoom 3.
    await expect.poll(async () => (await mapView(page)).zoom).toBe(3);
    await page.getByLabel('Search a city').pressSequentially('Boulder');
    await page.getByRole('button', { name: 'Boulder, CO, US' }).click();
    // The city's outline is a dot from there: the map moves to it.
    await expect.poll(async () => (await mapView(page)).zoom, { timeout: 15_000 }).toBeGreaterThan(6);
    const { lng, lat } = await mapView(page);
    expect(Math.abs(lng - -105.35)).toBeLessThan(1);
    expect(Math.abs(lat - 40.1)).toBeLessThan(1);
    // One search per pause in typing, not one per key, and the last one for the whole text.
    expect(searches.length).toBeLessThan('Boulder'.length);
    expect(searches.at(-1)).toBe('Boulder');
    await expect(page.getByLabel('Polygon name')).toHaveValue('Boulder, CO, US');
    await page.getByRole('button', { name: 'Save polygon' }).click();
    await expect(
      page.getByRole('region', { name: `Polygons of ${name}` }).getByText('Boulder, CO, US'),
    ).toBeVisible();
    // The city is named in plain words, not by its place id.
    await expect(page.getByText('Cities: Boulder, CO')).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved price tier')).toBeVisible();
    const tierId = Number(new URL(page.url()).searchParams.get('tier'));
    expect((await api<{ cityIds: string[] }>('GET', `/price-tier/${tierId}`)).cityIds).toEqual([
      'city:CO:Boulder',
    ]);

    // Which tier covers this place? Answered from the saved polygons: the polygon is Boulder County's
    // outline, so the city's coordinates and an address geocoded by the sandbox fall inside it.
    // (Other tests' tiers may cover it too, so only this tier's part of the answer is asserted.)
    const box = page.getByLabel('Which tier covers this address?');
    const covered = page.getByText(`Boulder, CO, US (${name})`, { exact: false });
    await box.fill('40.03, -105.28');
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(covered).toBeVisible();
    await box.fill('0, 0');
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByText('No tier covers this place: it is priced by no polygon.')).toBeVisible();
    await box.fill('Boulder, CO');
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(covered).toBeVisible();
  });

  test('delete a tier from its popover; the last tier cannot be deleted', async ({ page }) => {
    const name = `Doomed ${Date.now()}`;
    await openTier(page, name);
    const sidebar = page.getByRole('navigation', { name: 'Price tiers' });
    await sidebar.getByRole('button', { name: `Delete tier ${name}` }).click();
    await page.getByRole('button', { name: 'Delete tier', exact: true }).click();
    await expect(page.getByText('Deleted price tier')).toBeVisible();
    await expect(sidebar.getByRole('button', { name, exact: true })).toHaveCount(0);
    const left = await api<unknown[]>('GET', '/price-tier');
    expect(left.length).toBeGreaterThan(1);
  });

  test('works 390 px wide without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openTier(page, `Phone ${Date.now()}`);
    await expect(page.getByText(/^Created by admin@upkeep\.test/)).toBeVisible();
    await page.screenshot({ path: '.tmp/pricing-tiers-390.png' });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('tab', { name: 'Map' }).click();
    await mapReady(page);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await checkA11y(page, '/pricing-tiers on a phone');
  });

  test('screenshot: the offline basemap with a tier and its polygons', async ({ page }, testInfo) => {
    const name = `Mountain West ${Date.now()}`;
    const tier = await api<{ id: number }>('POST', '/price-tier', { name });
    await api('POST', '/polygon', {
      name: 'Front Range',
      points: square(-105, 39.5, 2),
      priceTierId: tier.id,
    });
    await api('POST', '/polygon', {
      name: 'Wasatch',
      points: square(-111.8, 40.7, 1.5),
      priceTierId: tier.id,
    });
    const other = await api<{ id: number }>('POST', '/price-tier', { name: `Plains ${Date.now()}` });
    await api('POST', '/polygon', {
      name: 'High Plains',
      points: square(-102.5, 39, 2),
      priceTierId: other.id,
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/pricing-tiers?tier=${tier.id}&tab=map`);
    await mapReady(page);
    await expect(page.getByText('Overlaps another tier').first()).toBeVisible();
    // The map opens fitted to the tier's polygons (from -113.3 to -103 west to east, 37.5 to 42.2 south to
    // north), not on the whole country.
    await expect.poll(async () => (await mapView(page)).zoom).toBeGreaterThan(4);
    const opened = await mapView(page);
    expect(opened.lng).toBeGreaterThan(-113.3);
    expect(opened.lng).toBeLessThan(-103);
    expect(opened.lat).toBeGreaterThan(37.5);
    expect(opened.lat).toBeLessThan(42.2);
    await page.waitForTimeout(1_000);
    // UPDATE_SCREENSHOTS=1 writes the committed picture; otherwise it goes with the test's output.
    const path = process.env.UPDATE_SCREENSHOTS
      ? 'docs/screens/pricing-tiers-map.png'
      : testInfo.outputPath('pricing-tiers-map.png');
    await capture(page.locator('[data-testid="tier-map"]'), path);
  });
});
