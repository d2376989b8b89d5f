import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPageSchema } from '../../src/api/contract/audit';
import { CreditSchema } from '../../src/api/contract/credit';
import { STRIPE_STANDIN_PUBLISHABLE_KEY } from '../../src/api/contract/payouts';
import { parseCsv } from '../../src/domain/shared/csv';
import { REFUSED_PER_ADDRESS } from '../../server/audit/outcomes';
import { changesOf } from '../../server/audit/repository';
import * as t from '../../server/db/schema';
import { engines, expectRejected, startTestServer, tableDigest, tokenFor, type TestServer } from './support';

const ADMIN_EMAIL = 'api-test-admin@upkeep.test';

describe.each(engines)('the audit trail on %s', (engine) => {
  let api: TestServer;
  let admin: string;
  let provider: string;
  beforeAll(async () => {
    // A window longer than the file, so the refused rows' limit is counted exactly.
    api = await startTestServer(engine, { env: { RATE_LIMIT_WINDOW_SECONDS: '3600' } });
    admin = await tokenFor('admin');
    provider = await tokenFor('provider');
  });
  afterAll(async () => {
    await api?.stop();
  });

  const send = (method: string, path: string, body?: unknown, token = admin, headers?: HeadersInit) =>
    body === undefined
      ? api.fetch(path, { method, token, headers })
      : api.fetch(path, {
          method,
          token,
          headers: { 'Content-Type': 'application/json', ...Object.fromEntries(new Headers(headers)) },
          body: JSON.stringify(body),
        });

  /**
   * The trail's rows about one record, oldest first, straight from the table; an update's stored before and
   * after read as the fields that changed (server/audit/repository.ts changesOf, what GET /audit answers).
   */
  async function rowsOf(recordType: string, recordId: string) {
    const rows = await api.db
      .select()
      .from(t.auditEvents)
      .where(and(eq(t.auditEvents.recordType, recordType), eq(t.auditEvents.recordId, recordId)))
      .orderBy(t.auditEvents.id);
    return rows.map((row) => ({ ...row, changes: changesOf(row.changes ?? null) }));
  }

  async function page(query: string, token = admin) {
    const response = await api.fetch(`/audit${query}`, { token });
    expect(response.status).toBe(200);
    return v.parse(AuditPageSchema, await response.json());
  }

  it('records a create, an update and a delete with who, what, the changes and the address', async () => {
    const created = await send('POST', '/credits', { title: 'Audit Credit', totalInCents: 1234 });
    expect(created.status).toBe(201);
    const credit = v.parse(CreditSchema, await created.json());
    const id = String(credit.id);
    const updated = await send('PUT', `/credits/${id}`, {
      title: 'Audit Credit 2',
      version: credit.version,
    });
    expect(updated.status).toBe(200);
    expect((await send('DELETE', `/credits/${id}`)).status).toBe(200);

    const rows = await rowsOf('credit', id);
    expect(rows.map((row) => [row.kind, row.method, row.path])).toEqual([
      ['create', 'POST', '/credits'],
      ['update', 'PUT', `/credits/${id}`],
      ['delete', 'DELETE', `/credits/${id}`],
    ]);
    for (const row of rows) {
      expect(row.actorEmail).toBe(ADMIN_EMAIL);
      expect(row.actorRole).toBe('admin');
      expect(row.actorUid).toEqual(expect.any(String));
      expect(row.address).toMatch(/127\.0\.0\.1$/);
      expect(row.viewingAs).toBeNull();
    }
    expect(rows[0]?.changes).toMatchObject({ id: credit.id, title: 'Audit Credit', total_in_cents: 1234 });
    expect(rows[1]?.changes).toEqual({
      title: { from: 'Audit Credit', to: 'Audit Credit 2' },
      version: { from: 1, to: 2 },
    });
    expect(rows[2]?.changes).toMatchObject({ id: credit.id, title: 'Audit Credit 2', version: 2 });

    // The API answers the record's field names.
    const { items } = await page(`?recordType=credit&recordId=${id}`);
    expect(items.map((item) => item.kind)).toEqual(['delete', 'update', 'create']);
    expect(items[2]?.changes).toMatchObject({ totalInCents: 1234, createdAt: expect.any(String) });
  });

  it('a rejected write (400, 403, 409) leaves no create, update or delete; a 403 leaves a refused row', async () => {
    const before = await tableDigest(api.db);
    const [{ n: writesBefore } = { n: 0 }] = await api.db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.auditEvents)
      .where(sql`${t.auditEvents.kind} in ('create', 'update', 'delete')`);
    await expectRejected(
      await send('POST', '/credits', { title: '', totalInCents: 5 }),
      400,
      'request/invalid-body',
      'title',
    );
    await expectRejected(
      await send('POST', '/credits', { title: 'Nope', totalInCents: 5 }, provider),
      403,
      'auth/forbidden',
    );
    const [held] = await api.db.select({ creditId: t.userCredits.creditId }).from(t.userCredits).limit(1);
    await expectRejected(await send('DELETE', `/credits/${held?.creditId}`), 409, 'credit/in-use');
    expect(await tableDigest(api.db)).toEqual(before);
    const [{ n: writesAfter } = { n: 0 }] = await api.db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.auditEvents)
      .where(sql`${t.auditEvents.kind} in ('create', 'update', 'delete')`);
    expect(writesAfter).toBe(writesBefore);

    const refused = await api.db
      .select()
      .from(t.auditEvents)
      .where(and(eq(t.auditEvents.kind, 'refused'), eq(t.auditEvents.path, '/credits')));
    expect(refused).toEqual([
      expect.objectContaining({
        method: 'POST',
        status: 403,
        actorRole: 'provider',
        actorEmail: 'api-test-provider@upkeep.test',
        changes: null,
      }),
    ]);
  });
  it('a rolled-back transaction leaves no row; the same write committed leaves one', async () => {
    const setting = JSON.stringify({ uid: 'u-rollback', address: '10.0.0.1', method: 'POST', path: '/x' });
    const write = (title: string) =>
      api.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('upkeep.audit', ${setting}, true)`);
        await tx.insert(t.credits).values({ title, totalInCents: 1 });
      });
    await expect(
      api.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('upkeep.audit', ${setting}, true)`);
        await tx.insert(t.credits).values({ title: 'Rolled Back', totalInCents: 1 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await write('Committed');
    const rows = await api.db.select().from(t.auditEvents).where(eq(t.auditEvents.actorUid, 'u-rollback'));
    expect(rows.map((row) => (row.changes as { title: string }).title)).toEqual(['Committed']);
    // A statement the database refuses (a unique index) leaves none either.
    const [location] = await api.db.select({ id: t.locations.id }).from(t.locations).limit(1);
    const [item] = await api.db.select({ id: t.serviceItems.id }).from(t.serviceItems).limit(1);
    const mapping = { externalId: 'audit-dup', locationId: location?.id, serviceItemId: item?.id };
    const first = await send('POST', '/providers/svc-items', mapping);
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: number };
    expect((await send('POST', '/providers/svc-items', mapping)).status).toBe(409);
    const creates = await api.db
      .select({ recordId: t.auditEvents.recordId })
      .from(t.auditEvents)
      .where(and(eq(t.auditEvents.recordType, 'provider-svc-item'), eq(t.auditEvents.kind, 'create')));
    expect(creates).toEqual([{ recordId: String(id) }]);
  });

  it('writes no password, token or bank number, only that such a field changed', async () => {
    const mindbody = await send('POST', '/credentials', {
      strategy: 'MINDBODY',
      username: 'Siteowner',
      password: 'Sup3rSecretPw!',
      siteId: '-99',
    });
    expect(mindbody.status).toBe(201);
    const { id } = (await mindbody.json()) as { id: number };
    expect(
      (await send('PUT', `/credentials/${id}`, { password: 'An0therSecretPw!', version: 1 })).status,
    ).toBe(200);
    const square = await send('POST', '/credentials', {
      strategy: 'SQUARE',
      accessToken: 'sq-access-SECRETTOKEN',
      refreshToken: 'sq-refresh-SECRETTOKEN',
    });
    expect(square.status).toBe(201);
    const [location] = await api.db.select({ id: t.locations.id }).from(t.locations).limit(1);
    const link = await send('POST', '/settlement-accounts/onboarding-link', { locationId: location?.id });
    expect(link.status).toBe(201);
    const { accountId } = (await link.json()) as { accountId: string };
    const token = await api.fetch('/standins/stripe/v1/tokens', {
      method: 'POST',
      headers: { Authorization: `Bearer ${STRIPE_STANDIN_PUBLISHABLE_KEY}` },
      body: new URLSearchParams({
        'bank_account[account_number]': '000123456789',
        'bank_account[routing_number]': '110000000',
      }),
    });
    const { id: bankAccountToken } = (await token.json()) as { id: string };
    const attached = await send('POST', `/settlement-accounts/bank-account/${accountId}`, {
      bankAccountToken,
    });
    expect(attached.status).toBeLessThan(300);
    const refusedRaw = await send('POST', `/settlement-accounts/bank-account/${accountId}`, {
      bankAccountToken,
      accountNumber: '000123456789',
      routingNumber: '110000000',
    });
    expect(refusedRaw.status).toBe(400);

    const all = await api.db.select().from(t.auditEvents);
    const text = JSON.stringify(all);
    for (const secret of [
      'Sup3rSecretPw',
      'An0therSecretPw',
      'SECRETTOKEN',
      '000123456789',
      '110000000',
      'Siteowner',
    ])
      expect(text, secret).not.toContain(secret);
    const credentialRows = await rowsOf('credentials', String(id));
    expect(credentialRows.map((row) => [row.kind, row.changes])).toEqual([
      [
        'create',
        expect.objectContaining({ strategy: 'MINDBODY', username: '[hidden]', site_id: '[hidden]' }),
      ],
      ['update', { password: { from: '[hidden]', to: '[hidden]' }, version: { from: 1, to: 2 } }],
    ]);
    expect(credentialRows[0]?.changes).not.toHaveProperty('password');
    expect(await rowsOf('settlement-account', accountId)).not.toHaveLength(0);
  });

  it('records a role change beside the update, and the provider an admin views the console as', async () => {
    const [jordan] = await api.db.select().from(t.users).where(eq(t.users.firebaseUid, 'seed-jordan-lee'));
    const saved = await send(
      'PUT',
      '/user/seed-jordan-lee',
      { email: jordan?.email, displayName: jordan?.displayName, role: 'ADMIN', version: jordan?.version },
      admin,
      { 'X-Viewing-As': '7' },
    );
    expect(saved.status).toBe(200);
    const rows = await rowsOf('user', String(jordan?.id));
    const roleChange = rows.find((row) => row.kind === 'role-change');
    expect(roleChange?.changes).toEqual({ role: { from: 'USER', to: 'ADMIN' } });
    expect(rows.find((row) => row.kind === 'update')?.changes).toMatchObject({
      role: { from: 'USER', to: 'ADMIN' },
    });
    expect(rows.every((row) => row.viewingAs === '7')).toBe(true);
    await expectRejected(
      await send('GET', '/credits', undefined, admin, { 'X-Viewing-As': 'seven' }),
      400,
      'request/bad-request',
    );
  });

  it('POST /audit/events records sign-in and view-as for the caller; other kinds are refused', async () => {
    const [provider7] = await api.db.select({ id: t.providers.id }).from(t.providers).limit(1);
    const signIn = await send('POST', '/audit/events', { kind: 'sign-in' }, provider);
    expect(signIn.status).toBe(201);
    const { id } = (await signIn.json()) as { id: number };
    const start = await send('POST', '/audit/events', { kind: 'view-as-start', providerId: provider7?.id });
    expect(start.status).toBe(201);
    expect(
      (await send('POST', '/audit/events', { kind: 'view-as-end', providerId: provider7?.id })).status,
    ).toBe(201);
    const mine = await api.db.select().from(t.auditEvents).where(eq(t.auditEvents.id, id));
    expect(mine[0]).toMatchObject({ kind: 'sign-in', actorRole: 'provider', recordType: null });
    const views = await rowsOf('provider', String(provider7?.id));
    expect(views.map((row) => [row.kind, row.viewingAs, row.actorEmail])).toEqual([
      ['view-as-start', String(provider7?.id), ADMIN_EMAIL],
      ['view-as-end', String(provider7?.id), ADMIN_EMAIL],
    ]);
    await expectRejected(
      await send('POST', '/audit/events', { kind: 'create' }),
      400,
      'request/invalid-body',
      'kind',
    );
    await expectRejected(
      await send('POST', '/audit/events', { kind: 'view-as-start' }),
      400,
      'request/invalid-body',
      'providerId',
    );
    await expectRejected(
      await send('POST', '/audit/events', { kind: 'view-as-start', providerId: 987654 }),
      404,
      'provider/not-found',
      'providerId',
    );
    await expectRejected(
      await api.fetch('/audit/events', { method: 'POST', body: '{"kind":"sign-in"}' }),
      401,
      'auth/unauthenticated',
    );
  });

  it('GET /audit filters by actor, record, kind and time and pages newest first by cursor', async () => {
    const ids: number[] = [];
    for (const title of ['Page A', 'Page B', 'Page C', 'Page D', 'Page E']) {
      const response = await send('POST', '/credits', { title, totalInCents: 100 });
      ids.push(v.parse(CreditSchema, await response.json()).id);
    }
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const query: string = `?kind=create&recordType=credit&actor=${ADMIN_EMAIL}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const result = await page(query);
      seen.push(...result.items.map((item) => item.recordId ?? ''));
      cursor = result.nextCursor;
      pages += 1;
    }
    const created = ids.map(String).reverse();
    expect(seen.slice(0, 5)).toEqual(created);
    expect(new Set(seen).size).toBe(seen.length);
    expect(pages).toBe(Math.ceil(seen.length / 2));

    const first = (await page(`?recordType=credit&recordId=${ids[0]}`)).items[0];
    const byUid = await page(`?actor=${first?.actorUid}&recordType=credit&recordId=${ids[0]}`);
    expect(byUid.items.map((item) => item.id)).toEqual([first?.id]);
    expect((await page(`?actor=someone-else&recordType=credit&recordId=${ids[0]}`)).items).toEqual([]);
    const at = encodeURIComponent(first?.at ?? '');
    expect((await page(`?recordType=credit&recordId=${ids[0]}&from=${at}`)).items).toHaveLength(1);
    expect((await page(`?recordType=credit&recordId=${ids[0]}&to=${at}`)).items).toEqual([]);
    expect((await page('?kind=refused')).items.every((item) => item.kind === 'refused')).toBe(true);
  });

  it('GET /audit.csv answers the filtered rows as an attachment; 400, 401 and 403', async () => {
    const response = await api.fetch('/audit.csv?recordType=credit&kind=create', { token: admin });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/csv/);
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="audit.csv"');
    const [header, ...rows] = parseCsv(await response.text());
    expect(header?.slice(0, 3)).toEqual(['id', 'at', 'actorUid']);
    expect(rows.length).toBeGreaterThan(0);
    const kind = header?.indexOf('kind') ?? -1;
    expect(rows.every((row) => row[kind] === 'create')).toBe(true);

    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=201', 'limit'],
      ['?kind=bogus', 'kind'],
      ['?from=yesterday', 'from'],
      ['?cursor=bm90LWEtY3Vyc29y', 'cursor'],
    ] as const)
      await expectRejected(
        await api.fetch(`/audit${query}`, { token: admin }),
        400,
        'request/invalid-query',
        field,
      );
    for (const path of ['/audit', '/audit.csv']) {
      await expectRejected(await api.fetch(path), 401, 'auth/unauthenticated');
      await expectRejected(await api.fetch(path, { token: provider }), 403, 'auth/forbidden');
    }
  });

  it('records at most a fixed number of refused attempts per address and window', async () => {
    for (let i = 0; i < 70; i += 1) expect((await api.fetch('/credits')).status).toBe(401);
    const [{ n } = { n: -1 }] = await api.db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.auditEvents)
      .where(eq(t.auditEvents.kind, 'refused'));
    expect(n).toBe(REFUSED_PER_ADDRESS);
  });
});
