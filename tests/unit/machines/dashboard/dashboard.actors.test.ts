import { describe, expect, it } from 'vitest';
import { appointmentsApi } from '../../../../src/api/appointments/appointments';
import type { CalendarAppointment, ProviderActivity } from '../../../../src/api/contract/appointment';
import {
  createCalendarActors,
  createDashboardActors,
  type MonthSource,
} from '../../../../src/machines/dashboard/dashboard.actors';
import type {
  LoadMonthInput,
  PrefetchMonthsInput,
} from '../../../../src/machines/dashboard/calendar.machine';
import { BOOKING } from '../../../support/api-records';
import { fakeApi, refusal } from '../../../support/fake-api';
import { runActor, startActor } from '../../../support/run-actor';

const activity: ProviderActivity = {
  bookingsPast30Days: 4,
  payouts: 'available',
  payoutsPast30DaysInCents: 40_000,
  lifetimePayoutsInCents: 90_000,
  activityWindowDays: 30,
  settlementAccount: null,
};
const month: CalendarAppointment = {
  id: 501,
  groupId: 'g-501',
  status: 'ACTIVE',
  startDate: BOOKING.startDate,
  endDate: BOOKING.endDate,
  title: 'Facial',
  timezone: 'America/Los_Angeles',
  customer: 'Ada Lovelace',
};

describe('dashboard actors', () => {
  it("reads the bookings 31 days either side of now and the provider's activity together, with the actor's signal", async () => {
    const fake = fakeApi();
    fake.on('GET /appointments', [BOOKING]).on('GET /appointments/activity', activity);

    const data = await runActor(createDashboardActors(appointmentsApi(fake.client)).loadDashboard, {
      providerId: 3,
      now: '2026-03-02T12:00:00Z',
    });

    expect(data).toEqual({ appointments: [BOOKING], activity });
    const signal = expect.any(AbortSignal);
    expect(fake.calls).toEqual([
      {
        method: 'GET',
        path: '/appointments',
        query: {
          provider: 3,
          group: 'true',
          user: 'true',
          from: '2026-01-30T12:00:00Z',
          to: '2026-04-02T12:00:00Z',
        },
        idempotent: false,
        signal,
      },
      { method: 'GET', path: '/appointments/activity', query: { provider: 3 }, idempotent: false, signal },
    ]);
  });

  it('fails when either read fails', async () => {
    const fake = fakeApi();
    fake
      .on('GET /appointments', [BOOKING])
      .on('GET /appointments/activity', refusal(403, 'auth/forbidden', 'not yours'));

    await expect(
      runActor(createDashboardActors(appointmentsApi(fake.client)).loadDashboard, {
        providerId: 3,
        now: '2026-03-02T12:00:00Z',
      }),
    ).rejects.toMatchObject({ status: 403 });
  });

  it("reads the activity alone again (Try again on the payout figures), with the actor's signal", async () => {
    const fake = fakeApi();
    fake.on('GET /appointments/activity', activity);

    await expect(
      runActor(createDashboardActors(appointmentsApi(fake.client)).loadActivity, { providerId: 3 }),
    ).resolves.toEqual(activity);
    expect(fake.calls).toEqual([
      {
        method: 'GET',
        path: '/appointments/activity',
        query: { provider: 3 },
        idempotent: false,
        signal: expect.any(AbortSignal),
      },
    ]);
  });
});

describe('calendar actors', () => {
  function setup(prefetch: (input: PrefetchMonthsInput) => Promise<void> = async () => {}) {
    const fake = fakeApi();
    const asked: { read: LoadMonthInput[]; prefetch: PrefetchMonthsInput[] } = { read: [], prefetch: [] };
    const months: MonthSource = {
      read: async (input) => {
        asked.read.push(input);
        return [month];
      },
      prefetch: (input) => {
        asked.prefetch.push(input);
        return prefetch(input);
      },
    };
    return { fake, asked, actors: createCalendarActors(appointmentsApi(fake.client), months) };
  }
  const monthInput = {
    providerId: 3,
    month: '2026-03',
    zone: 'America/Los_Angeles',
    fresh: true,
    also: ['2026-04'],
  };
  const ahead = { providerId: 3, zone: 'America/Los_Angeles', months: ['2026-04', '2026-05'] };

  it('reads a month from the month source as asked, sending nothing itself', async () => {
    const { fake, asked, actors } = setup();

    await expect(runActor(actors.loadMonth, monthInput)).resolves.toEqual([month]);
    expect(asked.read).toEqual([monthInput]);
    expect(fake.calls).toEqual([]);
  });

  it('reads months ahead, and a month it could not read ahead is no failure', async () => {
    const { asked, actors } = setup(() => Promise.reject(new Error('offline')));

    await expect(runActor(actors.prefetchMonths, ahead)).resolves.toBeUndefined();
    expect(asked.prefetch).toEqual([ahead]);
  });

  it("reads the open booking by its group with the actor's signal", async () => {
    const { fake, actors } = setup();
    fake.on('GET /appointments', [BOOKING]);

    await expect(runActor(actors.loadBooking, { providerId: 3, groupId: 'g-501' })).resolves.toEqual(BOOKING);
    const { actor } = startActor(actors.loadBooking, { providerId: 3, groupId: 'g-502' });
    actor.stop();

    expect(fake.calls.map((call) => call.query)).toEqual([
      { provider: 3, group: 'true', user: 'true', groupId: 'g-501' },
      { provider: 3, group: 'true', user: 'true', groupId: 'g-502' },
    ]);
    expect(fake.calls[1]?.signal?.aborted).toBe(true);
  });
});
