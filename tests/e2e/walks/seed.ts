/**
 * Seeded starts for the walks: a path opens its page already signed in (the account's ID token straight from
 * the auth emulator, put where the console keeps it) and, when it needs one, with stored state such as the
 * onboarding wizard's progress, instead of replaying the sign-in form and earlier steps on every path.
 */
import type { Page } from '@playwright/test';
import { STORAGE_KEYS, STORED_STATE_VERSION } from '../../../src/domain/shared/persistence';
import { tokenOf } from '../fixtures';

/** Before the page's first load: signed in as `account`, with these stored slices (read by the console). */
export async function seedSignedIn(
  page: Page,
  account: { email: string; password: string },
  slices: Record<string, unknown> = {},
): Promise<void> {
  const idToken = await tokenOf(account);
  const state = JSON.stringify({ version: STORED_STATE_VERSION, slices });
  await page.addInitScript(
    ({ token, stored, keys }) => {
      // Once per tab: a reload must find what the console stored since, not the seed again.
      if (sessionStorage.getItem('walk:seeded')) return;
      sessionStorage.setItem('walk:seeded', '1');
      localStorage.setItem(keys.idToken, token);
      localStorage.setItem(keys.state, stored);
    },
    { token: idToken, stored: state, keys: STORAGE_KEYS },
  );
}
