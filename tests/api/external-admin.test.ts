/**
 * The hand-over to the external admin site (01 §2): the console asks for a one-time code for one page and
 * record it may use, and the link carries the code, never the session's token. A code opens its page once,
 * within its minute, and only for an admin or a provider; the table keeps only its hash.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { ExternalAdminCodeSchema, ExternalAdminSessionSchema } from '../../src/api/contract/external-admin';
import { OnboardingLinkSchema } from '../../src/api/contract/payouts';
import { externalAdminCodes } from '../../server/db/schema';
import { hashCode } from '../../server/external-admin/codes';
import { call, callers, expectError, expectNoChange, locationIdOf, type Callers } from './provider-support';
import { engines, startTestServer, tableDigest, type TestServer } from './support';

describe.each(engines)('the external admin hand-over on %s', (engine) => {
  let api: TestServer;
  let as: Callers;
  let glowLocation: number;
  let serenityLocation: number;
  beforeAll(async () => {
    api = await startTestServer(engine);
    as = await callers();
    glowLocation = await locationIdOf(api.db, 'Glow Studio');
    serenityLocation = await locationIdOf(api.db, 'Serenity Med Spa');
  });
  afterAll(async () => {
    await api?.stop();
  });

  async function codeFor(token: string, page: string, id: string | number) {
    const issued = await call(api, 'POST', '/external-admin/codes', token, { page, id: String(id) });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    return v.parse(ExternalAdminCodeSchema, issued.body).code;
  }

  const open = (page: string, id: string | number, code: string) =>
    api.fetch(
      `/external-admin/${page}?id=${encodeURIComponent(String(id))}&code=${encodeURIComponent(code)}`,
    );

  it('a provider opens Update address and Manage payouts with a code; a second use is refused', async () => {
    const link = await call(api, 'POST', '/settlement-accounts/onboarding-link', as.glow, {
      locationId: glowLocation,
    });
    const { accountId } = v.parse(OnboardingLinkSchema, link.body);
    for (const [page, id, text] of [
      ['provider/locations', String(glowLocation), 'Update address'],
      ['payouts/bank-account', accountId, 'Manage payouts'],
    ] as const) {
      const code = await codeFor(as.glow, page, id);
      expect(code).toMatch(/^[\w-]{43}$/);
      const first = await open(page, id, code);
      expect(first.status).toBe(200);
      const html = await first.text();
      expect(html).toContain(text);
      expect(html).toContain('provider@upkeep.test');
      expect(html).toContain(`<dd>${id}</dd>`);
      const again = await open(page, id, code);
      expect(again.status).toBe(401);
      expect(await again.text()).not.toContain('provider@upkeep.test');
    }
  });

  it('keeps only the hash of a code, refuses it once expired, and refuses it for another record', async () => {
    const code = await codeFor(as.glow, 'provider/locations', glowLocation);
    const [row] = await api.db
      .select()
      .from(externalAdminCodes)
      .where(eq(externalAdminCodes.codeHash, hashCode(code)));
    expect(row).toMatchObject({ role: 'provider', page: 'provider/locations', usedAt: null });
    expect(JSON.stringify(await api.db.select().from(externalAdminCodes))).not.toContain(code);

    await api.db
      .update(externalAdminCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(externalAdminCodes.codeHash, hashCode(code)));
    expect((await open('provider/locations', glowLocation, code)).status).toBe(401);

    const other = await codeFor(as.glow, 'provider/locations', glowLocation);
    expect((await open('provider/locations', serenityLocation, other)).status).toBe(401);
    expect((await open('payouts/bank-account', glowLocation, other)).status).toBe(401);
  });

  it('refuses the old hand-over: a session token in the link opens nothing', async () => {
    for (const token of [as.admin, as.glow]) {
      const response = await api.fetch(
        `/external-admin/provider/locations?id=${glowLocation}&token=${encodeURIComponent(token)}`,
      );
      expect(response.status).toBe(401);
      expect(await response.text()).not.toContain('@upkeep.test');
    }
    expect((await api.fetch('/external-admin/payouts/bank-account?id=1')).status).toBe(401);
    const bad = await api.fetch('/external-admin/provider/locations?id=%3Cscript%3E&code=nope');
    expect(bad.status).toBe(401);
    expect(await bad.text()).not.toContain('<script>');
  });

  it('issues codes only to an admin or a provider, for records they may use; refusals store nothing', async () => {
    const body = { page: 'provider/locations', id: String(glowLocation) };
    await expectNoChange(api.db, async () => {
      expectError(
        await call(api, 'POST', '/external-admin/codes', undefined, body),
        401,
        'auth/unauthenticated',
      );
      expectError(await call(api, 'POST', '/external-admin/codes', as.customer, body), 403, 'auth/forbidden');
      expectError(
        await call(api, 'POST', '/external-admin/codes', as.glow, {
          page: 'provider/locations',
          id: String(serenityLocation),
        }),
        403,
        API_ERROR_CODES.forbidden,
        'id',
      );
      expectError(
        await call(api, 'POST', '/external-admin/codes', as.glow, {
          page: 'payouts/bank-account',
          id: 'acct_nope',
        }),
        404,
        API_ERROR_CODES.settlementAccountNotFound,
        'id',
      );
      expectError(
        await call(api, 'POST', '/external-admin/codes', as.glow, { page: 'provider/locations', id: 'abc' }),
        400,
        API_ERROR_CODES.invalidBody,
        'id',
      );
      expectError(
        await call(api, 'POST', '/external-admin/codes', as.glow, { page: 'settings', id: '1' }),
        400,
        API_ERROR_CODES.invalidBody,
        'page',
      );
    });
    // An admin (also while viewing as a provider) may open any provider's pages.
    const code = await codeFor(as.admin, 'provider/locations', serenityLocation);
    const page = await open('provider/locations', serenityLocation, code);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<dd>admin</dd>');
  });

  it('a code of an account whose role is neither admin nor provider opens nothing', async () => {
    const code = await codeFor(as.glow, 'provider/locations', glowLocation);
    // As if the account's role had been anything else when the code was issued.
    await api.db
      .update(externalAdminCodes)
      .set({ role: 'user' })
      .where(eq(externalAdminCodes.codeHash, hashCode(code)));
    expect((await open('provider/locations', glowLocation, code)).status).toBe(401);
  });

  it('POST /redeem tells the real site who the code was issued to, once', async () => {
    const code = await codeFor(as.glow, 'provider/locations', glowLocation);
    const before = await tableDigest(api.db);
    expectError(
      await call(api, 'POST', '/external-admin/redeem', undefined, {}),
      400,
      API_ERROR_CODES.invalidBody,
      'code',
    );
    expect(await tableDigest(api.db)).toEqual(before);
    const taken = await call(api, 'POST', '/external-admin/redeem', undefined, { code });
    expect(taken.status).toBe(200);
    expect(v.parse(ExternalAdminSessionSchema, taken.body)).toMatchObject({
      email: 'provider@upkeep.test',
      role: 'provider',
      page: 'provider/locations',
      id: String(glowLocation),
    });
    expectError(
      await call(api, 'POST', '/external-admin/redeem', undefined, { code }),
      401,
      API_ERROR_CODES.externalAdminCodeInvalid,
      'code',
    );
  });

  it('has no other pages', async () => {
    expect((await api.fetch('/external-admin/anything')).status).toBe(404);
  });
});
