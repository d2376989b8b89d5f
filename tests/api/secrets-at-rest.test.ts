/**
 * After a run of many flows that carry secrets (ID tokens in headers and, wrongly, in query strings; the
 * external admin code in its link; passwords in bodies and queries; MINDBODY credentials; a Square OAuth
 * connection's access and refresh tokens, renewed once; bank numbers sent where they do not belong; the
 * platform's vendor keys, which the outside clients send to every stand-in), neither the log nor the database
 * holds any of them in clear text.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ExternalAdminCodeSchema } from '../../src/api/contract/external-admin';
import { CredentialsSchema } from '../../src/api/contract/onboarding';
import { STRIPE_STANDIN_PUBLISHABLE_KEY } from '../../src/api/contract/payouts';
import * as schema from '../../server/db/schema';
import { openSecrets } from '../../server/onboarding/secrets';
import { MINDBODY_SANDBOX } from '../../server/strategies/sandbox';
import { call, callers, locationIdOf, providerId, type Callers } from './provider-support';
import { BANK_NUMBERS, databaseText as tablesText, vendorKeys } from '../support/secrets';
import { allowOnPage } from './square-support';
import { engines, startTestServer, type TestServer } from './support';

const QUERY_PASSWORD = 'query-pass-8812';
const REGISTRATION_PASSWORD = 'registration-pass-4417';
/** The platform's vendor keys the test server's outside clients send (startTestServer sets none: the defaults). */
const VENDOR_KEYS = vendorKeys();

const databaseText = (api: TestServer) => tablesText(api.db);

describe.each(engines)('no secret in the log or the database after many flows, on %s', (engine) => {
  let api: TestServer;
  let as: Callers;
  const secrets: string[] = [...BANK_NUMBERS, QUERY_PASSWORD, REGISTRATION_PASSWORD];

  beforeAll(async () => {
    api = await startTestServer(engine);
    as = await callers();
    secrets.push(as.admin, as.glow, as.multi, as.customer);
    const glowLocation = await locationIdOf(api.db, 'Glow Studio');

    // Tokens where they do not belong: in query strings, beside harmless parameters.
    await call(api, 'GET', `/providers?page=1&token=${encodeURIComponent(as.glow)}`, as.glow);
    await call(
      api,
      'GET',
      `/user?search=${encodeURIComponent(as.admin)}&password=${QUERY_PASSWORD}`,
      as.admin,
    );
    await api.fetch(
      `/external-admin/provider/locations?id=${glowLocation}&token=${encodeURIComponent(as.multi)}`,
    );
    await api.fetch(`/health?access_token=${encodeURIComponent(as.customer)}`, {
      headers: { Authorization: `Bearer ${as.customer}`, Cookie: `session=${as.customer}` },
    });

    // The external admin hand-over: the code travels in the link's query.
    const issued = await call(api, 'POST', '/external-admin/codes', as.glow, {
      page: 'provider/locations',
      id: String(glowLocation),
    });
    const { code } = v.parse(ExternalAdminCodeSchema, issued.body);
    secrets.push(code);
    expect(
      (await api.fetch(`/external-admin/provider/locations?id=${glowLocation}&code=${code}`)).status,
    ).toBe(200);

    // MINDBODY credentials: saved, then used to read locations.
    expect(
      (
        await call(api, 'POST', '/credentials', as.glow, {
          strategy: 'MINDBODY',
          username: MINDBODY_SANDBOX.username,
          password: MINDBODY_SANDBOX.password,
          siteId: MINDBODY_SANDBOX.siteId,
        })
      ).status,
    ).toBe(201);
    await call(api, 'POST', '/strategies/fetch/locations', as.glow, {
      strategy: 'MINDBODY',
      ...MINDBODY_SANDBOX,
    });

    // A Square OAuth connection: the page's Allow, the code exchanged and saved, locations read with it, then
    // read again once its token is due, which renews it.
    // The page is the Square stand-in's, on the API itself (allowOnPage asks any app holding it).
    const squareCode = await allowOnPage(api.app as unknown as Hono);
    expect(squareCode).not.toBe('');
    secrets.push(squareCode);
    const exchanged = await call(api, 'POST', '/strategies/exchange-oauth-code', as.glow, {
      strategy: 'SQUARE',
      code: squareCode,
    });
    expect(exchanged.status).toBe(200);
    const square = v.parse(CredentialsSchema, exchanged.body);
    const squareTokens = async () => {
      const [row] = await api.db
        .select()
        .from(schema.credentials)
        .where(eq(schema.credentials.id, square.id));
      const opened = openSecrets(row!);
      expect(opened.accessToken).toMatch(/^EAAA/);
      expect(opened.refreshToken).toMatch(/^EQAA/);
      secrets.push(opened.accessToken!, opened.refreshToken!);
      return opened.accessToken;
    };
    const firstAccess = await squareTokens();
    const readSquare = () =>
      call(api, 'POST', '/strategies/fetch/locations', as.glow, {
        strategy: 'SQUARE',
        credentialsId: square.id,
      });
    expect((await readSquare()).status).toBe(200);
    await api.db
      .update(schema.credentials)
      .set({ accessExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(schema.credentials.id, square.id));
    expect((await readSquare()).status).toBe(200);
    expect(await squareTokens()).not.toBe(firstAccess);
    // A token typed in where the browser never holds one: the body of a read.
    await call(api, 'POST', '/strategies/fetch/locations', as.glow, {
      strategy: 'SQUARE',
      accessToken: firstAccess,
    });

    // The other vendors, so every platform key travels: Booker's partner account, a Boulevard business and the
    // maps (whose key goes in the query string).
    expect(
      (await call(api, 'POST', '/strategies/fetch/locations', as.glow, { strategy: 'BOOKER' })).status,
    ).toBe(200);
    await call(api, 'POST', '/strategies/fetch/locations', as.glow, {
      strategy: 'BOULEVARD',
      businessId: `blvd-sandbox-secrets-${engine}`,
    });
    expect((await call(api, 'GET', '/geo/autocomplete?q=Santa%20Monica', as.glow)).status).toBe(200);
    expect((await call(api, 'GET', '/geo/geocode?address=90403', as.glow)).status).toBe(200);

    // Bank numbers sent in full where only tokens and last fours belong: bodies and queries.
    const made = await call(api, 'POST', '/settlement-accounts/onboarding-link', as.glow, {
      locationId: glowLocation,
    });
    const { accountId } = made.body as { accountId: string };
    // The browser sends the numbers to the payment provider (here its stand-in) alone, for a token.
    const tokenised = await api.fetch('/standins/stripe/v1/tokens', {
      method: 'POST',
      headers: { Authorization: `Bearer ${STRIPE_STANDIN_PUBLISHABLE_KEY}` },
      body: new URLSearchParams({
        'bank_account[country]': 'US',
        'bank_account[currency]': 'usd',
        'bank_account[account_number]': BANK_NUMBERS[0]!,
        'bank_account[routing_number]': BANK_NUMBERS[1]!,
      }),
    });
    expect(tokenised.status).toBe(200);
    const { id: bankAccountToken } = (await tokenised.json()) as { id: string };
    expect(
      (
        await call(api, 'POST', `/settlement-accounts/bank-account/${accountId}`, as.glow, {
          bankAccountToken,
        })
      ).status,
    ).toBe(200);
    await call(api, 'POST', `/settlement-accounts/bank-account/${accountId}`, as.glow, {
      bankAccountToken: 'btok_unknown',
      account_number: BANK_NUMBERS[0],
      routing_number: BANK_NUMBERS[2],
    });
    await call(
      api,
      'GET',
      `/settlement-accounts/payouts/${accountId}?accountNumber=${BANK_NUMBERS[0]}&routing=${BANK_NUMBERS[2]}`,
      as.glow,
    );

    // A registration: the password in the body goes to the identity service only.
    const quiet = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const email = `secrets-${engine}-${Date.now()}@upkeep.test`;
      const invited = await call(api, 'POST', '/provider/invite', as.admin, {
        email,
        providerIdArray: [await providerId(api.db, 'Glow Studio')],
      });
      const inviteCode = (invited.body as { code: string }).code;
      await api.fetch(`/provider/invite/${inviteCode}?email=${encodeURIComponent(email)}`);
      const registered = await api.fetch('/provider/invite/user', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: REGISTRATION_PASSWORD, code: inviteCode }),
      });
      expect(registered.status).toBe(201);
    } finally {
      quiet.mockRestore();
    }
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
  });

  it('the log holds no token, code, password, vendor key or bank number; queries are logged by name', () => {
    const log = api.logRaw.join('\n');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [...secrets, ...VENDOR_KEYS, MINDBODY_SANDBOX.password]) {
      expect(log.includes(secret), `the log holds ${secret.slice(0, 12)}…`).toBe(false);
    }
    const providersLine = api.logLines.find(
      (line) => line['path'] === '/providers' && typeof line['query'] === 'object',
    );
    expect(providersLine?.['query']).toEqual({ page: ['1'], token: '[redacted]' });
    // The maps' key travelled in a query string, to the stand-in on this API, and was logged by name only.
    const mapsLine = api.logLines.find(
      (line) => String(line['path']).startsWith('/standins/geo/') && typeof line['query'] === 'object',
    );
    expect(mapsLine?.['query']).toMatchObject({ key: '[redacted]' });
  });

  it('the database holds no token, code, password, vendor key or bank number', async () => {
    const text = await databaseText(api);
    expect(text.length).toBeGreaterThan(0);
    for (const secret of [...secrets, ...VENDOR_KEYS]) {
      expect(text.includes(secret), `the database holds ${secret.slice(0, 12)}…`).toBe(false);
    }
  });

  it('the database holds no MINDBODY password in clear text (stored credentials are encrypted at rest)', async () => {
    expect(await databaseText(api)).not.toContain(MINDBODY_SANDBOX.password);
  });
});
