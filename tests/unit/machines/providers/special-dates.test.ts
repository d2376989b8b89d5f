import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiRequestError } from '../../../../src/api/client';
import type { SpecialDate, SpecialDateInput } from '../../../../src/api/contract/special-date';
import type { HolidayEntry } from '../../../../src/domain/providers/holiday-list';
import { RECORD_STALE_MESSAGE } from '../../../../src/api/contract/error-codes';
import {
  specialDatesMachine,
  type AttachInput,
} from '../../../../src/machines/providers/special-dates.machine';
import { specialDatesView } from '../../../../src/machines/providers/special-dates.view';
import type { Notice } from '../../../../src/machines/shared/notice';
import { assertFullCoverage, coverMachine, LONG_WALK_LIMIT_MS } from '../../../support/model';

const input = { locationId: 1, timeZone: 'America/Los_Angeles', today: '2026-06-01' };

const july4: SpecialDate = {
  id: 10,
  version: 1,
  startDate: '2026/07/04',
  endDate: '2026/07/04',
  locationId: 1,
  specialDateServiceItems: [{ id: 100, serviceItemId: 5, bundleId: null }],
};

const holiday = (name: string, date: string): HolidayEntry => ({
  name,
  date: Temporal.PlainDate.from(date),
  checked: true,
});
const holidays = [
  holiday("New Year's Eve", '2026-01-01'),
  holiday('Independence Day', '2026-07-04'),
  holiday('Christmas Eve', '2026-12-25'),
];

const catalogue = {
  categories: [
    {
      id: 1,
      name: 'Face',
      serviceItems: [
        { id: 5, name: 'Facial' },
        { id: 6, name: 'Peel' },
      ],
    },
  ],
  bundles: [{ id: 3, name: 'Glow Pack' }],
};

function start(
  existing: SpecialDate[] = [july4],
  fail: { create?: unknown; attach?: unknown; restore?: unknown } = {},
) {
  const restored: SpecialDate[] = [];
  const created: SpecialDateInput[] = [];
  const attached: AttachInput[] = [];
  const removedItems: number[] = [];
  const removedDates: number[] = [];
  let nextId = 20;
  const stored = new Map(existing.map((date) => [date.id, structuredClone(date)]));
  const actor = createActor(
    specialDatesMachine.provide({
      actors: {
        loadSpecialDates: fromPromise(async () => [...stored.values()]),
        createSpecialDate: fromPromise(async ({ input: body }: { input: SpecialDateInput }) => {
          created.push(body);
          if (fail.create) throw fail.create;
          const date: SpecialDate = { id: nextId++, version: 1, ...body, specialDateServiceItems: [] };
          stored.set(date.id, date);
          return date;
        }),
        attachService: fromPromise(async ({ input: body }: { input: AttachInput }) => {
          attached.push(body);
          if (fail.attach && attached.length > 1) throw fail.attach;
          const date = stored.get(body.id) as SpecialDate;
          date.version += 1;
          date.specialDateServiceItems.push({
            id: 200 + attached.length,
            serviceItemId: 'serviceItemId' in body.target ? body.target.serviceItemId : null,
            bundleId: 'bundleId' in body.target ? body.target.bundleId : null,
          });
          return structuredClone(date);
        }),
        removeSpecialDateItem: fromPromise(async ({ input: body }: { input: { id: number } }) => {
          removedItems.push(body.id);
        }),
        removeSpecialDate: fromPromise(async ({ input: body }: { input: { id: number } }) => {
          removedDates.push(body.id);
        }),
        restoreSpecialDate: fromPromise(async ({ input: removed }: { input: SpecialDate }) => {
          restored.push(removed);
          if (fail.restore) throw fail.restore;
          const date: SpecialDate = { ...structuredClone(removed), id: nextId++, version: 1 };
          stored.set(date.id, date);
          return date;
        }),
        loadHolidays: fromPromise(async () => holidays),
      },
    }),
    { input },
  );
  const notices: Notice[] = [];
  actor.on('notify', (event) => notices.push(event));
  actor.start();
  const messages = () => notices.map((n) => n.message);
  return { actor, created, attached, removedItems, removedDates, restored, notices, messages };
}

const idle = { dates: 'idle', holidays: { ready: 'listed' } } as const;

describe('special dates machine', () => {
  it('adds a special date once both ends are picked, in YYYY/MM/DD, start before end', async () => {
    const { actor, created, messages } = start([]);
    await waitFor(actor, (s) => s.matches(idle));
    actor.send({ type: 'range.pick', end: 'end', value: '2026-08-01' });
    expect(actor.getSnapshot().matches({ dates: 'idle' })).toBe(true);
    actor.send({ type: 'range.pick', end: 'start', value: '2026-08-03' });
    const snapshot = await waitFor(actor, (s) => s.matches(idle) && s.context.dates.length === 1);
    expect(created).toEqual([{ startDate: '2026/08/01', endDate: '2026/08/03', locationId: 1 }]);
    expect(snapshot.context.pick).toEqual({ start: '', end: '' });
    expect(messages()).toEqual(['Added Special Date 2026/08/01 - 2026/08/03']);
  });

  it("shows the server's message when adding fails, keeping the picked range", async () => {
    const { actor, messages } = start([], {
      create: new ApiRequestError(400, 'request/invalid-body', 'endDate: must not be before startDate'),
    });
    await waitFor(actor, (s) => s.matches(idle));
    actor.send({ type: 'range.pick', end: 'start', value: '2026-08-01' });
    actor.send({ type: 'range.pick', end: 'end', value: '2026-08-01' });
    const snapshot = await waitFor(actor, (s) => s.matches(idle) && messages().length === 1);
    expect(messages()).toEqual(['endDate: must not be before startDate']);
    expect(snapshot.context.pick).toEqual({ start: '2026-08-01', end: '2026-08-01' });
  });

  it('attaches a service item and a bundle with one PUT each, then removes an item and the date', async () => {
    const { actor, attached, removedItems, removedDates, messages } = start();
    await waitFor(actor, (s) => s.matches(idle));
    actor.send({ type: 'date.services', id: 10 });
    const menu = specialDatesView(actor.getSnapshot(), catalogue).menu;
    // The item already on the date is not offered again.
    expect(menu?.categories[0]?.serviceItems.map((item) => item.name)).toEqual(['Peel']);
    actor.send({ type: 'services.change', serviceItemIds: [6], bundleIds: [3] });
    actor.send({ type: 'services.attach' });
    let snapshot = await waitFor(actor, (s) => s.matches(idle) && attached.length === 2);
    // Each PUT sends the version the previous one answered.
    expect(attached).toEqual([
      { id: 10, target: { serviceItemId: 6 }, version: 1 },
      { id: 10, target: { bundleId: 3 }, version: 2 },
    ]);
    expect(specialDatesView(snapshot, catalogue).dates[0]?.items.map((item) => item.name)).toEqual([
      'Facial',
      'Peel',
      'Glow Pack',
    ]);

    actor.send({ type: 'item.remove', dateId: 10, itemId: 100 });
    snapshot = await waitFor(actor, (s) => s.matches(idle) && removedItems.length === 1);
    expect(snapshot.context.dates[0]?.specialDateServiceItems.map((item) => item.id)).toEqual([201, 202]);

    actor.send({ type: 'date.remove', id: 10 });
    expect(specialDatesView(actor.getSnapshot(), catalogue).confirmRemove?.message).toBe(
      'Remove the special date 2026/07/04 - 2026/07/04 and its services?',
    );
    actor.send({ type: 'delete.confirm' });
    snapshot = await waitFor(actor, (s) => s.matches(idle) && removedDates.length === 1);
    expect(snapshot.context.dates).toEqual([]);
    expect(messages()).toEqual([
      'Added services to the special date.',
      'Removed the service from the special date.',
      'Removed Special Date 2026/07/04 - 2026/07/04',
    ]);
  });

  it("a removed date's toast offers Undo, which restores the same days and services", async () => {
    const { actor, removedDates, restored, notices, messages } = start();
    await waitFor(actor, (s) => s.matches(idle));
    actor.send({ type: 'date.remove', id: 10 });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches(idle) && removedDates.length === 1);
    const removedNotice = notices.at(-1);
    expect(removedNotice).toMatchObject({
      level: 'success',
      message: 'Removed Special Date 2026/07/04 - 2026/07/04',
      undo: { type: 'undo', id: 10 },
    });
    // An Undo for some other date (an old toast) does nothing.
    expect(actor.getSnapshot().can({ type: 'undo', id: 11 })).toBe(false);
    actor.send(removedNotice?.undo as { type: 'undo'; id: number });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const snapshot = await waitFor(actor, (s) => s.matches(idle) && s.context.dates.length === 1);
    expect(restored).toEqual([july4]);
    expect(snapshot.context.dates[0]).toMatchObject({
      startDate: '2026/07/04',
      endDate: '2026/07/04',
      specialDateServiceItems: july4.specialDateServiceItems,
    });
    expect(snapshot.context.undoable).toBeNull();
    expect(messages().at(-1)).toBe('Restored Special Date 2026/07/04 - 2026/07/04 and its services.');
    // Undone once: the same toast's Undo does nothing more.
    expect(snapshot.can({ type: 'undo', id: 10 })).toBe(false);
  });

  it('a failed Undo says why, reads the list again and keeps the date to try again', async () => {
    const { actor, removedDates, restored, notices } = start([july4], {
      restore: new ApiRequestError(409, 'special-date/overlap', 'startDate: overlaps another special date'),
    });
    await waitFor(actor, (s) => s.matches(idle));
    actor.send({ type: 'date.remove', id: 10 });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches(idle) && removedDates.length === 1);
    actor.send({ type: 'undo', id: 10 });
    const snapshot = await waitFor(actor, (s) => s.matches(idle) && restored.length === 1);
    expect(notices.at(-1)).toMatchObject({
      level: 'error',
      message:
        'Could not restore Special Date 2026/07/04 - 2026/07/04: startDate: overlaps another special date',
      undo: { type: 'undo', id: 10 },
    });
    expect(snapshot.context.undoable).toEqual(july4);
    expect(snapshot.can({ type: 'undo', id: 10 })).toBe(true);
  });

  it('keeps the menu open with what is left when an attach fails', async () => {
    const { actor, messages } = start([july4], {
      attach: new ApiRequestError(409, 'special-date/svc-item-exists', 'bundleId: bundle 3 is already on it'),
    });
    await waitFor(actor, (s) => s.matches(idle));
    actor.send({ type: 'date.services', id: 10 });
    actor.send({ type: 'services.change', serviceItemIds: [6], bundleIds: [3] });
    actor.send({ type: 'services.attach' });
    const snapshot = await waitFor(
      actor,
      (s) => s.matches({ dates: 'choosingServices' }) && messages().length > 0,
    );
    expect(snapshot.context.menu).toEqual({ dateId: 10, serviceItemIds: [], bundleIds: [3] });
    expect(messages()).toEqual(['bundleId: bundle 3 is already on it']);
  });

  it('a stale attach shows the notice; Reload reads the dates again and keeps what was chosen', async () => {
    const stale = new ApiRequestError(409, 'record/stale', RECORD_STALE_MESSAGE, 'version');
    const { actor, attached, messages } = start([july4], { attach: stale });
    await waitFor(actor, (s) => s.matches(idle));
    actor.send({ type: 'date.services', id: 10 });
    actor.send({ type: 'services.change', serviceItemIds: [6], bundleIds: [3] });
    actor.send({ type: 'services.attach' });
    let snapshot = await waitFor(actor, (s) => s.matches({ dates: 'stale' }));
    expect(specialDatesView(snapshot, catalogue).menu).toMatchObject({
      stale: true,
      staleMessage: RECORD_STALE_MESSAGE,
      bundleIds: [3],
    });
    expect(messages()).toEqual([]);
    // The choice may still change while the notice shows.
    actor.send({ type: 'services.change', serviceItemIds: [], bundleIds: [3] });
    actor.send({ type: 'stale.reload' });
    snapshot = await waitFor(actor, (s) => s.matches({ dates: 'choosingServices' }));
    expect(snapshot.context.menu).toEqual({ dateId: 10, serviceItemIds: [], bundleIds: [3] });
    expect(snapshot.context.dates[0]?.version).toBe(2);
    expect(attached.map((call) => call.version)).toEqual([1, 2]);
  });

  it('adds the checked holidays from today on and reports the ones that clash', async () => {
    const { actor, created, messages } = start();
    await waitFor(actor, (s) => s.matches(idle));
    const view = specialDatesView(actor.getSnapshot(), catalogue).holidays;
    expect(view.entries.map((e) => [e.name, e.past, e.isSpecialDate])).toEqual([
      ["New Year's Eve", true, false],
      ['Independence Day', false, true],
      ['Christmas Eve', false, false],
    ]);
    actor.send({ type: 'holidays.add' });
    const snapshot = await waitFor(actor, (s) => s.matches(idle) && s.context.dates.length === 2);
    expect(created).toEqual([{ startDate: '2026/12/25', endDate: '2026/12/25', locationId: 1 }]);
    expect(snapshot.context.clashes).toEqual([{ name: 'Independence Day', date: '2026/07/04' }]);
    expect(messages()).toEqual(['Added 1 holiday as a special date.']);

    // Now every upcoming checked holiday is a special date already.
    actor.send({ type: 'holidays.add' });
    expect(actor.getSnapshot().matches(idle)).toBe(true);
    expect(messages().at(-1)).toBe('Every chosen holiday is already a special date.');
  });

  it('the holiday list shows as loading until the dates it is checked against are read', async () => {
    let read: (dates: SpecialDate[]) => void = () => undefined;
    const actor = createActor(
      specialDatesMachine.provide({
        actors: {
          loadSpecialDates: fromPromise(() => new Promise<SpecialDate[]>((resolve) => (read = resolve))),
          loadHolidays: fromPromise(async () => holidays),
        },
      }),
      { input },
    ).start();
    await waitFor(actor, (s) => s.matches({ holidays: { ready: 'listed' } }));
    expect(specialDatesView(actor.getSnapshot(), catalogue).holidays).toMatchObject({
      state: 'loading',
      canAdd: false,
    });
    read([july4]);
    await waitFor(actor, (s) => s.matches(idle));
    expect(specialDatesView(actor.getSnapshot(), catalogue).holidays).toMatchObject({
      state: 'listed',
      canAdd: true,
    });
    actor.stop();
  });

  it('the holiday list is on by default and can be opted out of; unchecked holidays are not added', async () => {
    const { actor, created } = start([]);
    await waitFor(actor, (s) => s.matches(idle));
    actor.send({ type: 'holidays.optOut' });
    expect(actor.getSnapshot().can({ type: 'holidays.add' })).toBe(false);
    actor.send({ type: 'holidays.optIn' });
    actor.send({ type: 'holiday.check', index: 1, checked: false });
    actor.send({ type: 'holidays.add' });
    await waitFor(actor, (s) => s.matches(idle) && s.context.dates.length === 1);
    expect(created.map((body) => body.startDate)).toEqual(['2026/12/25']);
  });

  it(
    'walks every state and transition',
    async () => {
      const report = await coverMachine(specialDatesMachine, {
        input,
        // The removed date kept for Undo doubles the idle states the walk tells apart.
        limit: 20_000,
        events: {
          'dates.retry': [{ type: 'dates.retry' }],
          'range.pick': [
            { type: 'range.pick', end: 'start', value: '2026-08-01' },
            { type: 'range.pick', end: 'end', value: '2026-08-02' },
          ],
          'date.services': [{ type: 'date.services', id: 10 }],
          'services.change': [{ type: 'services.change', serviceItemIds: [6], bundleIds: [3] }],
          'services.attach': [{ type: 'services.attach' }],
          'services.cancel': [{ type: 'services.cancel' }],
          'item.remove': [{ type: 'item.remove', dateId: 10, itemId: 100 }],
          'date.remove': [{ type: 'date.remove', id: 10 }],
          'delete.confirm': [{ type: 'delete.confirm' }],
          'delete.cancel': [{ type: 'delete.cancel' }],
          undo: [{ type: 'undo', id: 10 }],
          'holidays.add': [{ type: 'holidays.add' }],
          'holidays.optOut': [{ type: 'holidays.optOut' }],
          'holidays.optIn': [{ type: 'holidays.optIn' }],
          'holiday.check': [{ type: 'holiday.check', index: 2, checked: false }],
          'holidays.retry': [{ type: 'holidays.retry' }],
          'stale.reload': [{ type: 'stale.reload' }],
          'stale.dismiss': [{ type: 'stale.dismiss' }],
        },
        errors: {
          attachService: [
            new ApiRequestError(409, 'record/stale', RECORD_STALE_MESSAGE, 'version'),
            new Error('offline'),
          ],
          restoreSpecialDate: [new Error('offline')],
        },
        outputs: {
          loadSpecialDates: [[july4]],
          createSpecialDate: [{ ...july4, id: 11, startDate: '2026/12/25', endDate: '2026/12/25' }],
          attachService: [july4],
          restoreSpecialDate: [{ ...july4, id: 12 }],
          loadHolidays: [holidays],
        },
        serializeState: (snapshot) =>
          JSON.stringify([
            snapshot.value,
            snapshot.context.dates.map((d) => d.id),
            snapshot.context.pick,
            snapshot.context.menu,
            snapshot.context.holidays?.map((h) => h.checked),
            snapshot.context.holidayQueue.length,
            snapshot.context.undoable !== null,
          ]),
      });
      expect(report.failures).toEqual([]);
      assertFullCoverage(report);
    },
    LONG_WALK_LIMIT_MS,
  );
});
