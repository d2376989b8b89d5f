import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiRequestError } from '../../../../src/api/client';
import type { Availability } from '../../../../src/api/contract/onboarding';
import { defaultWeek, isChecked, type WeekSlots } from '../../../../src/domain/onboarding/availability';
import {
  availabilityEditorMachine,
  type SaveAvailabilityInput,
} from '../../../../src/machines/onboarding/availability-editor.machine';
import type { Notice } from '../../../../src/machines/shared/notice';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';

const categories = [
  { id: 1, name: 'Facials' },
  { id: 2, name: 'Injectables' },
];

function start(existing: Availability[] = [], fail?: Error) {
  const calls: SaveAvailabilityInput[] = [];
  const actor = createActor(
    availabilityEditorMachine.provide({
      actors: {
        saveAvailability: fromPromise(async ({ input }: { input: SaveAvailabilityInput }) => {
          calls.push(input);
          if (fail) throw fail;
          const categoryId = input.id === null ? input.body.serviceCategory.id : 1;
          return {
            id: input.id ?? 100 + categoryId,
            serviceCategoryId: categoryId,
            locationId: 7,
            timeslots: input.body.timeslots as WeekSlots,
          };
        }),
      },
    }),
    { input: { locationId: 7, categories, existing } },
  );
  const notices: Notice[] = [];
  actor.on('notify', (event) => notices.push(event));
  actor.start();
  return { actor, calls, notices };
}

describe('availability editor machine', () => {
  it('starts from the default week: 07:00–22:00 Monday–Saturday, 07:00–20:00 Sunday', () => {
    const { week } = start().actor.getSnapshot().context;
    expect(isChecked(week, 'Monday', '06:45')).toBe(false);
    expect(isChecked(week, 'Monday', '07:00')).toBe(true);
    expect(isChecked(week, 'Saturday', '21:45')).toBe(true);
    expect(isChecked(week, 'Saturday', '22:00')).toBe(false);
    expect(isChecked(week, 'Sunday', '19:45')).toBe(true);
    expect(isChecked(week, 'Sunday', '20:00')).toBe(false);
  });

  it('saves the grid once per checked category, then updates, each with its toast', async () => {
    const { actor, calls, notices } = start();
    actor.send({ type: 'availability.save' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'category.toggle', categoryId: 1 });
    actor.send({ type: 'category.toggle', categoryId: 2 });
    actor.send({ type: 'slots.set', cells: [{ day: 'Monday', time: '06:00' }], checked: true });
    actor.send({ type: 'availability.save' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.queue.length === 0);
    expect(calls.map((call) => call.id)).toEqual([null, null]);
    expect(notices.map((n) => n.message)).toEqual([
      'Successfully saved availability for Facials',
      'Successfully saved availability for Injectables',
    ]);
    expect(actor.getSnapshot().context.saved).toEqual({ 1: 101, 2: 102 });
    actor.send({ type: 'category.toggle', categoryId: 2 });
    actor.send({ type: 'availability.save' });
    await waitFor(actor, (s) => s.matches('editing') && calls.length === 3);
    expect(calls[2]).toEqual({ id: 101, body: { timeslots: actor.getSnapshot().context.week } });
  });

  it("shows the server's message when a save is refused", async () => {
    const existing: Availability[] = [
      { id: 5, serviceCategoryId: 1, locationId: 7, timeslots: defaultWeek() },
    ];
    const { actor, notices } = start(
      existing,
      new ApiRequestError(400, 'request/invalid-body', 'timeslots: bad'),
    );
    expect(actor.getSnapshot().context.checked).toEqual([1]);
    actor.send({ type: 'availability.save' });
    await waitFor(actor, (s) => s.matches('editing') && notices.length > 0);
    expect(notices).toEqual([{ type: 'notify', level: 'error', message: 'timeslots: bad' }]);
  });

  it('walks every state and transition', async () => {
    const report = await coverMachine(availabilityEditorMachine, {
      input: { locationId: 7, categories, existing: [] },
      events: {
        'category.toggle': [
          { type: 'category.toggle', categoryId: 1 },
          { type: 'category.toggle', categoryId: 2 },
        ],
        'slots.set': [{ type: 'slots.set', cells: [{ day: 'Monday', time: '06:00' }], checked: true }],
        'availability.save': [{ type: 'availability.save' }],
      },
      outputs: {
        saveAvailability: [{ id: 101, serviceCategoryId: 1, locationId: 7, timeslots: defaultWeek() }],
      },
    });
    recordCoverage(report);
    assertFullCoverage(report);
    expect(report.failures).toEqual([]);
  });
});
