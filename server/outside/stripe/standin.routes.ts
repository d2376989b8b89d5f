/**
 * The local Stripe stand-in: the parts of Stripe's REST API that server/payouts/stripe.ts calls through the
 * official SDK and the console's tokeniser calls from the browser, on Stripe's paths, form encoding and
 * JSON shapes (wire.ts), mounted at /standins/stripe wherever the sandboxes are (never in production unless
 * DEMO_SANDBOXES=true), with its hosted onboarding page (standin-page.ts). Its state lives in the database
 * (standin-data.ts), so a restart and every API instance agree.
 *
 * - POST v1/accounts (type, country, capabilities[…][requested], business_profile[name]): a new Express
 *   account with every requirement due. GET / DELETE v1/accounts/{id}.
 * - POST v1/account_links (account, type=account_onboarding, return_url, refresh_url): the hosted page's URL.
 * - POST v1/accounts/{id}/external_accounts (external_account=btok_…): the bank account of a token, once.
 * - GET v1/payouts with `Stripe-Account`, paged by `limit` (1–100, 10 by default) and `starting_after`.
 * - POST v1/tokens (bank_account[country|currency|routing_number|account_number|account_holder_type]): a
 *   btok_ token; the publishable key is enough for this one call, as at Stripe.
 * Every call needs `Authorization: Bearer <key>`: a wrong key is a 401 naming the key redacted; an unknown
 * id a 404 `resource_missing`; a bad field a 400 `parameter_invalid…` naming it. What it does not imitate is
 * listed in server/README.md ("Payments").
 */
import { Hono, type Context } from 'hono';
import type { Db } from '../../db/client';
import { issueSandboxState } from '../../http/sandbox-state';
import { faultSwitch, type StandinFaults } from '../standin';
import {
  accountObject,
  attachBank,
  bankObject,
  createAccount,
  createBankToken,
  findAccount,
  findBank,
  maskedRouting,
  payoutObjects,
} from './standin-data';
import { stripeOnboardingPage } from './standin-page';
import {
  HEADER,
  LIST_LIMIT,
  listOf,
  missing,
  ONBOARDING_PAGE_PATH,
  redactedKey,
  STRIPE_STANDIN_PUBLISHABLE_KEY,
  STRIPE_STANDIN_SECRET_KEY,
  STRIPE_STANDIN_PATH,
  stripeError,
} from './wire';
import { stripeStandinAccounts } from '../../db/schema';
import { eq } from 'drizzle-orm';

export interface StripeStandinOptions {
  db: Db;
  faults?: StandinFaults;
  /** The console's origins: the only places the hosted onboarding page returns to. */
  consoleOrigins: readonly string[];
  /** Where the stand-in is reached from a browser (the hosted page's origin); the request's own by default. */
  publicOrigin?: () => string | undefined;
}

interface StripeEnv {
  Variables: { key: 'secret' | 'publishable'; form: URLSearchParams };
}

const invalid = (c: Context, message: string, param: string, code = 'parameter_invalid_empty') =>
  stripeError(c, 400, { type: 'invalid_request_error', code, message, param });

const ACCOUNT_ID = /^acct_[A-Za-z0-9_]{1,64}$/;

export function stripeStandinRoutes(options: StripeStandinOptions) {
  const { db, faults, consoleOrigins } = options;
  const app = new Hono<StripeEnv>();

  app.route(`/${ONBOARDING_PAGE_PATH}`, stripeOnboardingPage({ db, consoleOrigins }));

  app.use(
    '/v1/*',
    faultSwitch(faults, {
      error: (c) => stripeError(c, 500, { type: 'api_error', message: 'An unknown error occurred' }),
      throttle: (c) =>
        stripeError(c, 429, {
          type: 'invalid_request_error',
          code: 'rate_limit',
          message: 'Too many requests hit the API too quickly. We recommend an exponential backoff.',
        }),
    }),
  );
  app.use('/v1/*', async (c, next) => {
    const sent = /^Bearer\s+(\S+)$/.exec(c.req.header(HEADER.authorization) ?? '')?.[1];
    if (!sent) {
      return stripeError(c, 401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    }
    if (sent === STRIPE_STANDIN_SECRET_KEY) c.set('key', 'secret');
    else if (sent === STRIPE_STANDIN_PUBLISHABLE_KEY) c.set('key', 'publishable');
    else {
      return stripeError(c, 401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${redactedKey(sent)}`,
      });
    }
    const publishableOk = c.req.method === 'POST' && c.req.path.endsWith('/v1/tokens');
    if (c.get('key') === 'publishable' && !publishableOk) {
      return stripeError(c, 401, {
        type: 'invalid_request_error',
        message: 'This API call cannot be made with a publishable API key. Please use a secret API key.',
      });
    }
    c.set('form', new URLSearchParams(c.req.method === 'GET' ? '' : await c.req.text()));
    await next();
  });

  app.post('/v1/accounts', async (c) => {
    const form = c.get('form');
    const type = form.get('type') ?? 'standard';
    if (type !== 'express') {
      return invalid(
        c,
        'The stand-in creates Express accounts only: type must be express.',
        'type',
        'parameter_invalid_string',
      );
    }
    if ((form.get('country') ?? 'US') !== 'US') {
      return invalid(c, 'The stand-in creates US accounts only.', 'country', 'parameter_invalid_string');
    }
    const name = form.get('business_profile[name]')?.trim().slice(0, 200) || null;
    const row = await createAccount(db, name);
    return c.json(accountObject(row, undefined));
  });

  app.get('/v1/accounts/:id', async (c) => {
    const id = c.req.param('id');
    const row = ACCOUNT_ID.test(id) ? await findAccount(db, id) : undefined;
    if (!row) return missing(c, 'account', id, 'account');
    return c.json(accountObject(row, await findBank(db, id)));
  });

  app.delete('/v1/accounts/:id', async (c) => {
    const id = c.req.param('id');
    const row = ACCOUNT_ID.test(id) ? await findAccount(db, id) : undefined;
    if (!row) return missing(c, 'account', id, 'account');
    await db.delete(stripeStandinAccounts).where(eq(stripeStandinAccounts.id, id));
    return c.json({ id, object: 'account', deleted: true });
  });

  app.post('/v1/account_links', async (c) => {
    const form = c.get('form');
    for (const param of ['account', 'type', 'return_url', 'refresh_url']) {
      if (!form.get(param))
        return invalid(c, `Missing required param: ${param}.`, param, 'parameter_missing');
    }
    const id = form.get('account')!;
    const row = ACCOUNT_ID.test(id) ? await findAccount(db, id) : undefined;
    if (!row) return missing(c, 'account', id, 'account');
    if (form.get('type') !== 'account_onboarding') {
      return invalid(c, 'type must be account_onboarding.', 'type', 'parameter_invalid_string');
    }
    const origin = options.publicOrigin?.() || new URL(c.req.url).origin;
    const query = new URLSearchParams({
      return_url: form.get('return_url')!,
      state: issueSandboxState('payments-onboarding', id),
    });
    const created = Math.floor(Date.now() / 1000);
    return c.json({
      object: 'account_link',
      created,
      expires_at: created + 300,
      url: `${origin}${STRIPE_STANDIN_PATH}/${ONBOARDING_PAGE_PATH}/${id}?${query.toString()}`,
    });
  });

  app.post('/v1/accounts/:id/external_accounts', async (c) => {
    const id = c.req.param('id');
    const token = c.get('form').get('external_account') ?? '';
    if (!token) {
      return invalid(c, 'Missing required param: external_account.', 'external_account', 'parameter_missing');
    }
    const outcome = ACCOUNT_ID.test(id)
      ? await attachBank(db, id, token)
      : ({ ok: false, reason: 'no-account' } as const);
    if (outcome.ok) return c.json(bankObject(outcome.bank));
    if (outcome.reason === 'no-account') return missing(c, 'account', id, 'account');
    if (outcome.reason === 'no-token') {
      return stripeError(c, 400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such token: '${token}'`,
        param: 'external_account',
      });
    }
    return stripeError(c, 400, {
      type: 'invalid_request_error',
      code: 'token_already_used',
      message: `You cannot use a Stripe token more than once: ${token}.`,
      param: 'external_account',
    });
  });

  app.get('/v1/payouts', async (c) => {
    const limitText = c.req.query('limit') ?? String(LIST_LIMIT.default);
    const limit = /^\d{1,3}$/.test(limitText) ? Number(limitText) : 0;
    if (limit < 1 || limit > LIST_LIMIT.max) {
      return invalid(
        c,
        'This value must be greater than or equal to 1 and less than or equal to 100.',
        'limit',
        'parameter_invalid_integer',
      );
    }
    const accountId = c.req.header(HEADER.account);
    // The platform's own payouts: it has none in the stand-in.
    if (accountId === undefined) return c.json(listOf('/v1/payouts', [], false));
    const account = ACCOUNT_ID.test(accountId) ? await findAccount(db, accountId) : undefined;
    if (!account) {
      return stripeError(c, 403, {
        type: 'invalid_request_error',
        code: 'account_invalid',
        message: `The provided key '${redactedKey(STRIPE_STANDIN_SECRET_KEY)}' does not have access to account '${accountId}' (or that account does not exist). Application access may have been revoked.`,
      });
    }
    const all = await payoutObjects(db, account, await findBank(db, accountId));
    const after = c.req.query('starting_after');
    let start = 0;
    if (after !== undefined) {
      const at = all.findIndex((payout) => payout.id === after);
      if (at === -1) return missing(c, 'payout', after, 'starting_after');
      start = at + 1;
    }
    const page = all.slice(start, start + limit);
    return c.json(listOf('/v1/payouts', page, start + limit < all.length));
  });

  app.post('/v1/tokens', async (c) => {
    const form = c.get('form');
    const field = (name: string) => form.get(`bank_account[${name}]`)?.trim() ?? '';
    const country = field('country').toUpperCase() || 'US';
    const currency = field('currency').toLowerCase() || 'usd';
    if (country !== 'US' || currency !== 'usd') {
      return invalid(
        c,
        'The stand-in tokenises US bank accounts in usd only.',
        'bank_account[country]',
        'parameter_invalid_string',
      );
    }
    const routingNumber = field('routing_number');
    if (!/^\d{9}$/.test(routingNumber)) {
      return invalid(
        c,
        'Routing number must have 9 digits',
        'bank_account[routing_number]',
        'routing_number_invalid',
      );
    }
    const accountNumber = field('account_number');
    if (!/^\d{4,17}$/.test(accountNumber)) {
      return invalid(
        c,
        'You must use a test bank account number in test mode.',
        'bank_account[account_number]',
        'account_number_invalid',
      );
    }
    const holderType = field('account_holder_type') || 'individual';
    if (holderType !== 'individual' && holderType !== 'company') {
      return invalid(
        c,
        'account_holder_type must be individual or company.',
        'bank_account[account_holder_type]',
        'parameter_invalid_string',
      );
    }
    const token = await createBankToken(db, { country, currency, accountNumber, routingNumber, holderType });
    return c.json({
      id: token.id,
      object: 'token',
      bank_account: {
        id: `ba_${token.id.slice(5)}`,
        object: 'bank_account',
        account_holder_type: token.accountHolderType,
        bank_name: token.bankName,
        country: token.country,
        currency: token.currency,
        last4: token.last4,
        routing_number: maskedRouting(token.routingLast4),
        status: 'new',
      },
      created: Math.floor(token.createdAt.getTime() / 1000),
      livemode: false,
      type: 'bank_account',
      used: false,
    });
  });

  return app;
}
