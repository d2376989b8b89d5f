/**
 * Signed-in sessions made once per run by the global set-up, for tests about something other than signing
 * in: a file or group that says `test.use(adminSession)` starts each test with the demo admin's session in
 * browser storage, as after a sign-in, instead of signing in through the form again. Tests of signing in,
 * signing out and the session itself keep signing in through the form.
 */
import { chromium, type FullConfig } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/domain/shared/persistence';
import { DEMO, E2E } from './stack';

export const adminSession = { storageState: E2E.adminSession } as const;

/** Signs in as the demo admin through the console's form and keeps the browser storage it leaves. */
export async function saveAdminSession(config: FullConfig): Promise<void> {
  const browser = await chromium.launch(config.projects[0]?.use.launchOptions);
  try {
    const context = await browser.newContext({ baseURL: E2E.webUrl });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.admin.email);
    await page.getByLabel('Password').fill(DEMO.admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/services$/);
    await page.waitForFunction((key) => localStorage.getItem(key) !== null, STORAGE_KEYS.idToken);
    await context.storageState({ path: E2E.adminSession });
  } finally {
    await browser.close();
  }
}
