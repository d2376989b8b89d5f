/**
 * Every route of the access table (src/domain/auth/access.ts), visited by anonymous, customer, provider, admin
 * and admin-with-an-expired-token: each goes where the spec says (01 §2, §6; 02 §2). Public routes open for
 * everyone; a protected route opens only for the roles it lists, everyone else lands on
 * /login?redirect=<where they were going>.
 */
import type { Browser, Page } from '@playwright/test';
import { ROUTE_ACCESS } from '../../src/domain/auth/access';
import { pageNameOf } from '../../src/domain/auth/page-names';
import { STORAGE_KEYS } from '../../src/domain/shared/persistence';
import { checkA11y, expect, signIn, storedValues, test } from './fixtures';
import { DEMO } from './stack';

type Persona = 'anonymous' | 'customer' | 'provider' | 'admin' | 'admin with an expired token';

/**
 * Routes that open and then send the visitor on by design: the wizard's steps with no wizard in progress go
 * to the strategy choice, where onboarding starts (/serviceitems first becomes step 2 of the wizard).
 */
const FORWARDS: Partial<Record<string, string>> = {
  '/provider/onboarding/location': '/provider/onboarding',
  '/provider/onboarding/serviceitems': '/provider/onboarding',
  '/provider/onboarding/credentials': '/provider/onboarding',
};

const ROUTES = (
  Object.entries(ROUTE_ACCESS) as [string, (typeof ROUTE_ACCESS)[keyof typeof ROUTE_ACCESS]][]
).map(([pattern, access]) => ({
  pattern,
  path: pattern.replace('$code', 'not-a-real-code'),
  lands: FORWARDS[pattern],
  access,
}));

/** Where the spec sends this persona: the route itself, or the sign-in page. */
function expected(persona: Persona, access: (typeof ROUTES)[number]['access']): 'open' | 'login' {
  if (access === 'public') return 'open';
  if (persona === 'admin') return 'open';
  if (persona === 'provider') return (access as readonly string[]).includes('provider') ? 'open' : 'login';
  return 'login';
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function expectArrival(
  page: Page,
  path: string,
  outcome: 'open' | 'login',
  signedIn = false,
  lands: string = path,
) {
  if (outcome === 'login') {
    // A screen may add its own list state to the address (e.g. /users?page=1); the redirect carries it.
    await expect(page).toHaveURL(
      new RegExp(
        `/login\\?redirect=${escape(encodeURIComponent(path))}(${escape(encodeURIComponent('?'))}.*)?$`,
      ),
    );
    if (signedIn) {
      // Signed in, but this role may not open the page: who they are, why they are here, and the ways on.
      await expect(page.getByRole('heading', { name: 'You Are Signed In', level: 1 })).toBeVisible();
      const name = pageNameOf(path) ?? path;
      await expect(
        page.getByText(`The ${name} page is for admins, so your account cannot open it.`),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: /^Go to / })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
    } else {
      await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
    }
  } else {
    await expect(page).toHaveURL(new RegExp(`^[^?#]*//[^/]+${escape(lands)}(\\?.*)?$`));
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  }
}

async function visitAll(page: Page, persona: Persona) {
  const checked = new Set<string>();
  for (const route of ROUTES) {
    await test.step(`${route.pattern} → ${expected(persona, route.access)}`, async () => {
      await page.goto(route.path);
      const outcome = expected(persona, route.access);
      await expectArrival(
        page,
        route.path,
        outcome,
        persona === 'provider' || persona === 'admin',
        route.lands,
      );
      // Each screen once for accessibility; every refusal lands on the same sign-in page. A protected screen
      // a signed-in admin or provider opens is checked by shell.spec.ts at both sizes, so not again here.
      const screen = outcome === 'login' ? `/login (${persona})` : route.pattern;
      const shellChecks = outcome === 'open' && route.access !== 'public';
      if (!shellChecks && !checked.has(screen)) {
        checked.add(screen);
        await checkA11y(page, `${persona} at ${route.path}`);
      }
    });
  }
}

async function signedInState(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, account);
  await expect(page).not.toHaveURL(/\/login/);
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.idToken))
    .not.toBeNull();
  const state = await context.storageState();
  await context.close();
  return state;
}

test.describe('every route, for every kind of visitor', () => {
  // Each test opens every route of both specs in turn: a long test, not a slow one. The visitors are
  // independent (each signs in on its own page), so they share the browser workers.
  test.describe.configure({ mode: 'parallel', timeout: 120_000 });

  test('anonymous: public routes open, every protected route goes to /login', async ({ page }) => {
    await visitAll(page, 'anonymous');
  });

  test('customer: refused at sign-in, then treated as anonymous everywhere', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, DEMO.customer);
    await expect(page.getByRole('alert').filter({ hasText: 'Unauthorized.' })).toBeVisible();
    expect(
      (await storedValues(page)).filter((entry) => entry.startsWith(`${STORAGE_KEYS.idToken}=`)),
    ).toEqual([]);
    await visitAll(page, 'customer');
  });

  test('provider: provider routes open, admin-only routes go to /login', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, DEMO.provider);
    await expect(page).toHaveURL(/\/provider\/overview$/);
    await visitAll(page, 'provider');
  });

  test('admin: every route opens', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/services$/);
    await visitAll(page, 'admin');
  });

  test('admin with an expired token: never signed in, every protected route goes to /login', async ({
    browser,
  }) => {
    // A fresh browser context for each of the thirty-odd routes: about 4 s each on these machines.
    test.setTimeout(240_000);
    const state = await signedInState(browser, DEMO.admin);
    let first = true;
    for (const route of ROUTES) {
      await test.step(`${route.pattern} → ${expected('admin with an expired token', route.access)}`, async () => {
        // A fresh tab holding the stored admin session, two hours later: the ID token (1 hour) has expired.
        const context = await browser.newContext({ storageState: state });
        const page = await context.newPage();
        await page.clock.install({ time: Date.now() + 2 * 3_600_000 });
        await page.goto(route.path);
        await expectArrival(page, route.path, expected('admin with an expired token', route.access));
        if (route.access !== 'public') {
          await expect(
            page.getByRole('status').filter({ hasText: 'Your session has expired.' }),
          ).toBeVisible();
          // The expired token is cleared from storage, not kept.
          await expect
            .poll(() => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.idToken))
            .toBeNull();
          if (first) {
            first = false;
            await checkA11y(page, 'expired session at /login');
          }
        }
        await context.close();
      });
    }
  });
});
