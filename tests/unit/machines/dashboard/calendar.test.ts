import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ProviderAppointment } from '../../../../src/api/contract/appointment';
import {
  calendarMachine,
  MONTH_LOAD_FAILED,
  type CalendarEmitted,
  type LoadMonthInput,
} from '../../../../src/machines/dashboard/calendar.machine';
import { calendarView } from '../../../../src/machines/dashboard/dashboard.view';
import { assertFullCoverage, coverMachine } from '../../../support/model';

const LA = 'America/Los_Angeles';

function appointment(id: number, startDate: string): ProviderAppointment {
  return {
    id,
    groupId: `g${id}`,
    status: 'ACTIVE',
    startDate,
    endDate: startDate,
    name: null,
    serviceItemDisplayName: 'HydraFacial',
    serviceItem: null,
    serviceItems: [],
    bundle: null,
    provider: { id: 7, name: 'Glow Studio' },
    location: { id: 1, timezone: LA, name: null },
    user: null,
  };
}

function start(load: (input: LoadMonthInput) => Promise<ProviderAppointment[]>) {
  const loads: string[] = [];
  const actor = createActor(
    calendarMachine.provide({
      actors: {
        loadMonth: fromPromise(({ input }: { input: LoadMonthInput }) => {
          loads.push(`${input.providerId} ${input.month} ${input.zone}`);
          return load(input);
        }),
      },
    }),
    { input: { providerId: 7, zone: LA, month: '2026-03' } },
  );
  const emitted: CalendarEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, loads, emitted, view: () => calendarView(actor.getSnapshot()) };
}

describe('calendar machine', () => {
  it('loads the month and places each appointment on its local day', async () => {
    // 07:30Z on March 8 is the evening of March 7 in Los Angeles.
    const { actor, view } = start(async () => [
      appointment(1, '2026-03-08T07:30:00Z'),
      appointment(2, '2026-03-08T17:00:00Z'),
    ]);
    await waitFor(actor, (s) => s.matches('showing'));
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
    await waitFor(actor, (s) => s.matches('showing'));
    actor.send({ type: 'month.next' });
    actor.send({ type: 'month.next' });
    actor.send({ type: 'month.previous' });
    await waitFor(actor, (s) => s.matches('showing'));
    expect(emitted).toEqual([
      { type: 'month.changed', month: '2026-04' },
      { type: 'month.changed', month: '2026-05' },
      { type: 'month.changed', month: '2026-04' },
    ]);
    actor.send({ type: 'month.show', month: '2026-04' });
    actor.send({ type: 'month.show', month: '2025-11' });
    await waitFor(actor, (s) => s.matches('showing'));
    expect(loads.at(-1)).toBe(`7 2025-11 ${LA}`);
    expect(actor.getSnapshot().context.focusedDay).toBe('2025-11-01');
    actor.send({ type: 'provider.select', providerId: 7, zone: LA });
    actor.send({ type: 'provider.select', providerId: 9, zone: 'America/New_York' });
    await waitFor(actor, (s) => s.matches('showing'));
    expect(loads.at(-1)).toBe('9 2025-11 America/New_York');
  });

  it('arrow keys move the focused day; an appointment opens and closes its drawer', async () => {
    const { actor, view } = start(async () => [appointment(5, '2026-03-10T17:00:00Z')]);
    await waitFor(actor, (s) => s.matches('showing'));
    actor.send({ type: 'day.focus', day: '2026-03-10' });
    actor.send({ type: 'day.move', by: 7 });
    actor.send({ type: 'day.move', by: -1 });
    expect(view().focusedDay).toBe('2026-03-16');
    actor.send({ type: 'appointment.open', id: 5 });
    expect(view().open?.id).toBe(5);
    actor.send({ type: 'drawer.close' });
    expect(view().open).toBeNull();
  });

  it('a failed month shows a message and retries', async () => {
    let fail = true;
    const { actor, view } = start(async () => {
      if (fail) throw new Error('');
      return [];
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(view().error).toBe(MONTH_LOAD_FAILED);
    fail = false;
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('showing'));
    expect(view().error).toBeNull();
  });

  it('the model walk covers every state and transition', async () => {
    const report = await coverMachine(calendarMachine, {
      input: { providerId: 7, zone: LA, month: '2026-03' },
      events: {
        'month.next': [{ type: 'month.next' }],
        'month.previous': [{ type: 'month.previous' }],
        'month.show': [
          { type: 'month.show', month: '2026-03' },
          { type: 'month.show', month: '2026-11' },
        ],
        'provider.select': [
          { type: 'provider.select', providerId: 7, zone: LA },
          { type: 'provider.select', providerId: 8, zone: 'America/New_York' },
        ],
        retry: [{ type: 'retry' }],
        refresh: [{ type: 'refresh' }],
        'day.focus': [{ type: 'day.focus', day: '2026-03-09' }],
        'day.move': [{ type: 'day.move', by: 1 }],
        'appointment.open': [{ type: 'appointment.open', id: 1 }],
        'drawer.close': [{ type: 'drawer.close' }],
      },
      outputs: { loadMonth: [[]] },
      serializeState: (s) =>
        JSON.stringify([
          s.value,
          s.context.month === '2026-03',
          s.context.providerId,
          s.context.openId !== null,
        ]),
    });
    expect(report.failures).toEqual([]);
    assertFullCoverage(report);
  });
});
