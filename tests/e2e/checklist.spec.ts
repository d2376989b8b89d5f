/**
 * The dashboard checklist leads somewhere (02 §2, §4): each item not done says what is missing and links to
 * the section that completes it; uploading a cover on the profile makes Cover photo done, setting Sunday's
 * hours makes Availability done. The providers panel's manage view uploads a logo too. Onboarding step 1
 * says what Next waits for and shows each upload's state; the completion screen lists what is left with
 * working links.
 */
import type { Page } from '@playwright/test';
import { UPLOAD_MESSAGES } from '../../src/domain/shared/messages';
import { api, checkA11y, expect, freshProvider, ownProvider, signIn, test, tokenOf } from './fixtures';
import { adminSession } from './sessions';
import { DEMO } from './stack';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Open Monday to Saturday, 9:00am to 5:00pm; closed on Sunday. */
const closedOnSunday = Object.fromEntries(
  [1, 2, 3, 4, 5, 6, 7].flatMap((day) => [
    [`isOpenDay${day}`, day !== 7],
    [`day${day}open`, day !== 7 ? '9:00am' : null],
    [`day${day}close`, day !== 7 ? '5:00pm' : null],
  ]),
);

/** The upload toasts came and went (at the bottom end they cover buttons). */
async function uploadToastsGone(page: Page) {
  const toasts = page
    .getByRole('status')
    .filter({ hasText: new RegExp(`${UPLOAD_MESSAGES.uploading}|${UPLOAD_MESSAGES.uploaded}`) });
  await expect(toasts).toHaveCount(0, { timeout: 20_000 });
}

test('each checklist item says what is missing, links to where it is done and is done after', async ({
  page,
}) => {
  const name = `Checklist Spa ${Date.now()}`;
  const own = await ownProvider(name, closedOnSunday);
  const account = await freshProvider('checklist', [own.id]);
  await page.goto('/login');
  await signIn(page, account);
  await expect(page).toHaveURL(/\/provider\/overview/);

  const checklist = page.getByRole('region', { name: 'Checklist' });
  const availability = checklist.getByRole('link', { name: 'Availability: Required' });
  await expect(checklist.getByText('Set opening and closing times for Sunday.')).toBeVisible();
  await expect(availability).toHaveAttribute('href', '/provider/profile#hours');
  await expect(availability).toHaveAccessibleDescription(/Set opening and closing times for Sunday/);
  await expect(checklist.getByText('Connect a Stripe account to get paid.')).toBeVisible();
  await expect(
    checklist.getByRole('link', { name: 'Connect to payment provider: Required' }),
  ).toHaveAttribute('href', '/provider/onboarding/stripe');
  await expect(checklist.getByText('Upload a cover photo.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Finish your profile' })).toHaveAttribute(
    'href',
    '/provider/profile#cover',
  );
  await checkA11y(page);

  // Cover photo: the link opens the profile at the cover upload.
  await checklist.getByRole('link', { name: 'Cover photo: Required' }).click();
  await expect(page).toHaveURL(/\/provider\/profile#cover$/);
  const choose = page.getByRole('button', { name: 'Choose cover image' });
  await expect(choose).toBeFocused();
  await expect(page.getByText('No image chosen').first()).toBeVisible();
  await page
    .getByLabel('Cover image')
    .setInputFiles({ name: 'storefront.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Cover image preview' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change cover image' })).toBeVisible();
  await expect(page.getByText('storefront.png')).toBeVisible();
  await expect(page.getByText('Not saved yet: Save keeps it.')).toBeVisible();
  await uploadToastsGone(page);
  await checkA11y(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved Provider')).toBeVisible();
  await expect(page.getByText('Not saved yet: Save keeps it.')).toHaveCount(0);
  await expect(page.getByText('Saved Provider')).toHaveCount(0, { timeout: 20_000 });
  const admin = await tokenOf(DEMO.admin);
  const [saved] = await api<{ coverImageURL: string | null }[]>(admin, 'GET', `/providers?id=${own.id}`);
  expect(saved?.coverImageURL).toMatch(/^\/uploads\//);

  await page.getByRole('link', { name: 'Overview' }).first().click();
  await expect(checklist.getByText('Cover photo (done)')).toBeVisible();
  await expect(checklist.getByText('1 of 3 done')).toBeVisible();

  // Availability: the link opens the hour editor; Sunday open with its times makes it done.
  await availability.click();
  await expect(page).toHaveURL(/\/provider\/profile#hours$/);
  const sunday = page.getByRole('group', { name: 'Sunday' });
  await expect(sunday).toBeInViewport();
  await sunday.getByText('Open', { exact: true }).click();
  await sunday.getByLabel('Sunday opens').selectOption('10:00am');
  await sunday.getByLabel('Sunday closes').selectOption('4:00pm');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved Provider')).toBeVisible();

  await page.getByRole('link', { name: 'Overview' }).first().click();
  await expect(checklist.getByText('Availability (done)')).toBeVisible();
  await expect(checklist.getByText('2 of 3 done')).toBeVisible();
  await expect(checklist.getByRole('link', { name: /Required/ })).toHaveCount(1);
});

test.describe('the providers panel', () => {
  test.use(adminSession);

  test('the manage view uploads a logo and saves it with the provider', async ({ page }) => {
    const own = await ownProvider(`Logo Spa ${Date.now()}`);
    await page.goto(`/providers?provider=${own.id}`);
    const details = page.getByRole('region', { name: 'Provider Details' });
    await expect(details.getByRole('button', { name: 'Choose logo' })).toBeVisible();
    await details.getByLabel('Logo').setInputFiles({ name: 'mark.png', mimeType: 'image/png', buffer: PNG });
    await expect(details.getByRole('img', { name: 'Logo preview' })).toBeVisible();
    await expect(details.getByText('mark.png')).toBeVisible();
    await uploadToastsGone(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved Provider')).toBeVisible();
    const admin = await tokenOf(DEMO.admin);
    const [saved] = await api<{ logoURL: string | null }[]>(admin, 'GET', `/providers?id=${own.id}`);
    expect(saved?.logoURL).toMatch(/^\/uploads\//);
    await checkA11y(page);
  });
});

test('onboarding step 1 says what Next waits for; the end lists what is left with working links', async ({
  page,
}) => {
  const account = await freshProvider('completion');
  await page.goto('/login');
  await signIn(page, account);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/provider/onboarding');
  await page.getByLabel('Manual (books in Upkeep)', { exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/provider\/onboarding\/location\?step=1/);

  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  // Next is described by the line that says what it waits for, each name a link to its field.
  const hint = page.locator('#profile-next-hint');
  await expect(next).toHaveAttribute('aria-describedby', 'profile-next-hint');
  await expect(next).toHaveAccessibleDescription(/^To continue, fill in: Business name/);
  await expect(hint).toHaveText(
    'To continue, fill in: Business name, Street, City, State, Zip, Country, Coordinates, Logo, Cover image and Description.',
  );
  await expect(hint.getByRole('link')).toHaveCount(10);
  await checkA11y(page);

  const name = `Finish Spa ${Date.now()}`;
  await page.getByLabel('Business name').fill(name);
  await page.getByLabel('Street').fill('500 Ocean Ave');
  await page.getByLabel('City').fill('Santa Monica');
  await page.getByLabel('State').fill('CA');
  await page.getByLabel('Zip').fill('90402');
  await page.getByLabel('Country').fill('US');
  await page.getByLabel('Description').fill('Facials by the beach');
  await expect(page.getByText(/^Coordinates: /)).toBeVisible();
  // Everything starred is typed: Next still waits for the two images, and says so.
  await expect(next).toBeDisabled();
  await expect(hint).toHaveText('To continue, fill in: Logo and Cover image.');
  await hint.getByRole('link', { name: 'Logo' }).click();
  await expect(page.getByRole('button', { name: 'Choose logo' })).toBeFocused();

  await page.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('button', { name: 'Change logo' })).toBeVisible();
  await expect(page.getByText('logo.png', { exact: true })).toBeVisible();
  await expect(hint).toHaveText('To continue, fill in: Cover image.');
  await page
    .getByLabel('Cover image')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('cover.png', { exact: true })).toBeVisible();
  await expect(page.getByText('No file chosen')).toHaveCount(0);
  await expect(hint).toHaveCount(0);
  await expect(next).toBeEnabled();
  await uploadToastsGone(page);
  await checkA11y(page);
  await next.click();
  await expect(page).toHaveURL(/step=2/);
  await page.getByRole('button', { name: 'Get Started' }).click();

  await expect(page.getByText("You've completed the onboarding process.")).toBeVisible();
  const setUp = page.getByRole('region', { name: 'Set up' });
  await expect(setUp.getByText(name)).toBeVisible();
  await expect(setUp.getByText('500 Ocean Ave, Santa Monica, CA 90402, US')).toBeVisible();
  const left = page.getByRole('region', { name: 'Left to do' });
  await expect(left.getByText('Choose your services and the time slots you are available.')).toBeVisible();
  await expect(left.getByText('Set opening and closing times for every day.')).toBeVisible();
  await expect(left.getByText('Connect a Stripe account to get paid.')).toBeVisible();
  await expect(left.getByText('Upload a cover photo.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Return To Dashboard' })).toBeVisible();
  await checkA11y(page);

  const token = await tokenOf(account);
  const made = (await api<{ id: number; name: string }[]>(token, 'GET', '/providers')).find(
    (p) => p.name === name,
  );
  expect(made).toBeDefined();
  await expect(left.getByRole('link', { name: 'Set up payouts' })).toHaveAttribute(
    'href',
    `/provider/onboarding/stripe?provider=${made?.id}`,
  );
  const hours = left.getByRole('link', { name: 'Open the hours editor' });
  await expect(hours).toHaveAttribute('href', `/provider/profile?provider=${made?.id}#hours`);
  await hours.click();
  // The profile opens on the provider just made, at its hour editor; the provider then leaves the URL.
  await expect(page).toHaveURL(/\/provider\/profile#hours$/);
  await expect(page.getByRole('banner').or(page.locator('main')).getByText(name).first()).toBeVisible();
  await expect(page.getByRole('group', { name: 'Monday' })).toBeInViewport();
});

/**
 * The verified item names the provider's own scheduling system from the label catalogue, never a constant
 * nor the spec's "MINDBODY/BOOKER"; a MANUAL provider has no system to verify, so no such item (its
 * checklist never holds one that cannot be true). At the laptop and the phone size.
 */
const CHECKLIST_CASES = [
  { strategy: 'MANUAL', size: { width: 1440, height: 900 }, verified: null },
  { strategy: 'MANUAL', size: { width: 390, height: 844 }, verified: null },
  { strategy: 'BOOKER', size: { width: 1440, height: 900 }, verified: 'Verified Booker connection' },
  { strategy: 'SQUARE', size: { width: 390, height: 844 }, verified: 'Verified Square connection' },
] as const;

for (const { strategy, size, verified } of CHECKLIST_CASES) {
  test(`a ${strategy} provider's checklist at ${size.width} px names what is verified in words`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const own = await ownProvider(`${strategy} Checklist Spa ${Date.now()}`, closedOnSunday, strategy);
    const account = await freshProvider(`checklist-${strategy.toLowerCase()}`, [own.id]);
    await page.goto('/login');
    await signIn(page, account);
    await expect(page).toHaveURL(/\/provider\/overview/);

    const items = page
      .getByRole('region', { name: 'Checklist' })
      .getByRole('list', { name: 'Checklist items' });
    await expect(items.getByRole('listitem').first()).toBeVisible();
    await expect(items.getByText(/MINDBODY\/BOOKER|MANUAL|BOOKER|SQUARE/)).toHaveCount(0);
    if (verified === null) {
      await expect(items.getByRole('listitem')).toHaveCount(3);
      await expect(items.getByText(/Verified/)).toHaveCount(0);
      await expect(page.getByText('0 of 3 done')).toBeVisible();
    } else {
      await expect(items.getByRole('listitem')).toHaveCount(4);
      await expect(items.getByRole('listitem').filter({ hasText: verified })).toContainText('Complete');
      await expect(page.getByText('1 of 4 done')).toBeVisible();
    }
    await checkA11y(page, `${strategy} checklist at ${size.width} px`);
  });
}
