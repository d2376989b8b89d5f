import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { CalendarAppointment, ProviderAppointment } from '../../../../src/api/contract/appointment';
import {
  BOOKING_LOAD_FAILED,
  calendarMachine,
  MONTH_LOAD_FAILED,
  type CalendarEmitted,
  type LoadBookingInput,
  type LoadMonthInput,
  type PrefetchMonthsInput,
} from '../../../../src/machines/dashboard/calendar.machine';
import { weekDays } from '../../../../src/domain/dashboard/appointments';
import { calendarView } from '../../../../src/machines/dashboard/dashboard.view';
import { assertFullCoverage, coverMachine, LONG_WALK_LIMIT_MS } from '../../../support/model';

const LA = 'America/Los_Angeles';

function appointment(id: number, startDate: string): CalendarAppointment {
  return {
    id,
    groupId: `g${id}`,
    status: 'ACTIVE',
    startDate,
    endDate: startDate,
    title: 'HydraFacial',
    timezone: LA,
    customer: 'Jordan Lee',
  };
}

function details(a: CalendarAppointment): ProviderAppointment {
  return {
    ...a,
    name: null,
    serviceItemDisplayName: a.title,
    serviceItem: null,
    serviceItems: [],
    bundle: null,
    provider: { id: 7, name: 'Glow Studio' },
    location: { id: 1, timezone: LA, name: null },
    user: { displayName: 'Jordan Lee', email: 'jordan@example.com', phone: null, birthdate: null },
  };
}

function start(
  load: (input: LoadMonthInput) => Promise<CalendarAppointment[]>,
  booking: (input: LoadBookingInput) => Promise<ProviderAppointment | null> = async () => null,
) {
  const loads: string[] = [];
  const prefetches: PrefetchMonthsInput[] = [];
  const bookings: string[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    calendarMachine.provide({
      actors: {
        loadMonth: fromPromise(({ input }: { input: LoadMonthInput }) => {
          const also = input.also.length > 0 ? ` +${input.also.join(' +')}` : '';
          loads.push(`${input.providerId} ${input.month}${also} ${input.zone}${input.fresh ? ' fresh' : ''}`);
          return load(input);
        }),
        prefetchMonths: fromPromise(async ({ input }: { input: PrefetchMonthsInput }) => {
          prefetches.push(input);
        }),
        loadBooking: fromPromise(({ input }: { input: LoadBookingInput }) => {
          bookings.push(`${input.providerId} ${input.groupId}`);
          return booking(input);
        }),
      },
    }),
    { input: { providerId: 7, zone: LA, month: '2026-03' }, clock },
  );
  const emitted: CalendarEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return {
    actor,
    loads,
    prefetches,
    bookings,
    emitted,
    clock,
    view: () => calendarView(actor.getSnapshot()),
  };
}

const showing = { month: 'showing' } as const;

describe('calendar machine', () => {
  it('loads the month and places each appointment on its local day', async () => {
    // 07:30Z on March 8 is the evening of March 7 in Los Angeles.
    const { actor, view } = start(async () => [
      appointment(1, '2026-03-08T07:30:00Z'),
      appointment(2, '2026-03-08T17:00:00Z'),
    ]);
    await waitFor(actor, (s) => s.matches(showing));
    expect(view().title).toBe('March 2026');
    expect(
      view()
        .byDay.get('2026-03-07')
        ?.map((entry) => entry.appointment.id),
    ).toEqual([1]);
    expect(
      view()
        .byDay.get('2026-03-08')
        ?.map((entry) => entry.appointment.id),
    ).toEqual([2]);
  });

  it('pages months, announcing each for the URL; month.show of the same month does nothing', async () => {
    const { actor, loads, emitted } = start(async () => []);
    await waitFor(actor, (s) => s.matches(showing));
    actor.send({ type: 'month.next' });
    actor.send({ type: 'month.next' });
    actor.send({ type: 'month.previous' });
    await waitFor(actor, (s) => s.matches(showing));
    expect(emitted).toEqual([
      { type: 'month.changed', month: '2026-04' },
      { type: 'month.changed', month: '2026-05' },
      { type: 'month.changed', month: '2026-04' },
    ]);
    actor.send({ type: 'month.show', month: '2026-04' });
    actor.send({ type: 'month.show', month: '2025-11' });
    await waitFor(actor, (s) => s.matches(showing));
    expect(loads.at(-1)).toBe(`7 2025-11 ${LA}`);
    expect(actor.getSnapshot().context.focusedDay).toBe('2025-11-01');
    actor.send({ type: 'provider.select', providerId: 7, zone: LA });
    actor.send({ type: 'provider.select', providerId: 9, zone: 'America/New_York' });
    await waitFor(actor, (s) => s.matches(showing));
    expect(loads.at(-1)).toBe('9 2025-11 America/New_York fresh');
  });

  it('Today shows the month of the day given and focuses it, announcing a new month only', async () => {
    const { actor, loads, emitted } = start(async () => []);
    await waitFor(actor, (s) => s.matches(showing));
    actor.send({ type: 'month.today', day: '2026-03-18' });
    expect(actor.getSnapshot().context.focusedDay).toBe('2026-03-18');
    expect(emitted).toEqual([]);
    actor.send({ type: 'month.today', day: '2026-11-29' });
    await waitFor(actor, (s) => s.matches(showing));
    expect(loads.at(-1)).toBe(`7 2026-11 ${LA}`);
    expect(actor.getSnapshot().context.focusedDay).toBe('2026-11-29');
    expect(emitted).toEqual([{ type: 'month.changed', month: '2026-11' }]);
  });

  it('opens with the kept day focused when it is in the first month, else today when it is, else its first day', () => {
    const input = (today: string, day?: string) =>
      createActor(calendarMachine, {
        input: { providerId: 7, zone: LA, month: '2026-03', today, ...(day ? { day } : {}) },
      }).getSnapshot().context.focusedDay;
    expect(input('2026-03-18')).toBe('2026-03-18');
    expect(input('2026-04-02')).toBe('2026-03-01');
    expect(input('2026-03-18', '2026-03-25')).toBe('2026-03-25');
    expect(input('2026-04-02', '2026-03-25')).toBe('2026-03-25');
    expect(input('2026-03-18', '2026-05-25')).toBe('2026-03-18');
  });

  it('keeps the month shown until the next one has loaded; a month that failed shows empty', async () => {
    const pending: ((list: CalendarAppointment[]) => void)[] = [];
    let fail = false;
    const { actor, view } = start((input) =>
      input.month === '2026-03'
        ? Promise.resolve([appointment(1, '2026-03-02T17:00:00Z')])
        : new Promise((resolve, reject) => (fail ? reject(new Error('')) : pending.push(resolve))),
    );
    await waitFor(actor, (s) => s.matches(showing));
    const march = view().byDay;
    actor.send({ type: 'month.next' });
    expect(view()).toMatchObject({ title: 'March 2026', month: '2026-03', loading: true });
    expect(view().byDay).toBe(march);
    pending[0]?.([appointment(2, '2026-04-02T17:00:00Z')]);
    await waitFor(actor, (s) => s.matches(showing));
    expect(view()).toMatchObject({ title: 'April 2026', loading: false });
    expect([...view().byDay.keys()]).toEqual(['2026-04-02']);
    fail = true;
    actor.send({ type: 'month.next' });
    await waitFor(actor, (s) => s.matches({ month: 'failed' }));
    expect(view()).toMatchObject({ title: 'May 2026', loading: false, error: MONTH_LOAD_FAILED });
    expect(view().byDay.size).toBe(0);
  });

  it('reads the first month and the month after a change afresh, others from any copy held', async () => {
    const { actor, loads } = start(async () => []);
    await waitFor(actor, (s) => s.matches(showing));
    actor.send({ type: 'month.next' });
    await waitFor(actor, (s) => s.matches(showing));
    actor.send({ type: 'refresh' });
    await waitFor(actor, (s) => s.matches(showing));
    actor.send({ type: 'month.previous' });
    await waitFor(actor, (s) => s.matches(showing));
    expect(loads).toEqual([
      `7 2026-03 ${LA} fresh`,
      `7 2026-04 ${LA}`,
      `7 2026-04 ${LA} fresh`,
      `7 2026-03 ${LA}`,
    ]);
  });

  it('reads the months before and after once a month has been shown a moment, not while it is painted', async () => {
    const { actor, prefetches, clock } = start(async () => []);
    await waitFor(actor, (s) => s.matches(showing));
    clock.increment(399);
    expect(prefetches).toEqual([]);
    // Paging on before the delay: nothing is read ahead for the month left.
    actor.send({ type: 'month.next' });
    await waitFor(actor, (s) => s.matches(showing));
    clock.increment(400);
    expect(actor.getSnapshot().matches({ month: { showing: 'prefetching' } })).toBe(true);
    expect(prefetches).toEqual([{ providerId: 7, zone: LA, months: ['2026-05', '2026-03'] }]);
  });

  it('arrow keys move the focused day; an appointment’s drawer reads its details, closes and reloads after a change', async () => {
    const march10 = appointment(5, '2026-03-10T17:00:00Z');
    let status: ProviderAppointment['status'] = 'ACTIVE';
    const { actor, view, bookings } = start(
      async () => [march10],
      async ({ groupId }) => (groupId === 'g5' ? { ...details(march10), status } : null),
    );
    await waitFor(actor, (s) => s.matches(showing));
    actor.send({ type: 'day.focus', day: '2026-03-10' });
    actor.send({ type: 'day.move', by: 7 });
    actor.send({ type: 'day.move', by: -1 });
    expect(view().focusedDay).toBe('2026-03-16');
    actor.send({ type: 'appointment.open', groupId: 'g5' });
    expect(view().opening).toBe(true);
    await waitFor(actor, (s) => s.matches({ drawer: 'open' }));
    expect(view().open?.user?.displayName).toBe('Jordan Lee');
    expect(view().opening).toBe(false);
    // A change: the month and the open booking are read again; the old details stay meanwhile.
    status = 'COMPLETED';
    actor.send({ type: 'refresh' });
    expect(view().open?.status).toBe('ACTIVE');
    expect(view().opening).toBe(false);
    await waitFor(actor, (s) => s.matches({ drawer: 'open' }) && s.matches(showing));
    expect(view().open?.status).toBe('COMPLETED');
    expect(bookings).toEqual(['7 g5', '7 g5']);
    actor.send({ type: 'drawer.close' });
    expect(view().open).toBeNull();
    // A booking gone meanwhile (rescheduled into new rows): the drawer closes.
    actor.send({ type: 'appointment.open', groupId: 'g-gone' });
    await waitFor(actor, (s) => s.matches({ drawer: 'closed' }));
    expect(view().open).toBeNull();
  });

  it('the week view shows the focused day’s week, moves by weeks and reads both months of a week across a month’s end', async () => {
    const { actor, loads, emitted, view } = start(async (input) =>
      [input.month, ...input.also].flatMap((month) =>
        month === '2026-03'
          ? [appointment(2, '2026-03-10T20:00:00Z'), appointment(1, '2026-03-10T17:00:00Z')]
          : month === '2026-04'
            ? [appointment(3, '2026-04-02T17:00:00Z')]
            : [],
      ),
    );
    await waitFor(actor, (s) => s.matches(showing));
    actor.send({ type: 'day.focus', day: '2026-03-11' });
    actor.send({ type: 'view.show', view: 'week' });
    actor.send({ type: 'view.show', view: 'week' });
    await waitFor(actor, (s) => s.matches(showing));
    expect(view()).toMatchObject({ view: 'week', title: 'Mar 8 – Mar 14, 2026' });
    expect(view().week.map((d) => d.day)).toEqual(weekDays('2026-03-11'));
    expect(view().week[2]?.entries.map((e) => [e.appointment.id, e.time])).toEqual([
      [1, '10:00 AM'],
      [2, '1:00 PM'],
    ]);
    // Next within the month reads nothing; the week across March's end reads April too.
    const before = loads.length;
    actor.send({ type: 'week.next' });
    expect(actor.getSnapshot().matches(showing)).toBe(true);
    expect(loads).toHaveLength(before);
    actor.send({ type: 'week.next' });
    actor.send({ type: 'week.next' });
    await waitFor(actor, (s) => s.matches(showing));
    expect(loads.at(-1)).toBe(`7 2026-04 +2026-03 ${LA}`);
    expect(view()).toMatchObject({ title: 'Mar 29 – Apr 4, 2026', month: '2026-04' });
    expect(view().week[4]?.entries.map((e) => e.appointment.id)).toEqual([3]);
    // Each week moved is announced with its month (the URL keeps both).
    expect(emitted).toEqual([
      { type: 'week.changed', month: '2026-03', day: '2026-03-18' },
      { type: 'week.changed', month: '2026-03', day: '2026-03-25' },
      { type: 'week.changed', month: '2026-04', day: '2026-04-01' },
    ]);
    // Back a week: March is held (read with April's week), so nothing is read; the week is announced.
    const held = loads.length;
    actor.send({ type: 'week.previous' });
    expect(view().title).toBe('Mar 22 – Mar 28, 2026');
    expect(emitted.at(-1)).toEqual({ type: 'week.changed', month: '2026-03', day: '2026-03-25' });
    actor.send({ type: 'month.today', day: '2026-03-31' });
    expect(view().title).toBe('Mar 29 – Apr 4, 2026');
    expect(emitted.at(-1)).toEqual({ type: 'week.changed', month: '2026-03', day: '2026-03-31' });
    expect(loads).toHaveLength(held);
    // Today in a week not held: its months are read.
    actor.send({ type: 'month.today', day: '2026-04-29' });
    await waitFor(actor, (s) => s.matches(showing));
    expect(loads.at(-1)).toBe(`7 2026-04 +2026-05 ${LA}`);
    expect(view().title).toBe('Apr 26 – May 2, 2026');
    actor.send({ type: 'view.show', view: 'month' });
    await waitFor(actor, (s) => s.matches(showing));
    expect(view()).toMatchObject({ view: 'month', title: 'April 2026', week: [] });
    expect(loads.at(-1)).toBe(`7 2026-04 ${LA}`);
  });

  it('a failed month or booking shows a message and retries', async () => {
    let fail = true;
    const { actor, view } = start(
      async () => {
        if (fail) throw new Error('');
        return [];
      },
      async () => {
        if (fail) throw new Error('');
        return details(appointment(1, '2026-03-02T17:00:00Z'));
      },
    );
    await waitFor(actor, (s) => s.matches({ month: 'failed' }));
    expect(view().error).toBe(MONTH_LOAD_FAILED);
    actor.send({ type: 'appointment.open', groupId: 'g1' });
    await waitFor(actor, (s) => s.matches({ drawer: 'failed' }));
    expect(view().openError).toBe(BOOKING_LOAD_FAILED);
    fail = false;
    actor.send({ type: 'retry' });
    actor.send({ type: 'drawer.retry' });
    await waitFor(actor, (s) => s.matches(showing) && s.matches({ drawer: 'open' }));
    expect(view().error).toBeNull();
    expect(view().openError).toBeNull();
    expect(view().open?.id).toBe(1);
  });

  it(
    'the model walk covers every state and transition',
    async () => {
      const found = details(appointment(1, '2026-03-02T17:00:00Z'));
      const report = await coverMachine(calendarMachine, {
        input: { providerId: 7, zone: LA, month: '2026-03' },
        events: {
          'month.next': [{ type: 'month.next' }],
          'month.previous': [{ type: 'month.previous' }],
          'month.show': [
            { type: 'month.show', month: '2026-03' },
            { type: 'month.show', month: '2026-11' },
          ],
          'month.today': [
            { type: 'month.today', day: '2026-03-18' },
            { type: 'month.today', day: '2026-11-29' },
          ],
          'provider.select': [
            { type: 'provider.select', providerId: 7, zone: LA },
            { type: 'provider.select', providerId: 8, zone: 'America/New_York' },
          ],
          retry: [{ type: 'retry' }],
          refresh: [{ type: 'refresh' }],
          'day.focus': [{ type: 'day.focus', day: '2026-03-09' }],
          'day.move': [{ type: 'day.move', by: 1 }],
          'appointment.open': [{ type: 'appointment.open', groupId: 'g1' }],
          'drawer.retry': [{ type: 'drawer.retry' }],
          'drawer.close': [{ type: 'drawer.close' }],
          'view.show': [
            { type: 'view.show', view: 'week' },
            { type: 'view.show', view: 'month' },
          ],
          'week.next': [{ type: 'week.next' }],
          'week.previous': [{ type: 'week.previous' }],
        },
        outputs: { loadMonth: [[]], loadBooking: [found, null] },
        serializeState: (s) =>
          JSON.stringify([
            s.value,
            s.context.month === '2026-03',
            s.context.view,
            s.context.providerId,
            s.context.booking !== null,
          ]),
      });
      expect(report.failures).toEqual([]);
      assertFullCoverage(report);
    },
    LONG_WALK_LIMIT_MS,
  );
});
