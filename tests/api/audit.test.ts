import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPageSchema, type AuditEvent } from '../../src/api/contract/audit';
import { CreditSchema } from '../../src/api/contract/credit';
import { parseCsv } from '../../src/domain/shared/csv';
import * as t from '../../server/db/schema';
import {
  engines,
  expectRejected,
  startTestServer,
  tableDigest,
  tokenFor,
  type TestServer,
} from './support';

const ADMIN_EMAIL = 'api-test-admin@upkeep.test';

describe.each(engines)('the audit trail on %s', (engine) => {
  let api: TestServer;
  let admin: string;
  let provider: string;
  beforeAll(async () => {
    api = await startTestServer(engine);
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

  /** The trail's rows about one record, oldest first, straight from the table. */
  async function rowsOf(recordType: string, recordId: string) {
    return api.db
      .select()
      .from(t.auditEvents)
      .where(and(eq(t.auditEvents.recordType, recordType), eq(t.auditEvents.recordId, recordId)))
      .orderBy(t.auditEvents.id);
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
});

export type { AuditEvent };
void parseCsv;
