import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiRequestError } from '../../../../src/api/client';
import type { ProviderActivity, ProviderAppointment } from '../../../../src/api/contract/appointment';
import {
  DASHBOARD_LOAD_FAILED,
  dashboardMachine,
  type DashboardData,
  type LoadActivityInput,
  type LoadDashboardInput,
} from '../../../../src/machines/dashboard/dashboard.machine';
import { dashboardView } from '../../../../src/machines/dashboard/dashboard.view';
import { assertFullCoverage, coverMachine } from '../../../support/model';

const NOW = '2026-03-05T18:00:00Z';
const LA = { id: 1, timezone: 'America/Los_Angeles', name: 'Glow Studio' };

function appointment(
  id: number,
  startDate: string,
  status: ProviderAppointment['status'] = 'ACTIVE',
): ProviderAppointment {
  return {
    id,
    groupId: `g${id}`,
    status,
    startDate,
    endDate: startDate,
    name: 'Botox',
    serviceItemDisplayName: 'Botox',
    serviceItem: { id: 1, name: 'Botox' },
    serviceItems: [{ id: 1, name: 'Botox' }],
    bundle: null,
    provider: { id: 7, name: 'Glow Studio' },
    location: LA,
    user: null,
  };
}

const data = (lifetime = 0): DashboardData => ({
  appointments: [
    appointment(1, '2026-03-06T17:00:00Z'),
    appointment(2, '2026-03-01T17:00:00Z', 'COMPLETED'),
    appointment(3, '2026-03-07T17:00:00Z', 'CANCELLED'),
  ],
  activity: {
    bookingsPast30Days: 2,
    payouts: 'available',
    payoutsPast30DaysInCents: 0,
    lifetimePayoutsInCents: lifetime,
    settlementAccount: null,
  },
});

/** The activity when the payment provider did not answer: the bookings, no payout figures. */
const withoutPayouts: ProviderActivity = {
  bookingsPast30Days: 2,
  payouts: 'unavailable',
  payoutsPast30DaysInCents: null,
  lifetimePayoutsInCents: null,
  settlementAccount: null,
};

const provider = {
  location: null,
  timezone: 'America/Los_Angeles',
  coverImageURL: null,
  strategy: 'MANUAL' as const,
};

function start(
  providerId: number | null,
  load: (input: LoadDashboardInput) => Promise<DashboardData>,
  loadActivity: (input: LoadActivityInput) => Promise<ProviderActivity> = async () => data().activity,
) {
  const loads: number[] = [];
  const actor = createActor(
    dashboardMachine.provide({
      actors: {
        loadDashboard: fromPromise(({ input }: { input: LoadDashboardInput }) => {
          loads.push(input.providerId);
          return load(input);
        }),
        loadActivity: fromPromise(({ input }: { input: LoadActivityInput }) => loadActivity(input)),
      },
    }),
    { input: { now: NOW } },
  );
  actor.start();
  if (providerId !== null) actor.send({ type: 'provider.select', providerId });
  return { actor, loads, view: () => dashboardView(actor.getSnapshot(), provider) };
}

describe('dashboard machine', () => {
  it('waits for a provider, then loads and shows the lists, activity and checklist', async () => {
    const { actor, loads, view } = start(null, async () => data(12_345));
    expect(actor.getSnapshot().value).toBe('waitingForProvider');
    expect(view()).toMatchObject({ loading: false, checklist: null, showPayoutsBanner: false });
    actor.send({ type: 'provider.select', providerId: 7 });
    expect(view().loading).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(loads).toEqual([7]);
    expect(view().upcoming.map((a) => a.id)).toEqual([1]);
    expect(view().past.map((a) => a.id)).toEqual([2]);
    expect(view().activity?.[2]).toEqual({ label: 'Lifetime payouts', value: '$123.45' });
    expect(view().checklist?.complete).toBe(false);
    expect(view().showPayoutsBanner).toBe(true);
  });

  it('switching provider keeps the old figures while loading; the same provider is ignored', async () => {
    let release: (value: DashboardData) => void = () => undefined;
    const { actor, loads, view } = start(7, (input) =>
      input.providerId === 7 ? Promise.resolve(data()) : new Promise((resolve) => (release = resolve)),
    );
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'provider.select', providerId: 7 });
    expect(loads).toEqual([7]);
    actor.send({ type: 'provider.select', providerId: 8 });
    expect(view()).toMatchObject({ loading: false, switching: true, checklist: null });
    expect(view().upcoming).toHaveLength(1);
    release(data(1));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(loads).toEqual([7, 8]);
    expect(view().switching).toBe(false);
  });

  it('a failure shows its message and a retry loads again', async () => {
    let fail = true;
    const { actor, view } = start(7, async () => {
      if (fail) throw new ApiRequestError(403, 'auth/forbidden', 'Provider 7 is not one of your providers');
      return data();
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view()).toMatchObject({ error: 'Provider 7 is not one of your providers', canRetry: true });
    fail = false;
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(view().error).toBeNull();
  });

  it('payouts the payment provider did not give: the bookings and its message; Try again reads the activity alone', async () => {
    const rereads: number[] = [];
    let answer: () => Promise<ProviderActivity> = () => Promise.reject(new Error('offline'));
    const { actor, loads, view } = start(
      7,
      async () => ({ ...data(), activity: withoutPayouts }),
      (input) => {
        rereads.push(input.providerId);
        return answer();
      },
    );
    await waitFor(actor, (s) => s.matches('ready'));
    expect(view()).toMatchObject({
      activity: [{ label: 'Bookings in the past 30 days', value: '2' }],
      payoutsNotice: 'The payment provider did not answer; try again',
      rereadingActivity: false,
      error: null,
    });
    expect(view().upcoming).toHaveLength(1);

    // A re-read that fails leaves what was shown.
    actor.send({ type: 'activity.retry' });
    expect(view()).toMatchObject({ rereadingActivity: true, loading: false, switching: false });
    await waitFor(actor, (s) => s.matches({ ready: 'shown' }));
    expect(view()).toMatchObject({ payoutsNotice: expect.any(String), rereadingActivity: false });

    // Once the payment provider answers, the figures come back; the lists were not read again.
    let release: (value: ProviderActivity) => void = () => undefined;
    answer = () => new Promise((resolve) => (release = resolve));
    actor.send({ type: 'activity.retry' });
    expect(view().rereadingActivity).toBe(true);
    release(data(12_345).activity);
    await waitFor(actor, (s) => s.matches({ ready: 'shown' }));
    expect(rereads).toEqual([7, 7]);
    expect(loads).toEqual([7]);
    expect(view()).toMatchObject({ payoutsNotice: null, rereadingActivity: false });
    expect(view().activity?.[2]).toEqual({ label: 'Lifetime payouts', value: '$123.45' });
    expect(view().upcoming).toHaveLength(1);
  });

  it('an error without a message falls back to the plain one', async () => {
    const { actor, view } = start(7, () => Promise.reject(new Error('')));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view().error).toBe(DASHBOARD_LOAD_FAILED);
  });

  it('the model walk covers every state and transition', async () => {
    {
      const report = await coverMachine(dashboardMachine, {
        input: { now: NOW },
        events: {
          'provider.select': [
            { type: 'provider.select', providerId: 7 },
            { type: 'provider.select', providerId: 8 },
          ],
          retry: [{ type: 'retry' }],
          refresh: [{ type: 'refresh' }],
          'activity.retry': [{ type: 'activity.retry' }],
        },
        outputs: { loadDashboard: [data()], loadActivity: [data().activity] },
        serializeState: (s) => JSON.stringify([s.value, s.context.providerId, s.context.error !== null]),
      });
      expect(report.failures).toEqual([]);
      assertFullCoverage(report);
    }
  });
});
