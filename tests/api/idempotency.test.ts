/**
 * Idempotency-Key on the creates (server/http/idempotency.ts): ten identical POSTs at once with one key make
 * one record and all get the same answer; a later repeat is replayed; the key with another body is refused
 * and changes nothing; a failure releases the key; without a key a POST behaves as it always did.
 */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import * as t from '../../server/db/schema';
import { IDEMPOTENCY_KEY_HEADER, REPLAYED_HEADER } from '../../server/http/idempotency';
import { laTime, mondayAhead, slotFixture, type SlotFixture } from './appointments-support';
import { callers, type Callers } from './provider-support';
import {
  engines,
  expectRejected,
  startTestServer,
  tableDigest,
  testIdentity,
  type TestServer,
} from './support';

/** One free slot per body of the appointment create. */
const BOOKING_TIMES: Record<string, string> = { a: '10:00', b: '12:00', other: '14:00' };

/** A location's address (a location needs one). */
const ADDRESS = { streetAddress: '1 Retry Way', city: 'Venice', state: 'CA' };

interface Answer {
  status: number;
  text: string;
  replayed: boolean;
}

describe.each(engines)('Idempotency-Key on %s', (engine) => {
  let api: TestServer;
  let as: Callers;
  let slots: SlotFixture;
  /** A customer to book for. */
  let customerId: number;
  const run = `${engine}-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    api = await startTestServer(engine);
    as = await callers();
    slots = await slotFixture(api.db, `Idem ${run}`, 'provider@upkeep.test');
    const [customer] = await api.db.select().from(t.users).where(eq(t.users.role, 'USER')).limit(1);
    customerId = customer!.id;
    // Each token verified once before the bursts, so ten requests at once do not all wait on the identity service.
    for (const token of [as.admin, as.glow])
      expect((await api.fetch('/providers', { token })).status).toBe(200);
  });
  afterAll(async () => {
    await api?.stop();
  });

  /** Every table's rows but the audit trail's, which records a refused attempt on purpose. */
  async function recordsDigest() {
    const { audit_events: _audit, ...records } = await tableDigest(api.db);
    return records;
  }

  async function post(path: string, token: string, body: unknown, key?: string): Promise<Answer> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (key !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = key;
    const response = await api.fetch(path, { method: 'POST', token, headers, body: JSON.stringify(body) });
    return {
      status: response.status,
      text: await response.text(),
      replayed: response.headers.get(REPLAYED_HEADER) === 'true',
    };
  }

  async function rows(table: PgTable): Promise<number> {
    const [row] = await api.db.select({ n: count() }).from(table);
    return row?.n ?? 0;
  }

  const creates = [
    {
      what: 'provider',
      path: '/providers',
      table: t.providers,
      token: () => as.admin,
      body: (n: string) => ({ name: `Idem provider ${run} ${n}` }),
    },
    {
      what: 'location',
      path: '/locations',
      table: t.locations,
      token: () => as.admin,
      body: (n: string) => ({ ...ADDRESS, name: `Idem location ${run} ${n}` }),
    },
    {
      what: 'credentials',
      path: '/credentials',
      table: t.credentials,
      token: () => as.glow,
      body: (n: string) => ({ strategy: 'MINDBODY', username: `owner-${n}`, password: 'pw', siteId: '-99' }),
    },
    {
      what: 'appointment',
      path: '/appointments',
      table: t.appointments,
      token: () => as.admin,
      body: (n: string) => ({
        user: customerId,
        provider: slots.providerId,
        serviceItemIds: [slots.facialId],
        startDate: laTime(mondayAhead(3), BOOKING_TIMES[n] ?? '15:00'),
        paymentMethod: 'SAVED_CARD',
      }),
    },
    {
      what: 'user',
      path: '/user/register',
      table: t.users,
      token: () => as.admin,
      body: (n: string) => ({
        email: `idem-${n}-${run}@upkeep.test`,
        firstName: 'Ida',
        lastName: 'Empotent',
        password: 'long-enough-1',
        phone: '+1 310 555 0199',
        birthdate: '1990-01-01',
      }),
    },
  ];

  describe.each(creates)('POST $path ($what)', (create) => {
    it('ten identical requests at once with one key make one record, and all answer the same', async () => {
      const before = await rows(create.table);
      const key = randomUUID();
      const body = create.body('a');
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => post(create.path, create.token(), body, key)),
      );
      expect(answers[0]!.status, answers[0]!.text).toBe(201);
      for (const answer of answers) {
        expect(answer.status, answer.text).toBe(201);
        expect(answer.text).toBe(answers[0]!.text);
      }
      expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
      expect(await rows(create.table)).toBe(before + 1);

      // Later, the same request again is the same answer, replayed.
      const again = await post(create.path, create.token(), body, key);
      expect(again).toEqual({ status: 201, text: answers[0]!.text, replayed: true });
      expect(await rows(create.table)).toBe(before + 1);
    });

    it('the key with another body is refused with 422 naming the header, and changes nothing', async () => {
      const key = randomUUID();
      expect((await post(create.path, create.token(), create.body('b'), key)).status).toBe(201);
      const digest = await recordsDigest();
      const other = await post(create.path, create.token(), create.body('other'), key);
      const response = new Response(other.text, { status: other.status });
      const message = await expectRejected(
        response,
        422,
        API_ERROR_CODES.idempotencyKeyReused,
        IDEMPOTENCY_KEY_HEADER,
      );
      expect(message).toContain(IDEMPOTENCY_KEY_HEADER);
      expect(await recordsDigest()).toEqual(digest);
    });
  });

  it('without a key a POST behaves as before: two identical requests make two providers', async () => {
    const before = await rows(t.providers);
    const body = { name: `Idem keyless ${run}` };
    const [first, second] = await Promise.all([
      post('/providers', as.admin, body),
      post('/providers', as.admin, body),
    ]);
    expect([first!.status, second!.status]).toEqual([201, 201]);
    expect(first!.replayed || second!.replayed).toBe(false);
    expect(await rows(t.providers)).toBe(before + 2);
  });

  it('a malformed key is a 400 naming the header, and changes nothing', async () => {
    const digest = await recordsDigest();
    for (const key of ['x'.repeat(201), 'tab\there', '']) {
      const answer = await post('/providers', as.admin, { name: `Idem bad key ${run}` }, key);
      const message = await expectRejected(
        new Response(answer.text, { status: answer.status }),
        400,
        API_ERROR_CODES.idempotencyKeyInvalid,
        IDEMPOTENCY_KEY_HEADER,
      );
      expect(message).toMatch(/1 to 200 printable characters/);
    }
    expect(await recordsDigest()).toEqual(digest);
  });

  it('a refused request releases its key: the corrected request with the same key runs', async () => {
    const key = randomUUID();
    const refused = await post('/providers', as.admin, { name: '' }, key);
    expect(refused.status).toBe(400);
    const [row] = await api.db.select().from(t.idempotencyKeys).where(eq(t.idempotencyKeys.key, key));
    expect(row).toBeUndefined();
    const fixed = await post('/providers', as.admin, { name: `Idem corrected ${run}` }, key);
    expect(fixed.status, fixed.text).toBe(201);
    expect(fixed.replayed).toBe(false);
  });

  it('keys belong to an account: the same key from another account is a request of its own', async () => {
    const key = randomUUID();
    const body = { ...ADDRESS, name: `Idem shared key ${run}` };
    const mine = await post('/locations', as.admin, body, key);
    const theirs = await post('/locations', as.glow, body, key);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.replayed).toBe(false);
    expect(theirs.text).not.toBe(mine.text);
  });

  it('a key older than 24 hours counts as unused', async () => {
    const key = randomUUID();
    const { uid } = await testIdentity().verifyIdToken(as.admin);
    await api.db.insert(t.idempotencyKeys).values({
      uid,
      key,
      method: 'POST',
      path: '/elsewhere',
      requestHash: 'old',
      status: 201,
      responseBody: '{}',
      createdAt: new Date(Date.now() - 25 * 3_600_000),
    });
    const fresh = await post('/providers', as.admin, { name: `Idem after a day ${run}` }, key);
    expect(fresh.status, fresh.text).toBe(201);
    expect(fresh.replayed).toBe(false);
  });
});
