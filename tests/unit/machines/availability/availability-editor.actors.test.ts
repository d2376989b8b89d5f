import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../../../src/api/contract/error-codes';
import { createAvailabilityEditorActors } from '../../../../src/machines/availability/availability-editor.actors';
import { AVAILABILITY, category, SERVICE_ITEM, WEEK } from '../../../support/api-records';
import { fakeActors, refusal } from '../../../support/fake-api';
import { runActor } from '../../../support/run-actor';

const setup = () => fakeActors(createAvailabilityEditorActors);

describe('availability editor actors', () => {
  it("reads the categories (by id and name only) and the location's stored availability together", async () => {
    const { fake, actors } = setup();
    fake
      .on('GET /svc-category', [
        { ...category(1, 'Facials'), serviceItems: [SERVICE_ITEM] },
        category(2, 'Massage'),
      ])
      .on('GET /availabilities', [AVAILABILITY]);

    await expect(runActor(actors.loadAvailability, { locationId: 7 })).resolves.toEqual({
      categories: [
        { id: 1, name: 'Facials' },
        { id: 2, name: 'Massage' },
      ],
      availabilities: [AVAILABILITY],
    });
    expect(fake.calls).toEqual([
      { method: 'GET', path: '/svc-category', query: {}, idempotent: false },
      { method: 'GET', path: '/availabilities', query: { locationId: 7 }, idempotent: false },
    ]);
  });

  it('fails to load when either read fails', async () => {
    const { fake, actors } = setup();
    fake
      .on('GET /svc-category', [category(1, 'Facials')])
      .on('GET /availabilities', refusal(403, API_ERROR_CODES.forbidden, 'not yours'));

    await expect(runActor(actors.loadAvailability, { locationId: 7 })).rejects.toMatchObject({ status: 403 });
  });

  it("creates a category's first row (one Idempotency-Key), then updates it with the version read", async () => {
    const { fake, actors } = setup();
    const created = { serviceCategory: { id: 2 }, location: { id: 7 }, timeslots: WEEK };
    fake
      .on('POST /availabilities', { ...AVAILABILITY, id: 41, serviceCategoryId: 2, version: 1 })
      .on('PUT /availabilities/40', { ...AVAILABILITY, version: 4 });

    await runActor(actors.saveAvailability, { categoryId: 2, id: null, body: created });
    const saved = await runActor(actors.saveAvailability, {
      categoryId: 1,
      id: 40,
      body: { timeslots: WEEK, version: 3 },
    });

    expect(saved.version).toBe(4);
    expect(fake.calls).toEqual([
      { method: 'POST', path: '/availabilities', body: created, idempotent: true },
      {
        method: 'PUT',
        path: '/availabilities/40',
        body: { timeslots: WEEK, version: 3 },
        idempotent: false,
      },
    ]);
  });
});
