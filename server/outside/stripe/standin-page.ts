/**
 * The Stripe stand-in's hosted onboarding page, in place of Stripe's (the URL an account link answers):
 * GET/POST setup/{accountId}?state=&return_url=. It lists the requirements due; submitting completes all but
 * the external account (details submitted, charges enabled) and returns (303) to return_url, only on a
 * console origin. Opened without a key, like Stripe's page, so it acts only with the `state` the account
 * link carries (http/sandbox-state.ts, 30 minutes): without it (an account id alone) the page is a 403.
 */
import { Hono } from 'hono';
import type { Db } from '../../db/client';
import { escape, linkRefused, page } from '../../http/sandbox-page';
import { isSandboxState } from '../../http/sandbox-state';
import { completeOnboarding, findAccount } from './standin-data';

const isConsoleUrl = (url: string, origins: readonly string[]) => {
  try {
    return origins.includes(new URL(url).origin);
  } catch {
    return false;
  }
};

const ACCOUNT_ID = /^acct_[A-Za-z0-9_]{1,64}$/;
const notFound = () => page('Not found', '<p>No such account in the Stripe stand-in.</p>');

export function stripeOnboardingPage(deps: { db: Db; consoleOrigins: readonly string[] }) {
  const { db, consoleOrigins } = deps;
  const app = new Hono();
  app.get('/:accountId', async (c) => {
    const accountId = c.req.param('accountId');
    const state = c.req.query('state') ?? '';
    if (!isSandboxState('payments-onboarding', accountId, state)) return linkRefused(c);
    const account = ACCOUNT_ID.test(accountId) ? await findAccount(db, accountId) : undefined;
    if (!account) return c.html(notFound(), 404);
    const returnUrl = c.req.query('return_url') ?? '';
    const due = account.currentlyDue.map((name) => `<li>${escape(name)}</li>`).join('');
    return c.html(
      page(
        'Stripe stand-in: account onboarding',
        `<p>This local page stands in for Stripe's hosted onboarding of account <code>${escape(account.id)}</code>.</p>
<h2>Requirements due</h2>${due ? `<ul>${due}</ul>` : '<p>None.</p>'}
<form method="post"><input type="hidden" name="return_url" value="${escape(returnUrl)}"><input type="hidden" name="state" value="${escape(state)}">
<label for="business_name">Business name</label><input id="business_name" name="business_name" value="${escape(account.businessName ?? '')}" required maxlength="200">
<button type="submit">Submit details</button></form>`,
      ),
    );
  });
  app.post('/:accountId', async (c) => {
    const accountId = c.req.param('accountId');
    const form = await c.req.parseBody();
    if (!isSandboxState('payments-onboarding', accountId, form.state)) return linkRefused(c);
    const name = typeof form.business_name === 'string' ? form.business_name.trim().slice(0, 200) : '';
    const done = ACCOUNT_ID.test(accountId) ? await completeOnboarding(db, accountId, name) : undefined;
    if (!done) return c.html(notFound(), 404);
    const returnUrl = typeof form.return_url === 'string' ? form.return_url : '';
    if (isConsoleUrl(returnUrl, consoleOrigins)) return c.redirect(returnUrl, 303);
    return c.html(page('Details submitted', '<p>You can close this page and return to the console.</p>'));
  });
  return app;
}
