/**
 * Invite registration's walk (registrationMachine, Create Your Account on /provider/invite/{code}?email=):
 * every path opens an invite of its own, made by the admin over the API for a fresh email. The real server
 * decides each outcome:
 *
 * - the invite check fails for a code that was never issued;
 * - registration is refused with user-exists when the account was made in between (through a second invite
 *   for the same email, over the API), as invalid when the email typed is not the one invited, and with a
 *   server failure by the reference API's test-mode fault switch (X-Test-Fault: registration);
 * - the sign-in that follows lands in the console, or ends on "Your account was created" when the admin
 *   made the new account a plain user (a role the console refuses) or deleted it just before the sign-in
 *   reached the identity service (the walk holds that one request until the admin's change is in effect).
 *
 * Variant 1 gives user-exists alone: once the account exists, a later registration of that email can only
 * be refused again, so that branch is walked apart from the ones that go on to register.
 */
import type { Page } from '@playwright/test';
import type { IdentityUser } from '../../../src/api/auth/identity';
import type { InviteCheck, RegisterResult } from '../../../src/api/contract/invite';
import { TEST_FAULT_HEADER } from '../../../src/api/contract/onboarding';
import { ACCESS_MESSAGES, REGISTRATION_MESSAGES } from '../../../src/domain/shared/messages';
import {
  registrationMachine,
  type RegistrationContext,
} from '../../../src/machines/auth/registration.machine';
import type { ModelOptions } from '../../support/model';
import { api, expect, tokenOf } from '../fixtures';
import { DEMO } from '../stack';
import { identitySample } from './samples';
import { defineWalk, passThrough, registerWalk } from './walk';

const PASSWORD = 'long-enough';

interface Data {
  email: string;
  code: string;
  invitePath: string;
  glowId: number;
  /** The invite check should fail: open a code that was never issued. */
  badCode: boolean;
  /** The next registration request fails on the server (test-mode fault switch). */
  fault: boolean;
  /** Runs while the next sign-in request waits (the admin's change in between). */
  beforeSignIn: (() => Promise<void>) | null;
}

const check: InviteCheck = { providers: [{ id: 1, name: 'Glow Studio' }] } as unknown as InviteCheck;
const registered = { ok: true } as unknown as RegisterResult;

const USER_EXISTS = { code: 'provider/invite/register/user-exists', message: 'x' };
const INVALID = { code: 'provider/invite/invalid', message: 'x' };
const INTERNAL = { code: 'server/internal', message: 'x' };

const events: ModelOptions<typeof registrationMachine>['events'] = {
  'field.change': [
    { type: 'field.change', field: 'password', value: PASSWORD },
    { type: 'field.change', field: 'confirmPassword', value: PASSWORD },
    { type: 'field.change', field: 'confirmPassword', value: 'different!' },
  ],
  'field.blur': [{ type: 'field.blur', field: 'email' }],
  'registration.submit': [{ type: 'registration.submit' }],
};
const serializeState: ModelOptions<typeof registrationMachine>['serializeState'] = (snapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.password,
    snapshot.context.confirmPassword,
    snapshot.context.emailTaken,
  ]);

const LABELS = { email: 'Email', password: 'Password', confirmPassword: 'Confirm password' } as const;
const field = (page: Page, name: keyof typeof LABELS) =>
  page.getByRole('textbox', { name: LABELS[name], exact: true });

async function adminToken() {
  return tokenOf(DEMO.admin);
}

async function userRow(admin: string, email: string) {
  const list = await api<{ users: { firebaseUid: string; version: number }[] }>(
    admin,
    'GET',
    `/user?search=${encodeURIComponent(email)}`,
  );
  const row = list.users[0];
  if (!row) throw new Error(`no user row for ${email}`);
  return row;
}

/** The role claim a fresh sign-in of the account gets now (null when the sign-in is refused). */
async function roleNow(account: { email: string; password: string }): Promise<string | null> {
  try {
    const token = await tokenOf(account);
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      role?: string;
    };
    return payload.role ?? '';
  } catch {
    return null;
  }
}

registerWalk(
  defineWalk<typeof registrationMachine, Data>({
    machine: registrationMachine,
    file: 'tests/e2e/walks/registration.walk.spec.ts',
    model: [
      {
        input: { code: 'CODE1', email: 'new@upkeep.test' },
        events,
        outputs: {
          checkInvite: [check],
          register: [registered],
          signIn: [identitySample('provider'), identitySample('user')],
        },
        errors: { register: [INVALID, INTERNAL] },
        serializeState,
      },
      {
        input: { code: 'CODE1', email: 'new@upkeep.test' },
        events,
        outputs: { checkInvite: [check], register: [], signIn: [] },
        errors: { register: [USER_EXISTS], checkInvite: [] },
        serializeState,
      },
    ],
    // The three branches of a submit in editing differ by the failure shown; user-exists by the email mark.
    coverKey: (snapshot) =>
      JSON.stringify([
        snapshot.value,
        (snapshot.context as RegistrationContext).failure,
        (snapshot.context as RegistrationContext).emailTaken,
      ]),
    start: async (page, _path, arrange): Promise<Data> => {
      const admin = await adminToken();
      const providers = await api<{ id: number; name: string }[]>(admin, 'GET', '/providers');
      const glowId = providers.find((provider) => provider.name === 'Glow Studio')?.id ?? 0;
      const email = `walk-register-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@upkeep.test`;
      const invite = await api<{ code: string; invitePath: string }>(admin, 'POST', '/provider/invite', {
        email,
        providerIdArray: [glowId],
      });
      const data: Data = {
        email,
        code: invite.code,
        invitePath: invite.invitePath,
        glowId,
        badCode: false,
        fault: false,
        beforeSignIn: null,
      };
      await page.route(/\/provider\/invite\/user\/?$/, async (route) => {
        if (route.request().method() === 'POST' && data.fault) {
          data.fault = false;
          await route.continue({
            headers: { ...route.request().headers(), [TEST_FAULT_HEADER]: 'registration' },
          });
        } else await route.continue();
      });
      await page.route(/accounts:signInWithPassword/, async (route) => {
        const before = data.beforeSignIn;
        data.beforeSignIn = null;
        if (before) await before();
        await route.continue();
      });
      await arrange(data);
      await page.goto(
        data.badCode ? `/provider/invite/never-issued?email=${encodeURIComponent(email)}` : data.invitePath,
      );
      return data;
    },
    events: {
      'field.change': async ({ page, event }) => {
        await field(page, event.field).fill('');
        await field(page, event.field).fill(event.value);
      },
      'field.blur': async ({ page, event }) => {
        await field(page, event.field).focus();
        await field(page, event.field).blur();
      },
      'registration.submit': async ({ page }) => page.getByRole('button', { name: 'Create Account' }).click(),
    },
    outcomes: {
      checkInvite: {
        done: async () => {},
        error: async ({ data }) => {
          data.badCode = true;
        },
      },
      register: {
        done: async () => {},
        error: async ({ page, data, event }) => {
          const code = (event.error as { code: string }).code;
          if (code === INTERNAL.code) data.fault = true;
          else if (code === INVALID.code) {
            // An email the invite is not for: the server refuses the invite.
            await field(page, 'email').fill(`other-${data.email}`);
          } else {
            // The account was made in between, through a second invite for the same email.
            const admin = await adminToken();
            const second = await api<{ code: string }>(admin, 'POST', '/provider/invite', {
              email: data.email,
              providerIdArray: [data.glowId],
            });
            await api(admin, 'POST', '/provider/invite/user', {
              email: data.email,
              password: 'made-in-between',
              code: second.code,
            }).catch((error: unknown) => {
              // A second refusal of the same email: the account exists already.
              if (!String(error).includes('409')) throw error;
            });
          }
        },
      },
      signIn: {
        done: async ({ data, event }) => {
          if ((event.output as IdentityUser).role !== 'user') return;
          // The admin makes the new account a plain user before its sign-in reaches the identity service.
          data.beforeSignIn = async () => {
            const admin = await adminToken();
            const row = await userRow(admin, data.email);
            await api(admin, 'PUT', `/user/${row.firebaseUid}`, {
              email: data.email,
              displayName: 'Walk User',
              role: 'USER',
              version: row.version,
            });
            await expect
              .poll(() => roleNow({ email: data.email, password: PASSWORD }), { timeout: 15_000 })
              .toBe('user');
          };
        },
        error: async ({ data }) => {
          // The admin deletes the new account before its sign-in reaches the identity service.
          data.beforeSignIn = async () => {
            const admin = await adminToken();
            const row = await userRow(admin, data.email);
            await api(admin, 'DELETE', `/user/${row.firebaseUid}`);
            await expect
              .poll(() => roleNow({ email: data.email, password: PASSWORD }), { timeout: 15_000 })
              .toBeNull();
          };
        },
      },
    },
    delays: {},
    checks: {
      validating: passThrough('the invite check answers within a moment'),
      invalid: async ({ page }) => {
        await expect(
          page.getByRole('alert').filter({ hasText: REGISTRATION_MESSAGES.invalidInvite }),
        ).toBeVisible();
        await expect(page.getByRole('link', { name: 'Go to Sign In' })).toBeVisible();
      },
      editing: async ({ page, snapshot }) => {
        const context = snapshot.context as RegistrationContext;
        await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();
        await expect(page.getByText(/invited to manage Glow Studio/)).toBeVisible();
        if (context.emailTaken) await expect(page.getByText(REGISTRATION_MESSAGES.userExists)).toBeVisible();
        if (context.failure) await expect(page.getByText(context.failure)).toBeVisible();
        else {
          await expect(page.getByText(REGISTRATION_MESSAGES.failed)).toHaveCount(0);
          await expect(page.getByText(REGISTRATION_MESSAGES.passwordMismatchSubmit)).toHaveCount(0);
        }
        if (context.submitted && context.password === '')
          await expect(page.getByText(REGISTRATION_MESSAGES.passwordLength).first()).toBeVisible();
      },
      registering: passThrough('the registration answers within a moment'),
      signingIn: passThrough('the sign-in answers within a moment'),
      registered: async ({ page }) => {
        await expect(
          page.getByRole('status').filter({ hasText: ACCESS_MESSAGES.registeredSignInFailed }),
        ).toBeVisible();
        await expect(page.getByRole('link', { name: 'Go to Sign In' })).toBeVisible();
      },
      signedIn: async ({ page }) => {
        await expect(page).toHaveURL(/\/provider\/overview$/);
        await expect(
          page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }),
        ).toBeVisible();
      },
    },
  }),
);
