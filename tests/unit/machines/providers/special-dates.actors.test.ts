import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../../../src/api/contract/error-codes';
import type { SpecialDate } from '../../../../src/api/contract/special-date';
import { createSpecialDatesActors } from '../../../../src/machines/providers/special-dates.actors';
import { deleted } from '../../../support/api-records';
import { fakeApi, refusal } from '../../../support/fake-api';
import { runActor } from '../../../support/run-actor';

const days = { startDate: '2026/12/24', endDate: '2026/12/26', locationId: 7 };
const removed: SpecialDate = {
  id: 50,
  ...days,
  specialDateServiceItems: [
    { id: 1, serviceItemId: 9, bundleId: null },
    { id: 2, serviceItemId: null, bundleId: 4 },
  ],
  version: 6,
};
/** The new date as each answer has it: the version goes up with every attach. */
const restored = (version: number, items: SpecialDate['specialDateServiceItems'] = []): SpecialDate => ({
  id: 60,
  ...days,
  specialDateServiceItems: items,
  version,
});
const stale = refusal(409, API_ERROR_CODES.recordStale, 'changed');

function setup(now = Temporal.Instant.from('2026-06-01T12:00:00Z')) {
  const fake = fakeApi();
  return { fake, actors: createSpecialDatesActors(fake.client, () => now) };
}

describe('special dates actors', () => {
  it("reads the location's special dates", async () => {
    const { fake, actors } = setup();
    fake.on('GET /special-date/provider/7', [removed]);

    await expect(runActor(actors.loadSpecialDates, { locationId: 7 })).resolves.toEqual([removed]);
    expect(fake.routes()).toEqual(['GET /special-date/provider/7']);
  });

  it('creates a date once (one Idempotency-Key) and attaches a service with the version read', async () => {
    const { fake, actors } = setup();
    fake.on('POST /special-date', restored(1)).on('PUT /special-date/60', restored(2));

    await expect(runActor(actors.createSpecialDate, days)).resolves.toEqual(restored(1));
    await expect(
      runActor(actors.attachService, { id: 60, target: { bundleId: 4 }, version: 1 }),
    ).resolves.toEqual(restored(2));
    expect(fake.calls).toEqual([
      { method: 'POST', path: '/special-date', body: days, idempotent: true },
      { method: 'PUT', path: '/special-date/60', body: { bundleId: 4, version: 1 }, idempotent: false },
    ]);
  });

  it('removes a service from a date, or the whole date, answering nothing', async () => {
    const { fake, actors } = setup();
    fake.on('DELETE /special-date/svc-item/2', deleted(2)).on('DELETE /special-date/50', deleted(50));

    await expect(runActor(actors.removeSpecialDateItem, { id: 2 })).resolves.toBeUndefined();
    await expect(runActor(actors.removeSpecialDate, { id: 50 })).resolves.toBeUndefined();
    expect(fake.routes()).toEqual(['DELETE /special-date/svc-item/2', 'DELETE /special-date/50']);
  });

  it('undoes a removal: the same days again, then each service with the version the last answer gave', async () => {
    const { fake, actors } = setup();
    const withItem = restored(2, [{ id: 11, serviceItemId: 9, bundleId: null }]);
    const withBoth = restored(3, [
      ...withItem.specialDateServiceItems,
      { id: 12, serviceItemId: null, bundleId: 4 },
    ]);
    fake.on('POST /special-date', restored(1)).on('PUT /special-date/60', withItem, withBoth);

    await expect(runActor(actors.restoreSpecialDate, removed)).resolves.toEqual(withBoth);
    expect(fake.calls).toEqual([
      { method: 'POST', path: '/special-date', body: days, idempotent: true },
      { method: 'PUT', path: '/special-date/60', body: { serviceItemId: 9, version: 1 }, idempotent: false },
      { method: 'PUT', path: '/special-date/60', body: { bundleId: 4, version: 2 }, idempotent: false },
    ]);
  });

  it('takes the new date away again when an attach fails, and fails with the refusal', async () => {
    const { fake, actors } = setup();
    fake
      .on('POST /special-date', restored(1))
      .on('PUT /special-date/60', restored(2), stale)
      .on('DELETE /special-date/60', deleted(60));

    await expect(runActor(actors.restoreSpecialDate, removed)).rejects.toMatchObject({
      status: 409,
      code: API_ERROR_CODES.recordStale,
    });
    expect(fake.routes()).toEqual([
      'POST /special-date',
      'PUT /special-date/60',
      'PUT /special-date/60',
      'DELETE /special-date/60',
    ]);
  });

  it('fails with the refusal of the attach even when taking the date away fails too', async () => {
    const { fake, actors } = setup();
    fake
      .on('POST /special-date', restored(1))
      .on('PUT /special-date/60', stale)
      .on('DELETE /special-date/60', refusal(503, 'server/unavailable', 'down'));

    await expect(runActor(actors.restoreSpecialDate, removed)).rejects.toMatchObject({
      code: API_ERROR_CODES.recordStale,
    });
    expect(fake.routes().at(-1)).toBe('DELETE /special-date/60');
  });

  it('sends no attach and no delete when the days cannot be made again', async () => {
    const { fake, actors } = setup();
    fake.on('POST /special-date', refusal(400, API_ERROR_CODES.invalidBody, 'bad date', 'startDate'));

    await expect(runActor(actors.restoreSpecialDate, removed)).rejects.toMatchObject({ field: 'startDate' });
    expect(fake.routes()).toEqual(['POST /special-date']);
  });

  it("lists the holidays of the year it is in the location's zone, read from the clock it was given", async () => {
    // 05:00 on 1 January in UTC is still New Year's Eve in Los Angeles.
    const { fake, actors } = setup(Temporal.Instant.from('2027-01-01T05:00:00Z'));

    const holidays = await runActor(actors.loadHolidays, { timeZone: 'America/Los_Angeles' });

    expect(holidays.map((holiday) => holiday.date.year)).toEqual(holidays.map(() => 2026));
    expect(holidays.map((holiday) => holiday.date.toString())).toContain('2026-12-25');
    expect(fake.calls).toEqual([]);
  });
});
