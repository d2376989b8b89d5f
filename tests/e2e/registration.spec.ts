/**
 * Provider invitations end to end (01 §2, §5, §8): the admin invites, the invited person registers once
 * and is signed in as a provider; the used code, an unknown code, and a second account for the same email
 * are refused. An expired invite gives the same answer as an unknown one; it is tested at the API
 * (tests/api/invites.test.ts), since the server's clock cannot be moved from the browser.
 */
import type { Page } from '@playwright/test';
import { api, checkA11y, expect, signIn, test, tokenOf } from './fixtures';
import { DEMO } from './stack';

const INVALID = 'The invite code provided is either expired or invalid.';
const PASSWORD = 'fresh-provider-pass';

/** Chooses providers on the invite form: found by name and chosen as chips (the kit's ChipPicker). */
async function chooseProviders(page: Page, providerNames: string[]) {
  const picker = page.getByRole('combobox', { name: 'Providers' });
  for (const name of providerNames) {
    await picker.fill(name);
    await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
    await expect(page.getByRole('button', { name: `Remove ${name}` })).toBeVisible();
  }
}

async function inviteAs(page: Page, email: string, providerNames: string[]): Promise<string> {
  await page.goto('/login');
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/services$/);
  await page.goto('/providers/provider/invite');
  await expect(page.getByRole('heading', { name: 'Invite Provider' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await chooseProviders(page, providerNames);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Sent invite!').first()).toBeVisible();
  const link = await page.getByRole('textbox', { name: /Send this link to/ }).inputValue();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  return link;
}

test.describe('provider invitations', () => {
  test('the admin invite form shows what is missing and keeps what was typed', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/services$/);
    await page.goto('/providers/provider/invite');
    const picker = page.getByRole('combobox', { name: 'Providers' });
    await expect(picker).toBeVisible();
    await checkA11y(page, '/providers/provider/invite');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Email required')).toBeVisible();
    await expect(page.getByText('Choose at least one provider')).toBeVisible();
    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await expect(page.getByLabel('Email address')).toHaveValue('not-an-email');
    // Providers are matched by name or city as the admin types.
    await picker.fill('serenity');
    await expect(page.getByRole('option')).toHaveCount(1);
    await checkA11y(page, 'invite form with errors');
    await page.getByRole('option', { name: /^Serenity/ }).click();
    await expect(page.getByText('1 chosen.')).toBeVisible();
    await expect(page.getByText('Choose at least one provider')).toHaveCount(0);
    await picker.press('Backspace');
    await expect(page.getByText('Choose the providers this person will manage.')).toBeVisible();
  });

  test('an invite registers once, signs the provider in, and then is invalid', async ({ page }, testInfo) => {
    testInfo.annotations.push({ type: 'typed-password', description: PASSWORD });
    const email = `invited-${Date.now()}@upkeep.test`;
    const link = await inviteAs(page, email, ['Glow Studio', 'Luxe Aesthetics']);
    expect(link).toMatch(/\/provider\/invite\/[\w-]+\?email=/);

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
    const emailField = page.getByRole('textbox', { name: 'Email' });
    await expect(emailField).toHaveValue(email);
    await expect(page.getByText(/invited to manage Glow Studio, Luxe Aesthetics/)).toBeVisible();
    await checkA11y(page, 'registration form');

    // The field rules, in the spec's words.
    await emailField.fill('');
    await page.getByRole('textbox', { name: 'Password', exact: true }).click();
    await expect(page.getByText('Email required')).toBeVisible();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
    await page.getByRole('textbox', { name: 'Confirm password' }).click();
    await expect(page.getByText('Password needs 8 characters')).toBeVisible();
    await page.getByRole('textbox', { name: 'Confirm password' }).fill('short');
    await emailField.click();
    await expect(page.getByText('Password does not match', { exact: true })).toBeVisible();
    await checkA11y(page, 'registration form with errors');

    await emailField.fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Confirm password' }).fill(`${PASSWORD}-typo`);
    await page.getByRole('button', { name: 'Create Account' }).click();
    // Once, on the confirm field: not also as the form's text or a toast.
    const mismatch = page.getByText('Passwords do not match, please ensure passwords match');
    await expect(mismatch).toBeVisible();
    await expect(mismatch).toHaveCount(1);
    await expect(page.locator('[data-scope="toast"]')).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Confirm password' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/provider\/overview$/);
    await expect(page.getByLabel('Switch Provider')).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }),
    ).toBeVisible();

    // Signed in for real: a reload keeps it, and the account signs in again after logging out.
    await page.reload();
    await expect(page.getByLabel('Switch Provider')).toBeVisible();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, { email, password: PASSWORD });
    await expect(page).toHaveURL(/\/provider\/overview$/);
    await page.getByRole('button', { name: 'Log Out' }).click();

    // The used link is no longer valid.
    await page.goto(link);
    await expect(page.getByRole('alert').filter({ hasText: INVALID })).toBeVisible();
    await checkA11y(page, 'invalid invite');
  });

  test('a second account for the same email is refused on the email field', async ({ page }, testInfo) => {
    testInfo.annotations.push({ type: 'typed-password', description: PASSWORD });
    const email = `invited-twice-${Date.now()}@upkeep.test`;
    const first = await inviteAs(page, email, ['Glow Studio']);
    await page.goto(first);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Confirm password' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/provider\/overview$/);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // The console no longer sends such an invite (see below); one made over the API still meets the check.
    const admin = await tokenOf(DEMO.admin);
    const providers = await api<{ id: number; name: string }[]>(admin, 'GET', '/providers');
    const luxe = providers.find((provider) => provider.name === 'Luxe Aesthetics');
    const second = await api<{ invitePath: string }>(admin, 'POST', '/provider/invite', {
      email,
      providerIdArray: [luxe?.id],
    });
    await page.goto(second.invitePath);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Confirm password' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText("Looks like there's an existing account")).toBeVisible();
    await expect(page).toHaveURL(/\/provider\/invite\//);
  });

  test('inviting an email that has an account says so before sending and gives the Provider role instead', async ({
    page,
  }) => {
    // Someone with an account who is a plain user now.
    const admin = await tokenOf(DEMO.admin);
    const providers = await api<{ id: number; name: string }[]>(admin, 'GET', '/providers');
    const glow = providers.find((provider) => provider.name === 'Glow Studio');
    const luxe = providers.find((provider) => provider.name === 'Luxe Aesthetics');
    const email = `has-account-${Date.now()}@upkeep.test`;
    const invite = await api<{ code: string }>(admin, 'POST', '/provider/invite', {
      email,
      providerIdArray: [glow?.id],
    });
    await api(admin, 'POST', '/provider/invite/user', { email, password: PASSWORD, code: invite.code });
    const found = await api<{ users: { firebaseUid: string; version: number }[] }>(
      admin,
      'GET',
      `/user?search=${encodeURIComponent(email)}`,
    );
    const uid = found.users[0]?.firebaseUid ?? '';
    await api(admin, 'PUT', `/user/${uid}`, {
      email,
      displayName: 'Has Account',
      role: 'USER',
      version: found.users[0]?.version,
    });

    await page.goto('/login');
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/services$/);
    await page.goto('/providers/provider/invite');
    await page.getByLabel('Email address').fill(email.toUpperCase());
    await chooseProviders(page, ['Luxe Aesthetics']);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText(
        `${email} already has an account, so an invite would not work: they cannot register again.`,
      ),
    ).toBeVisible();
    await expect(page.getByText('Sent invite!')).toHaveCount(0);
    await checkA11y(page, 'invite to an existing account');
    await page.getByRole('button', { name: 'Give Provider Role' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `${email} is now a provider of the chosen providers.` }),
    ).toBeVisible();
    const user = await api<{ role: string; providers: { id: number }[] }>(admin, 'GET', `/user/${uid}`);
    expect(user.role).toBe('PROVIDER');
    expect(user.providers.map((provider) => provider.id)).toContain(luxe?.id);
  });

  test('an unknown code or a link without the invited email shows the invalid message', async ({ page }) => {
    await page.goto('/provider/invite/not-a-real-code?email=someone%40upkeep.test');
    await expect(page.getByRole('alert').filter({ hasText: INVALID })).toBeVisible();
    await page.goto('/provider/invite/not-a-real-code');
    await expect(page.getByRole('alert').filter({ hasText: INVALID })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
