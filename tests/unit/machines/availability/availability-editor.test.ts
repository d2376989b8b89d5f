import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiRequestError } from '../../../../src/api/client';
import { API_ERROR_CODES, RECORD_STALE_MESSAGE } from '../../../../src/api/contract/error-codes';
import type { Availability } from '../../../../src/api/contract/onboarding';
import {
  defaultWeek,
  isChecked,
  setSlots,
  type WeekSlots,
} from '../../../../src/domain/onboarding/availability';
import { AVAILABILITY_MESSAGES } from '../../../../src/domain/shared/messages';
import { availabilityEditorMachine } from '../../../../src/machines/availability/availability-editor.machine';
import {
  closedWeek,
  pendingSaves,
  type LoadedAvailability,
  type SaveAvailabilityInput,
} from '../../../../src/machines/availability/availability-editor.rules';
import { availabilityEditorView } from '../../../../src/machines/availability/availability-editor.view';
import type { Notice } from '../../../../src/machines/shared/notice';
import { assertFullCoverage, coverMachine, recordCoverage, LONG_WALK_LIMIT_MS } from '../../../support/model';

const categories = [
  { id: 1, name: 'Facials' },
  { id: 2, name: 'Injectables' },
  { id: 3, name: 'Body Contour' },
];
const early = setSlots(defaultWeek(), [{ day: 'Monday', time: '06:00' }], true);
const row = (id: number, categoryId: number, timeslots: WeekSlots, version = 1): Availability => ({
  id,
  serviceCategoryId: categoryId,
  locationId: 7,
  timeslots,
  version,
});
const load = (availabilities: Availability[] = []): LoadedAvailability => ({ categories, availabilities });
const stale = new ApiRequestError(409, API_ERROR_CODES.recordStale, RECORD_STALE_MESSAGE, 'version');

interface Options {
  loads?: Array<LoadedAvailability | Error>;
  /** The nth save (1-based) fails with this error. */
  failOn?: Record<number, unknown>;
}

function start(options: Options = {}) {
  const saves: SaveAvailabilityInput[] = [];
  let loads = 0;
  const actor = createActor(
    availabilityEditorMachine.provide({
      actors: {
        loadAvailability: fromPromise(async () => {
          const list = options.loads ?? [load()];
          const next = list[Math.min(loads, list.length - 1)];
          loads += 1;
          if (next instanceof Error) throw next;
          return next as LoadedAvailability;
        }),
        saveAvailability: fromPromise(async ({ input }: { input: SaveAvailabilityInput }) => {
          saves.push(input);
          const failure = options.failOn?.[saves.length];
          if (failure) throw failure;
          return input.id === null
            ? row(100 + input.categoryId, input.categoryId, input.body.timeslots as WeekSlots)
            : row(input.id, input.categoryId, input.body.timeslots as WeekSlots, input.body.version + 1);
        }),
      },
    }),
    { input: { locationId: 7 } },
  );
  const notices: Notice[] = [];
  actor.on('notify', (event) => notices.push(event));
  actor.start();
  return { actor, saves, notices, messages: () => notices.map((n) => n.message), loads: () => loads };
}

const editing = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches('editing'));

describe('availability editor machine', () => {
  it('with nothing stored: no category ticked and the default week, 07:00–22:00 Monday–Saturday, 07:00–20:00 Sunday', async () => {
    const { actor } = start();
    expect(availabilityEditorView(actor.getSnapshot()).loading).toBe(true);
    const { context } = await editing(actor);
    const { week } = context.draft;
    expect(context.draft.checked).toEqual([]);
    expect(isChecked(week, 'Monday', '06:45')).toBe(false);
    expect(isChecked(week, 'Monday', '07:00')).toBe(true);
    expect(isChecked(week, 'Saturday', '21:45')).toBe(true);
    expect(isChecked(week, 'Saturday', '22:00')).toBe(false);
    expect(isChecked(week, 'Sunday', '19:45')).toBe(true);
    expect(isChecked(week, 'Sunday', '20:00')).toBe(false);
    const view = availabilityEditorView(actor.getSnapshot());
    expect(view).toMatchObject({ dirty: false, canSave: false, hint: AVAILABILITY_MESSAGES.pickCategory });
  });

  it('ticks the categories whose stored week offers time, and shows the first one’s week', async () => {
    const { actor } = start({
      loads: [load([row(11, 2, early), row(12, 1, closedWeek(defaultWeek())), row(13, 3, defaultWeek())])],
    });
    const { context } = await editing(actor);
    expect(context.draft.checked).toEqual([2, 3]);
    expect(context.draft.week).toEqual(early);
    expect(availabilityEditorView(actor.getSnapshot())).toMatchObject({ dirty: false, hint: null });
    // Each keeps its own week until the grid is changed; then every ticked category gets the grid.
    actor.send({ type: 'slots.set', cells: [{ day: 'Tuesday', time: '06:00' }], checked: true });
    expect(pendingSaves(actor.getSnapshot().context).map((save) => [save.categoryId, save.id])).toEqual([
      [2, 11],
      [3, 13],
    ]);
  });

  it('says so when there are no categories, and ignores rows of categories no longer listed', async () => {
    const { actor } = start({ loads: [{ categories: [], availabilities: [row(11, 9, early)] }] });
    const { context } = await editing(actor);
    expect(context.stored).toEqual({});
    expect(availabilityEditorView(actor.getSnapshot()).emptyText).toBe(AVAILABILITY_MESSAGES.noCategories);
  });

  it('saves each category that differs: POST a new one, PUT a changed one with its version, close an un-ticked one', async () => {
    const { actor, saves, messages } = start({
      loads: [load([row(11, 1, defaultWeek(), 4), row(12, 2, defaultWeek(), 2)])],
    });
    await editing(actor);
    actor.send({ type: 'category.toggle', categoryId: 2 });
    actor.send({ type: 'category.toggle', categoryId: 3 });
    actor.send({ type: 'slots.set', cells: [{ day: 'Monday', time: '06:00' }], checked: true });
    expect(availabilityEditorView(actor.getSnapshot())).toMatchObject({ dirty: true, canSave: true });
    actor.send({ type: 'availability.save' });
    expect(availabilityEditorView(actor.getSnapshot())).toMatchObject({ saving: true, disabled: true });
    const done = await waitFor(actor, (s) => s.matches('editing') && saves.length === 3);
    expect(saves).toEqual([
      { categoryId: 1, id: 11, body: { timeslots: early, version: 4 } },
      { categoryId: 2, id: 12, body: { timeslots: closedWeek(defaultWeek()), version: 2 } },
      {
        categoryId: 3,
        id: null,
        body: { serviceCategory: { id: 3 }, location: { id: 7 }, timeslots: early },
      },
    ]);
    expect(messages()).toEqual([
      'Successfully saved availability for Facials',
      'Successfully saved availability for Injectables',
      'Successfully saved availability for Body Contour',
    ]);
    expect(done.context.stored[1]?.version).toBe(5);
    expect(done.context.base).toEqual(done.context.draft);
    expect(availabilityEditorView(done)).toMatchObject({ dirty: false, canSave: false });
    // A second save in a row sends the version the first one answered.
    actor.send({ type: 'slots.set', cells: [{ day: 'Tuesday', time: '06:00' }], checked: true });
    actor.send({ type: 'availability.save' });
    await waitFor(actor, (s) => s.matches('editing') && saves.length === 5);
    expect(saves[3]).toMatchObject({ categoryId: 1, id: 11, body: { version: 5 } });
    expect(saves[4]).toMatchObject({ categoryId: 3, id: 103, body: { version: 1 } });
  });

  it('a refusal part-way shows the server’s message, keeps the draft, and the next save sends only what is left', async () => {
    const { actor, saves, messages } = start({
      failOn: { 2: new ApiRequestError(400, API_ERROR_CODES.invalidBody, 'Monday has at most 96 slots') },
    });
    await editing(actor);
    actor.send({ type: 'category.toggle', categoryId: 1 });
    actor.send({ type: 'category.toggle', categoryId: 2 });
    actor.send({ type: 'availability.save' });
    const refused = await waitFor(actor, (s) => s.matches('editing') && saves.length === 2);
    expect(refused.context.saveError).toBe('Monday has at most 96 slots');
    expect(refused.context.draft.checked).toEqual([1, 2]);
    expect(messages()).toEqual(['Successfully saved availability for Facials']);
    expect(availabilityEditorView(refused)).toMatchObject({ dirty: true, canSave: true });
    expect(pendingSaves(refused.context).map((save) => save.categoryId)).toEqual([2]);
    actor.send({ type: 'availability.save' });
    expect(actor.getSnapshot().context.saveError).toBeNull();
    const saved = await waitFor(actor, (s) => s.matches('editing') && saves.length === 3);
    expect(saves[2]).toMatchObject({ categoryId: 2, id: null });
    expect(availabilityEditorView(saved).dirty).toBe(false);
  });

  it('Save does nothing while nothing differs from what is stored', async () => {
    const { actor, saves } = start({ loads: [load([row(11, 1, defaultWeek())])] });
    await editing(actor);
    actor.send({ type: 'availability.save' });
    expect(actor.getSnapshot().value).toBe('editing');
    // Ticking and un-ticking a category leaves nothing to save.
    actor.send({ type: 'category.toggle', categoryId: 2 });
    actor.send({ type: 'category.toggle', categoryId: 2 });
    expect(availabilityEditorView(actor.getSnapshot()).dirty).toBe(false);
    expect(saves).toEqual([]);
  });

  it('a stale save shows the notice; Keep editing keeps the draft; Reload takes the new versions and keeps what changed', async () => {
    const other = setSlots(defaultWeek(), [{ day: 'Sunday', time: '06:00' }], true);
    const { actor, saves, loads } = start({
      loads: [load([row(11, 1, defaultWeek(), 1)]), load([row(11, 1, other, 2), row(12, 2, other, 1)])],
      failOn: { 1: stale, 2: stale },
    });
    await editing(actor);
    actor.send({ type: 'slots.set', cells: [{ day: 'Monday', time: '06:00' }], checked: true });
    actor.send({ type: 'availability.save' });
    const staleSnapshot = await waitFor(actor, (s) => s.matches('stale'));
    expect(availabilityEditorView(staleSnapshot)).toMatchObject({
      stale: true,
      staleMessage: RECORD_STALE_MESSAGE,
      disabled: true,
      canSave: false,
    });
    actor.send({ type: 'stale.dismiss' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.draft.week).toEqual(early);

    actor.send({ type: 'availability.save' });
    await waitFor(actor, (s) => s.matches('stale'));
    actor.send({ type: 'stale.reload' });
    expect(availabilityEditorView(actor.getSnapshot()).reloading).toBe(true);
    const reloaded = await editing(actor);
    expect(loads()).toBe(2);
    // The week the person changed stays; the category someone else ticked shows.
    expect(reloaded.context.draft).toEqual({ checked: [1, 2], week: early });
    expect(reloaded.context.stored[1]?.version).toBe(2);
    actor.send({ type: 'availability.save' });
    await waitFor(actor, (s) => s.matches('editing') && saves.length === 4);
    expect(saves.slice(2)).toEqual([
      { categoryId: 1, id: 11, body: { timeslots: early, version: 2 } },
      { categoryId: 2, id: 12, body: { timeslots: early, version: 1 } },
    ]);
  });

  it('a row made for the category meanwhile (availability/exists) is handled like a stale save', async () => {
    const exists = new ApiRequestError(409, API_ERROR_CODES.availabilityExists, 'exists', 'serviceCategory');
    const { actor } = start({ failOn: { 1: exists } });
    await editing(actor);
    actor.send({ type: 'category.toggle', categoryId: 1 });
    actor.send({ type: 'availability.save' });
    await waitFor(actor, (s) => s.matches('stale'));
  });

  it('a failed reload stays on the notice with a toast', async () => {
    const { actor, messages } = start({
      loads: [load(), new Error('offline')],
      failOn: { 1: stale },
    });
    await editing(actor);
    actor.send({ type: 'category.toggle', categoryId: 1 });
    actor.send({ type: 'availability.save' });
    await waitFor(actor, (s) => s.matches('stale'));
    actor.send({ type: 'stale.reload' });
    await waitFor(actor, (s) => s.matches('stale') && messages().length > 0);
    expect(messages()).toEqual(['The record could not be reloaded. Try again.']);
  });

  it('a failed load offers Try again', async () => {
    const { actor } = start({ loads: [new Error('offline'), load()] });
    const failed = await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(availabilityEditorView(failed)).toMatchObject({
      loadFailed: true,
      loadFailedText: AVAILABILITY_MESSAGES.loadFailed,
      dirty: false,
    });
    actor.send({ type: 'availability.retry' });
    await editing(actor);
  });

  describe('Get Started (availability.finish)', () => {
    it('with nothing unsaved, ends at once', async () => {
      const { actor, saves } = start();
      await editing(actor);
      actor.send({ type: 'availability.finish' });
      expect(actor.getSnapshot().status).toBe('done');
      expect(saves).toEqual([]);
    });

    it('saves what is unsaved first, then ends', async () => {
      const { actor, saves, messages } = start();
      await editing(actor);
      actor.send({ type: 'category.toggle', categoryId: 1 });
      actor.send({ type: 'category.toggle', categoryId: 3 });
      actor.send({ type: 'availability.finish' });
      await waitFor(actor, (s) => s.status === 'done');
      expect(saves.map((save) => save.categoryId)).toEqual([1, 3]);
      expect(messages()).toEqual([
        'Successfully saved availability for Facials',
        'Successfully saved availability for Body Contour',
      ]);
    });

    it('a refused save does not end: the error shows and everything typed stays', async () => {
      const { actor, saves } = start({ failOn: { 1: new ApiRequestError(500, 'server/internal', 'down') } });
      await editing(actor);
      actor.send({ type: 'category.toggle', categoryId: 2 });
      actor.send({ type: 'availability.finish' });
      const refused = await waitFor(actor, (s) => s.matches('editing') && saves.length === 1);
      expect(refused.status).toBe('active');
      expect(refused.context).toMatchObject({ saveError: 'down', finishing: false });
      expect(refused.context.draft.checked).toEqual([2]);
      // A plain Save afterwards stays in the editor.
      actor.send({ type: 'availability.save' });
      await waitFor(actor, (s) => s.matches('editing') && saves.length === 2);
      expect(actor.getSnapshot().status).toBe('active');
    });

    it('a stale save does not end either', async () => {
      const { actor } = start({ failOn: { 1: stale } });
      await editing(actor);
      actor.send({ type: 'category.toggle', categoryId: 2 });
      actor.send({ type: 'availability.finish' });
      const staleSnapshot = await waitFor(actor, (s) => s.matches('stale'));
      expect(staleSnapshot.context.finishing).toBe(false);
    });

    it('after a failed load, ends (nothing could be typed)', async () => {
      const { actor } = start({ loads: [new Error('offline')] });
      await waitFor(actor, (s) => s.matches('loadFailed'));
      actor.send({ type: 'availability.finish' });
      expect(actor.getSnapshot().status).toBe('done');
    });
  });

  it(
    'walks every state and transition',
    async () => {
      const stored = load([row(11, 1, defaultWeek())]);
      const report = await coverMachine(availabilityEditorMachine, {
        input: { locationId: 7 },
        events: {
          'category.toggle': [
            { type: 'category.toggle', categoryId: 1 },
            { type: 'category.toggle', categoryId: 2 },
          ],
          'slots.set': [{ type: 'slots.set', cells: [{ day: 'Monday', time: '06:00' }], checked: true }],
          'availability.save': [{ type: 'availability.save' }],
          'availability.finish': [{ type: 'availability.finish' }],
          'availability.retry': [{ type: 'availability.retry' }],
          'stale.reload': [{ type: 'stale.reload' }],
          'stale.dismiss': [{ type: 'stale.dismiss' }],
        },
        outputs: {
          loadAvailability: [stored],
          saveAvailability: [row(11, 1, closedWeek(defaultWeek()), 2), row(12, 2, defaultWeek())],
        },
        errors: { saveAvailability: [stale, new Error('offline')] },
        // What decides the editor's next steps: where it is, what is ticked, and what is left to save.
        serializeState: (snapshot) =>
          JSON.stringify([
            snapshot.value,
            snapshot.status,
            [...snapshot.context.draft.checked].sort(),
            pendingSaves(snapshot.context).map((save) => [save.categoryId, save.id]),
            snapshot.context.finishing,
          ]),
      });
      recordCoverage(report);
      assertFullCoverage(report);
      expect(report.failures).toEqual([]);
    },
    LONG_WALK_LIMIT_MS,
  );
});
