/**
 * Two requests that create the same record at once: both pass the route's own "does it exist" check, and on
 * PostgreSQL the second insert then meets the first's unique key. Either way the answer is 201 and 409 with
 * the record's own code, never a 500. A broken foreign key is a 409 with a plain message too.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import * as t from '../../server/db/schema';
import { databaseAnswer } from '../../server/http/database-errors';
import { call, callers, idByName, locationIdOf, providerId, type Callers } from './provider-support';
import { engines, startTestServer, type TestServer } from './support';

const ROUNDS = 6;

const day = [{ time: '09:00', checked: true }];
const week = { Monday: day, Tuesday: day, Wednesday: [], Thursday: [], Friday: [], Saturday: [], Sunday: [] };

describe.each(engines)('concurrent duplicate creates on %s', (engine) => {
  let api: TestServer;
  let as: Callers;
  let glow: number;
  let glowLocation: number;
  let category: number;
  beforeAll(async () => {
    api = await startTestServer(engine);
    as = await callers();
    glow = await providerId(api.db, 'Glow Studio');
    glowLocation = await locationIdOf(api.db, 'Glow Studio');
    category = await idByName(api.db, t.serviceCategories, 'Facials');
  });
  afterAll(async () => {
    await api?.stop();
  });

  /** Each round: `clear` removes the record, then two identical POSTs race; one creates it, one is refused. */
  async function race(
    path: string,
    token: () => string,
    body: () => unknown,
    clear: () => Promise<unknown>,
    expected: { code: string; field: string },
  ) {
    for (let round = 0; round < ROUNDS; round += 1) {
      await clear();
      const answers = await Promise.all([
        call(api, 'POST', path, token(), body()),
        call(api, 'POST', path, token(), body()),
      ]);
      expect(answers.map((a) => a.status).sort(), JSON.stringify(answers)).toEqual([201, 409]);
      expect(answers.find((a) => a.status === 409)!.body).toMatchObject(expected);
    }
  }

  it('POST /commission twice at once: one 201, one 409 commission/exists, every round', async () => {
    await race(
      '/commission',
      () => as.admin,
      () => ({ serviceCategoryId: category, providerId: glow, percentage: 12 }),
      () =>
        api.db
          .delete(t.commissions)
          .where(and(eq(t.commissions.providerId, glow), eq(t.commissions.serviceCategoryId, category))),
      { code: API_ERROR_CODES.commissionExists, field: 'serviceCategoryId' },
    );
  });

  it('POST /availabilities twice at once: one 201, one 409 availability/exists, every round', async () => {
    const { locationId, serviceCategoryId } = t.availabilities;
    await race(
      '/availabilities',
      () => as.glow,
      () => ({ serviceCategory: { id: category }, location: { id: glowLocation }, timeslots: week }),
      () =>
        api.db
          .delete(t.availabilities)
          .where(and(eq(locationId, glowLocation), eq(serviceCategoryId, category))),
      { code: API_ERROR_CODES.availabilityExists, field: 'serviceCategory' },
    );
  });

  it('a unique key without a code of its own, and foreign keys either way, are 409s with plain messages', async () => {
    const failureOf = async (write: () => Promise<unknown>) => {
      try {
        await write();
      } catch (error) {
        return databaseAnswer(error);
      }
      throw new Error('the write was expected to fail');
    };
    const [credit] = await api.db.select().from(t.credits).limit(1);
    expect(
      await failureOf(() => api.db.insert(t.credits).values({ ...credit!, title: 'Copy' })),
    ).toMatchObject({ status: 409, code: API_ERROR_CODES.recordExists });
    expect(
      await failureOf(() =>
        api.db
          .insert(t.commissions)
          .values({ providerId: 987_654, serviceCategoryId: category, percentage: 1 }),
      ),
    ).toMatchObject({ status: 409, code: API_ERROR_CODES.recordReferenceMissing });
    // Appointments keep their provider (on delete restrict).
    const [booked] = await api.db
      .select({ providerId: t.appointments.providerId })
      .from(t.appointments)
      .limit(1);
    expect(
      await failureOf(() => api.db.delete(t.providers).where(eq(t.providers.id, booked!.providerId))),
    ).toMatchObject({ status: 409, code: API_ERROR_CODES.recordInUse });
  });

  it('logged no unexpected error', () => {
    expect(api.logged).toEqual([]);
  });
});
