import { describe, expect, it } from 'vitest';
import { appointmentsApi } from '../../../../src/api/appointments/appointments';
import type { AppointmentListPage } from '../../../../src/api/contract/appointment-list';
import { NO_APPOINTMENT_FILTERS } from '../../../../src/domain/appointments/workspace';
import { createAppointmentWorkspaceActors } from '../../../../src/machines/appointments/appointment-workspace.actors';
import { BOOKING } from '../../../support/api-records';
import { fakeApi } from '../../../support/fake-api';
import { runActor, startActor } from '../../../support/run-actor';

const page: AppointmentListPage = {
  items: [
    {
      id: 501,
      groupId: 'g-501',
      status: 'ACTIVE',
      startDate: BOOKING.startDate,
      endDate: BOOKING.endDate,
      timezone: 'America/Los_Angeles',
      provider: { id: 3, name: 'Glow Studio' },
      customer: { displayName: 'Ada Lovelace', email: 'ada@example.com' },
      service: 'Facial',
    },
  ],
  nextCursor: 'c-2',
};

function setup() {
  const fake = fakeApi();
  const api = appointmentsApi(fake.client);
  return { fake, actors: createAppointmentWorkspaceActors(api, (query) => api.page(query)) };
}

describe('appointment workspace actors', () => {
  it('reads the first page with the filters as the list query, no cursor and the default order left out', async () => {
    const { fake, actors } = setup();
    fake.on('GET /appointments/list', page);

    const loaded = await runActor(actors.loadAppointmentPage, {
      filters: { ...NO_APPOINTMENT_FILTERS, status: 'ACTIVE', provider: 3, q: '  ada ' },
      cursor: null,
      limit: 50,
    });

    expect(loaded).toEqual(page);
    expect(fake.calls).toEqual([
      {
        method: 'GET',
        path: '/appointments/list',
        query: { status: 'ACTIVE', provider: 3, q: 'ada', limit: 50 },
        idempotent: false,
      },
    ]);
  });

  it('reads a later page after its cursor, in the chosen order, dropping a "to" before "from"', async () => {
    const { fake, actors } = setup();
    fake.on('GET /appointments/list', { items: [], nextCursor: null });

    await runActor(actors.loadAppointmentPage, {
      filters: {
        ...NO_APPOINTMENT_FILTERS,
        from: '2026-03-10',
        to: '2026-03-01',
        order: { sort: 'start', dir: 'asc' },
      },
      cursor: 'c-2',
      limit: 25,
    });

    expect(fake.calls[0]?.query).toEqual({
      sort: 'start',
      dir: 'asc',
      from: '2026-03-10',
      cursor: 'c-2',
      limit: 25,
    });
  });

  it("reads the open booking by its group with the actor's signal, and null when it is gone", async () => {
    const { fake, actors } = setup();
    fake.on('GET /appointments', [BOOKING], []);

    await expect(runActor(actors.loadBooking, { providerId: 3, groupId: 'g-501' })).resolves.toEqual(BOOKING);
    await expect(runActor(actors.loadBooking, { providerId: 3, groupId: 'g-501' })).resolves.toBeNull();
    expect(fake.calls[0]).toEqual({
      method: 'GET',
      path: '/appointments',
      query: { provider: 3, group: 'true', user: 'true', groupId: 'g-501' },
      idempotent: false,
      signal: expect.any(AbortSignal),
    });

    const { actor } = startActor(actors.loadBooking, { providerId: 3, groupId: 'g-502' });
    actor.stop();
    expect(fake.calls[2]?.signal?.aborted).toBe(true);
  });
});
