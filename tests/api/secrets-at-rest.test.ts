/**
 * After a run of many flows that carry secrets (ID tokens in headers and, wrongly, in query strings; the
 * external admin code in its link; passwords in bodies and queries; MINDBODY credentials; bank numbers sent
 * where they do not belong), neither the log nor the database holds any of them in clear text.
 */
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ExternalAdminCodeSchema } from '../../src/api/contract/external-admin';
import * as schema from '../../server/db/schema';
import { MINDBODY_SANDBOX } from '../../server/strategies/sandbox';
import { call, callers, locationIdOf, providerId, type Callers } from './provider-support';
import { engines, startTestServer, type TestServer } from './support';

/** The demo and test bank numbers (tests/e2e/payouts.spec.ts, the payouts walk, tests/api/payouts.test.ts). */
const BANK_NUMBERS = ['000123456789', '110000000', '021000021'];
const QUERY_PASSWORD = 'query-pass-8812';
const REGISTRATION_PASSWORD = 'registration-pass-4417';

/** Every row of every table as PostgreSQL writes it as text. */
async function databaseText(api: TestServer): Promise<string> {
  const parts: string[] = [];
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const result = (await api.db.execute(sql`select t::text as row from ${table} t`)) as unknown as {
      rows: { row: string }[];
    };
    parts.push(`${getTableName(table)}: ${result.rows.map((r) => r.row).join('\n')}`);
  }
  return parts.join('\n');
}

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

    // Bank numbers sent in full where only tokens and last fours belong: bodies and queries.
    const made = await call(api, 'POST', '/settlement-accounts/onboarding-link', as.glow, {
      locationId: glowLocation,
    });
    const { accountId } = made.body as { accountId: string };
    await call(api, 'POST', '/payments-sandbox/tokens', as.glow, {
      country: 'US',
      currency: 'usd',
      last4: '6789',
      routingLast4: '0000',
      accountNumber: BANK_NUMBERS[0],
      routingNumber: BANK_NUMBERS[1],
    });
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

  it('the log holds no token, code, password or bank number; queries are logged by name', () => {
    const log = api.logRaw.join('\n');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [...secrets, MINDBODY_SANDBOX.password]) {
      expect(log.includes(secret), `the log holds ${secret.slice(0, 12)}…`).toBe(false);
    }
    const providersLine = api.logLines.find(
      (line) => line['path'] === '/providers' && typeof line['query'] === 'object',
    );
    expect(providersLine?.['query']).toEqual({ page: ['1'], token: '[redacted]' });
  });

  it('the database holds no token, code, password or bank number', async () => {
    const text = await databaseText(api);
    expect(text.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      expect(text.includes(secret), `the database holds ${secret.slice(0, 12)}…`).toBe(false);
    }
  });

  it('the database holds no MINDBODY password in clear text (stored credentials are encrypted at rest)', async () => {
    expect(await databaseText(api)).not.toContain(MINDBODY_SANDBOX.password);
  });
});
