import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PromoCodeListSchema, PromoCodeSchema, type PromoCode } from '../../src/api/contract/promo';
import { expectEveryOrder, expectOrderRefused, expectOrdered } from './list-order';
import * as t from '../../server/db/schema';
import {
  engines,
  startTestServer,
  tableCounts,
  tokenFor,
  type TestServer,
  expectRejected,
  JSON_HEADERS,
  sendJson,
} from './support';

describe.each(engines)('/promo on %s', (engine) => {
  let api: TestServer;
  let admin: string;
  let itemIds: Map<string, number>;
  beforeAll(async () => {
    api = await startTestServer(engine);
    admin = await tokenFor('admin');
    const items = await api.db
      .select({ id: t.serviceItems.id, name: t.serviceItems.name })
      .from(t.serviceItems);
    itemIds = new Map(items.map((item) => [item.name, item.id]));
  });
  afterAll(async () => {
    await api?.stop();
  });

  const send = (method: string, path: string, body?: unknown, token = admin) =>
    sendJson(api, method, path, body, token);

  async function promos() {
    const response = await api.fetch('/promo', { token: admin });
    expect(response.status).toBe(200);
    return v.parse(PromoCodeListSchema, await response.json());
  }

  const valid = (code: string, extra: object = {}) => ({
    code,
    type: 'PER_USER',
    quantityAbsolute: 100,
    quantityPerUser: 1,
    amountInCents: 1_999,
    allowedServices: [],
    ...extra,
  });

  it('401 without a token and 403 for a provider on every route, and nothing changes', async () => {
    const before = await tableCounts(api.db);
    const provider = await tokenFor('provider');
    for (const [method, path] of [
      ['GET', '/promo'],
      ['POST', '/promo'],
      ['PUT', '/promo/1'],
      ['DELETE', '/promo/1'],
    ] as const) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : valid('NOPE');
      await expectRejected(
        await api.fetch(path, { method, headers: JSON_HEADERS, body: body && JSON.stringify(body) }),
        401,
        'auth/unauthenticated',
      );
      await expectRejected(await send(method, path, body, provider), 403, 'auth/forbidden');
    }
    expect(await tableCounts(api.db)).toEqual(before);
  });

  it('lists the seeded codes with their allowed services (empty: no restriction)', async () => {
    const list = await promos();
    expect(list.map((promo) => promo.code)).toEqual(['BOTOX25', 'GLOW50', 'WELCOME20']);
    const glow = list.find((promo) => promo.code === 'GLOW50');
    expect(glow?.allowedServices).toEqual(
      [itemIds.get('HydraFacial'), itemIds.get('Chemical Peel')].sort((a = 0, b = 0) => a - b),
    );
    expect(list.find((promo) => promo.code === 'WELCOME20')).toMatchObject({
      allowedServices: [],
      amountInCents: 2_000,
      type: 'PER_USER',
    });
  });

  it('creates a code (201), PER_USER when no type is given, with its services', async () => {
    const { type: _type, ...withoutType } = valid('Spring-24', {
      allowedServices: [itemIds.get('Botox'), itemIds.get('Botox')],
    });
    const response = await send('POST', '/promo', withoutType);
    expect(response.status).toBe(201);
    const created = v.parse(PromoCodeSchema, await response.json());
    expect(created).toMatchObject({
      code: 'Spring-24',
      type: 'PER_USER',
      amountInCents: 1_999,
      allowedServices: [itemIds.get('Botox')],
    });
    expect((await promos()).find((promo) => promo.id === created.id)).toEqual(created);
  });

  it('409 promo/code-exists for a code that exists in another case, on create and on save; nothing changes', async () => {
    const before = await tableCounts(api.db);
    const message = await expectRejected(
      await send('POST', '/promo', valid('welcome20')),
      409,
      'promo/code-exists',
      'code',
    );
    expect(message).toMatch(/^The code welcome20 already exists/);
    const mine = v.parse(PromoCodeSchema, await (await send('POST', '/promo', valid('MINE-1'))).json());
    const after = await tableCounts(api.db);
    await expectRejected(
      await send('PUT', `/promo/${mine.id}`, { ...valid('Glow50'), version: mine.version }),
      409,
      'promo/code-exists',
      'code',
    );
    expect(await tableCounts(api.db)).toEqual(after);
    expect(after.promo_codes).toBe((before.promo_codes ?? 0) + 1);
    const [row] = await api.db.select().from(t.promoCodes).where(eq(t.promoCodes.id, mine.id));
    expect(row?.code).toBe('MINE-1');
  });

  it('two creates of one code at once: one 201, one 409, never a 500', async () => {
    const responses = await Promise.all([
      send('POST', '/promo', valid('RACE')),
      send('POST', '/promo', valid('race')),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
  });

  it('PUT saves every field and replaces the services; a code may change its own case', async () => {
    const created = v.parse(
      PromoCodeSchema,
      await (
        await send('POST', '/promo', valid('EDIT-ME', { allowedServices: [itemIds.get('Botox')] }))
      ).json(),
    );
    const response = await send('PUT', `/promo/${created.id}`, {
      ...created,
      code: 'edit-me',
      quantityAbsolute: 50,
      quantityPerUser: 5,
      amountInCents: 29,
      allowedServices: [itemIds.get('HydraFacial')],
    });
    expect(response.status).toBe(200);
    const updated = v.parse(PromoCodeSchema, await response.json());
    expect(updated).toEqual({
      ...created,
      version: created.version + 1,
      code: 'edit-me',
      quantityAbsolute: 50,
      quantityPerUser: 5,
      amountInCents: 29,
      allowedServices: [itemIds.get('HydraFacial')],
    });
    const cleared = v.parse(
      PromoCodeSchema,
      // The saved version: the one this code was read at is stale now.
      await (await send('PUT', `/promo/${created.id}`, { ...updated, allowedServices: [] })).json(),
    );
    expect(cleared.allowedServices).toEqual([]);
  });

  it('400 naming the field for a bad code, 404 for unknown services; nothing is stored', async () => {
    const before = await tableCounts(api.db);
    const cases: [unknown, [string, RegExp]][] = [
      [{}, ['code', /^code is required/]],
      [valid('   '), ['code', /^code is required/]],
      [valid('has space'), ['code', /./]],
      [valid('X', { type: 'FLAT' }), ['type', /./]],
      [valid('X', { amountInCents: 19.99 }), ['amountInCents', /./]],
      [valid('X', { amountInCents: -5 }), ['amountInCents', /./]],
      [valid('X', { quantityAbsolute: 0 }), ['quantityAbsolute', /./]],
      [
        valid('X', { quantityPerUser: 5, quantityAbsolute: 2 }),
        ['quantityPerUser', /.*more than quantityAbsolute/],
      ],
      [valid('X', { allowedServices: ['Botox'] }), ['allowedServices', /./]],
    ];
    for (const [body, [field, pattern]] of cases) {
      expect(
        await expectRejected(await send('POST', '/promo', body), 400, 'request/invalid-body', field),
        JSON.stringify(body),
      ).toMatch(pattern);
    }
    expect(
      await expectRejected(
        await send('POST', '/promo', valid('GHOST', { allowedServices: [987654] })),
        404,
        'service-item/not-found',
        'allowedServices',
      ),
    ).toMatch(/987654/);
    expect(await tableCounts(api.db)).toEqual(before);
  });

  it('DELETE removes a code and its service links; 404 afterwards; 400 for a bad id', async () => {
    const created = v.parse(
      PromoCodeSchema,
      await (await send('POST', '/promo', valid('BYE', { allowedServices: [itemIds.get('Botox')] }))).json(),
    );
    const response = await send('DELETE', `/promo/${created.id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: created.id, deleted: true });
    expect((await promos()).some((promo) => promo.id === created.id)).toBe(false);
    expect(
      await api.db.select().from(t.promoCodeServices).where(eq(t.promoCodeServices.promoCodeId, created.id)),
    ).toEqual([]);
    await expectRejected(await send('DELETE', `/promo/${created.id}`), 404, 'promo/not-found');
    await expectRejected(
      await send('PUT', `/promo/${created.id}`, { ...valid('BYE'), version: 1 }),
      404,
      'promo/not-found',
    );
    await expectRejected(await send('DELETE', '/promo/abc'), 400, 'request/invalid-param', 'id');
  });

  async function promosIn(query: string) {
    const response = await api.fetch(`/promo${query}`, { token: admin });
    expect(response.status, query).toBe(200);
    return v.parse(PromoCodeListSchema, await response.json());
  }

  it('sorts by code, amount, total uses and uses per user, both ways, by code without a choice; another column is a 400', async () => {
    for (const [code, amountInCents, quantityAbsolute, quantityPerUser] of [
      ['sorted-b', 500, 30, 2],
      ['SORTED-A', 1_500, 10, 3],
      ['sorted-c', 1_000, 20, 1],
    ] as const)
      expect(
        (await send('POST', '/promo', valid(code, { amountInCents, quantityAbsolute, quantityPerUser })))
          .status,
      ).toBe(201);
    const mine = (rows: readonly PromoCode[]) =>
      rows.map((row) => row.code).filter((code) => code.toLowerCase().startsWith('sorted-'));

    const byCode = await promosIn('');
    expect(await promosIn('?sort=code&dir=asc')).toEqual(byCode);
    // Without regard to case.
    expect(mine(byCode)).toEqual(['SORTED-A', 'sorted-b', 'sorted-c']);
    expectOrdered(byCode, (row) => row.code.toLowerCase(), 'asc', 'code asc');
    const codeDown = await promosIn('?sort=code&dir=desc');
    expect(codeDown.map((row) => row.id)).toEqual(byCode.map((row) => row.id).reverse());

    await expectEveryOrder(
      promosIn,
      {
        amount: (row: PromoCode) => row.amountInCents,
        uses: (row: PromoCode) => row.quantityAbsolute,
        perUser: (row: PromoCode) => row.quantityPerUser,
      },
      byCode.length,
    );
    expect(mine(await promosIn('?sort=amount'))).toEqual(['sorted-b', 'sorted-c', 'SORTED-A']);
    expect(mine(await promosIn('?sort=uses&dir=desc'))).toEqual(['sorted-b', 'sorted-c', 'SORTED-A']);
    expect(mine(await promosIn('?sort=perUser'))).toEqual(['sorted-c', 'sorted-b', 'SORTED-A']);

    await expectOrderRefused(
      (query) => api.fetch(`/promo${query}`, { token: admin }),
      [
        ['?sort=expiry', 'sort', 'sort must be one of code, amount, uses, perUser'],
        ['?dir=down', 'dir', 'dir must be one of asc, desc'],
      ],
    );
  });

  it('logged no unexpected error', () => {
    expect(api.logged).toEqual([]);
  });
});
