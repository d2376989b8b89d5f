/**
 * Optimistic concurrency (issue 9, finding 2): every editable record is read with a version and a write
 * based on an older version gets 409 record/stale; concurrent saves of one user never lose a role.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../src/api/contract/error';
import { RECORD_STALE_MESSAGE } from '../../src/api/contract/error-codes';
import * as t from '../../server/db/schema';
import { VERSION_REQUIRED_MESSAGE } from '../../src/api/contract/version';
import { engines, expectRejected, startTestServer, testIdentity, tokenFor, type TestServer } from './support';

const json = { 'Content-Type': 'application/json' };

describe.each(engines)('optimistic concurrency on %s', (engine) => {
  let api: TestServer;
  let admin: string;
  const run = `${engine}-${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    api = await startTestServer(engine);
    admin = await tokenFor('admin');
  });
  afterAll(async () => {
    await api?.stop();
  });

  const send = (method: string, path: string, body?: unknown) =>
    api.fetch(path, {
      method,
      token: admin,
      headers: json,
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });

  async function expectStale(response: Response) {
    expect(response.status).toBe(409);
    const error = v.parse(ApiErrorSchema, await response.json());
    expect(error).toEqual({ code: 'record/stale', message: RECORD_STALE_MESSAGE, field: 'version' });
  }

  let people = 0;
  /** A user row with a real sign-in account (role claim `user`). */
  async function createPerson() {
    people += 1;
    const email = `concurrency-${people}-${run}@upkeep.test`;
    const uid = await testIdentity().ensureAccount({
      email,
      password: 'person-password',
      role: 'user',
      displayName: 'Con Current',
    });
    await api.db.insert(t.users).values({ email, firebaseUid: uid, displayName: 'Con Current' });
    return { uid, email };
  }

  async function readUser(uid: string) {
    const response = await send('GET', `/user/${uid}`);
    expect(response.status).toBe(200);
    return (await response.json()) as {
      version: number;
      role: string;
      displayName: string | null;
      phone: string | null;
      customClaims: { role: string | null } | null;
    };
  }

  describe('PUT /user/{firebaseUid}', () => {
    it('answers the new version; a save based on the old one is refused and changes nothing', async () => {
      const person = await createPerson();
      const before = await readUser(person.uid);
      expect(before.version).toBe(1);
      const saved = await send('PUT', `/user/${person.uid}`, {
        email: person.email,
        displayName: 'First Save',
        version: before.version,
      });
      expect(saved.status).toBe(200);
      expect(((await saved.json()) as { version: number }).version).toBe(2);

      await expectStale(
        await send('PUT', `/user/${person.uid}`, {
          email: person.email,
          displayName: 'Second Save',
          role: 'ADMIN',
          version: before.version,
        }),
      );
      const after = await readUser(person.uid);
      expect(after).toMatchObject({ version: 2, displayName: 'First Save', role: 'USER' });
      expect(after.customClaims).toEqual({ role: 'user' });
    });

    it('three concurrent saves from the same version: one applies, the others get 409', async () => {
      for (let trial = 0; trial < 5; trial += 1) {
        const person = await createPerson();
        const { version } = await readUser(person.uid);
        const roles = ['PROVIDER', 'ADMIN', 'USER'] as const;
        const responses = await Promise.all(
          roles.map((role) =>
            send('PUT', `/user/${person.uid}`, { email: person.email, role, displayName: role, version }),
          ),
        );
        const statuses = responses.map((response) => response.status).sort();
        expect(statuses).toEqual([200, 409, 409]);
        const winner = roles[responses.findIndex((response) => response.status === 200)];
        for (const response of responses) if (response.status === 409) await expectStale(response);
        const after = await readUser(person.uid);
        // The database and the claim both hold the one save that applied.
        expect(after).toMatchObject({ version: version + 1, role: winner, displayName: winner });
        expect(after.customClaims).toEqual({ role: winner?.toLowerCase() });
      }
    });

    it('a save without a version is refused with 400 naming version, and nothing changes', async () => {
      const person = await createPerson();
      const response = await send('PUT', `/user/${person.uid}`, { email: person.email, role: 'PROVIDER' });
      expect(await expectRejected(response, 400, 'request/invalid-body', 'version')).toBe(
        VERSION_REQUIRED_MESSAGE,
      );
      const after = await readUser(person.uid);
      expect(after).toMatchObject({ version: 1, role: 'USER' });
      expect(after.customClaims).toEqual({ role: 'user' });
    });
  });

  type Versioned =
    | typeof t.credits
    | typeof t.promoCodes
    | typeof t.serviceItems
    | typeof t.bundles
    | typeof t.providers
    | typeof t.locations
    | typeof t.specialDates
    | typeof t.commissions
    | typeof t.priceTiers
    | typeof t.availabilities;

  describe('every other editable record', () => {
    interface Case {
      name: string;
      create: () => Promise<{ id: number; version: number }>;
      path: (id: number) => string;
      change: (id: number, n: number) => Record<string, unknown>;
      table: Versioned;
    }

    async function created(response: Response) {
      expect(response.status).toBe(201);
      return (await response.json()) as { id: number; version: number };
    }

    /** The whole stored row, so a refused save can be shown to have changed nothing. */
    const rowOf = async (table: Versioned, id: number) => {
      const [row] = await api.db.select().from(table).where(eq(table.id, id));
      return row;
    };
    const versionOf = async (table: Versioned, id: number) => (await rowOf(table, id))?.version ?? -1;

    const address = (n: number) => ({
      name: `Location ${run} ${n}`,
      streetAddress: `${n + 1} Main Street`,
      city: 'Los Angeles',
      state: 'CA',
    });

    /** A week open on Monday at 07:00 plus the nth quarter hour after it. */
    const slotsAt = (n: number) => {
      const minutes = 7 * 60 + 15 * (n + 1);
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const closed: { time: string; checked: boolean }[] = [];
      return {
        Monday: [
          { time: '07:00', checked: true },
          { time, checked: true },
        ],
        Tuesday: closed,
        Wednesday: closed,
        Thursday: closed,
        Friday: closed,
        Saturday: closed,
        Sunday: closed,
      };
    };

    let categoryId = 0;
    beforeAll(async () => {
      const [category] = await api.db
        .select({ id: t.serviceCategories.id })
        .from(t.serviceCategories)
        .limit(1);
      categoryId = category?.id ?? 0;
    });

    const cases: Case[] = [
      {
        name: 'credit',
        create: async () =>
          created(await send('POST', '/credits', { title: `Credit ${run}`, totalInCents: 500 })),
        path: (id) => `/credits/${id}`,
        change: (_id, n) => ({ title: `Credit ${run} ${n}`, description: null }),
        table: t.credits,
      },
      {
        name: 'promo code',
        create: async () =>
          created(
            await send('POST', '/promo', {
              code: `CONC${randomBytes(3).toString('hex')}`,
              type: 'PER_USER',
              quantityAbsolute: 100,
              quantityPerUser: 1,
              amountInCents: 1000,
              allowedServices: [],
            }),
          ),
        path: (id) => `/promo/${id}`,
        change: (_id, n) => ({
          code: `CONC${n}${randomBytes(3).toString('hex')}`,
          type: 'PER_USER',
          quantityAbsolute: 100,
          quantityPerUser: 1,
          amountInCents: 1000 + n,
          allowedServices: [],
        }),
        table: t.promoCodes,
      },
      {
        name: 'service item',
        create: async () =>
          created(await send('POST', '/svc-item', { name: `Item ${run}`, serviceCategoryId: categoryId })),
        path: (id) => `/svc-item/${id}`,
        change: (_id, n) => ({ name: `Item ${run} ${n}` }),
        table: t.serviceItems,
      },
      {
        name: 'bundle',
        create: async () => created(await send('POST', '/bundle', { name: `Bundle ${run}` })),
        path: (id) => `/bundle/${id}`,
        change: (_id, n) => ({ name: `Bundle ${run} ${n}` }),
        table: t.bundles,
      },
      {
        name: 'provider',
        create: async () => created(await send('POST', '/providers', { name: `Provider ${run}` })),
        path: (id) => `/providers/${id}`,
        change: (_id, n) => ({ name: `Provider ${run} ${n}` }),
        table: t.providers,
      },
      {
        name: 'location',
        create: async () => created(await send('POST', '/locations', address(0))),
        path: (id) => `/locations/${id}`,
        change: (_id, n) => address(n),
        table: t.locations,
      },
      {
        name: 'special date',
        create: async () => {
          const location = await created(await send('POST', '/locations', address(0)));
          return created(
            await send('POST', '/special-date', {
              locationId: location.id,
              startDate: '2031/01/01',
              endDate: '2031/01/02',
            }),
          );
        },
        path: (id) => `/special-date/${id}`,
        change: (_id, n) => ({
          startDate: '2031/01/01',
          endDate: `2031/01/${String(n + 2).padStart(2, '0')}`,
        }),
        table: t.specialDates,
      },
      {
        name: 'commission',
        create: async () => {
          const provider = await created(await send('POST', '/providers', { name: `Commission ${run}` }));
          return created(
            await send('POST', '/commission', {
              providerId: provider.id,
              serviceCategoryId: categoryId,
              percentage: 15,
            }),
          );
        },
        path: (id) => `/commission/${id}`,
        change: (_id, n) => ({ percentage: 15 + n }),
        table: t.commissions,
      },
      {
        name: 'availability',
        create: async () => {
          const location = await created(await send('POST', '/locations', address(0)));
          return created(
            await send('POST', '/availabilities', {
              serviceCategory: { id: categoryId },
              location: { id: location.id },
              timeslots: slotsAt(0),
            }),
          );
        },
        path: (id) => `/availabilities/${id}`,
        change: (_id, n) => ({ timeslots: slotsAt(n) }),
        table: t.availabilities,
      },
      {
        name: 'price tier',
        create: async () => created(await send('POST', '/price-tier', { name: `Tier ${run}` })),
        path: (id) => `/price-tier/${id}`,
        change: (_id, n) => ({ name: `Tier ${run} ${n}` }),
        table: t.priceTiers,
      },
    ];

    it.each(cases)(
      '$name: a save without a version is refused with 400 naming version and changes no row',
      async (item) => {
        const record = await item.create();
        const before = await rowOf(item.table, record.id);
        const response = await send('PUT', item.path(record.id), item.change(record.id, 1));
        expect(await expectRejected(response, 400, 'request/invalid-body', 'version')).toBe(
          VERSION_REQUIRED_MESSAGE,
        );
        expect(await rowOf(item.table, record.id)).toEqual(before);
      },
    );

    it.each(cases)(
      '$name: the read carries a version; a stale save gets 409 and changes no row; concurrent ones apply once',
      async (item) => {
        const record = await item.create();
        expect(record.version).toBe(1);

        const first = await send('PUT', item.path(record.id), { ...item.change(record.id, 1), version: 1 });
        expect(first.status).toBe(200);
        expect(((await first.json()) as { version: number }).version).toBe(2);
        const saved = await rowOf(item.table, record.id);
        await expectStale(
          await send('PUT', item.path(record.id), { ...item.change(record.id, 2), version: 1 }),
        );
        expect(await rowOf(item.table, record.id)).toEqual(saved);
        expect(await versionOf(item.table, record.id)).toBe(2);

        const responses = await Promise.all(
          [3, 4, 5].map((n) =>
            send('PUT', item.path(record.id), { ...item.change(record.id, n), version: 2 }),
          ),
        );
        expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409]);
        for (const response of responses) if (response.status === 409) await expectStale(response);
        expect(await versionOf(item.table, record.id)).toBe(3);
      },
    );
  });
});
