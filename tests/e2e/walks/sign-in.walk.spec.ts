/**
 * The sign-in form's walk (signInMachine): every path of its model, in the browser against the local stack.
 * The outcome of the identity call is chosen by the account typed in: the demo admin signs in, the demo
 * customer (a role the console refuses) is signed straight back out, a wrong password fails.
 */
import type { Page } from '@playwright/test';
import { signInMachine } from '../../../src/machines/auth/sign-in.machine';
import type { IdentityUser } from '../../../src/api/auth/identity';
import { expect } from '../fixtures';
import { DEMO } from '../stack';
import { identitySample } from './samples';
import { defineWalk, passThrough, registerWalk, unreachable } from './walk';

async function typeAccount(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
}

/** Types a value so the field always reports a change, even when it already holds that value. */
async function retype(page: Page, label: string, value: string) {
  const field = page.getByLabel(label);
  await field.fill('');
  await field.fill(value);
}

registerWalk(
  defineWalk({
    machine: signInMachine,
    file: 'tests/e2e/walks/sign-in.walk.spec.ts',
    model: {
      events: {
        'email.change': [{ type: 'email.change', value: DEMO.admin.email }],
        'password.change': [{ type: 'password.change', value: DEMO.admin.password }],
        'credentials.submit': [{ type: 'credentials.submit' }],
      },
      outputs: { signIn: [identitySample('admin'), identitySample('customer')] },
      errors: { signIn: [{ code: 'auth/wrong-password', message: 'wrong password' }] },
    },
    start: async (page) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    },
    events: {
      'email.change': async ({ page, event }) => retype(page, 'Email', event.value),
      'password.change': async ({ page, event }) => retype(page, 'Password', event.value),
      'credentials.submit': async ({ page }) => page.getByRole('button', { name: 'Sign In' }).click(),
    },
    outcomes: {
      signIn: {
        // The account typed in decides the answer of the real identity service.
        done: async ({ page, event }) => {
          const role = (event.output as IdentityUser).role;
          await typeAccount(page, role === 'admin' ? DEMO.admin : DEMO.customer);
        },
        error: async ({ page }) =>
          typeAccount(page, { email: DEMO.admin.email, password: 'not-the-password' }),
      },
      signOut: {
        done: async () => {},
        error: unreachable(
          'signing out of the identity service only clears the browser session; it cannot fail',
        ),
      },
    },
    delays: {},
    checks: {
      editing: async ({ page, snapshot }) => {
        await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
        const failure = (snapshot.context as { failure: { message: string } | null }).failure;
        if (failure) await expect(page.getByRole('alert').filter({ hasText: failure.message })).toBeVisible();
        else await expect(page.locator('form').getByRole('alert')).toHaveCount(0);
      },
      submitting: passThrough('the identity call answers within a moment'),
      rejectingRole: passThrough('the refused account is signed out at once'),
      signedIn: async ({ page }) => {
        await expect(page).toHaveURL(/\/services(?:[?#].*)?$/);
      },
    },
  }),
);
