/**
 * The availability editor of wizard step 2 (spec 02 §2, §3, §9): category checkboxes and one weekly grid of
 * 15-minute slots (defaults 07:00–22:00 Monday–Saturday, 07:00–20:00 Sunday). Save stores the grid for each
 * checked category, one request per category (POST the first time, PUT once it has an id), with
 * 'Successfully saved availability for {category}' each; a refusal shows the server's message and stops.
 *
 *   editing ─availability.save [a category checked]─► saving ─done [more queued]─► saving
 *      ▲                                                 ├─done [none left]─► editing
 *      └──────────────────────────error──────────────────┘
 */
import { assign, emit, setup } from 'xstate';
import type { Availability, AvailabilityInput } from '../../api/contract/onboarding';
import { defaultWeek, setSlots, type WeekSlots, type Weekday } from '../../domain/onboarding/availability';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { errorMessage } from '../shared/errors';
import type { Notice } from '../shared/notice';
import { placeholder } from '../shared/placeholder';

export interface AvailabilityCategory {
  id: number;
  name: string;
}

export interface AvailabilityEditorInput {
  locationId: number;
  categories: AvailabilityCategory[];
  existing: Availability[];
}

export interface AvailabilityEditorContext {
  locationId: number;
  categories: AvailabilityCategory[];
  checked: number[];
  week: WeekSlots;
  /** Saved availability ids per category id. */
  saved: Record<number, number>;
  queue: number[];
}

export type SaveAvailabilityInput =
  { id: null; body: AvailabilityInput } | { id: number; body: Pick<AvailabilityInput, 'timeslots'> };

export type AvailabilityEditorEvent =
  | { type: 'category.toggle'; categoryId: number }
  | { type: 'slots.set'; cells: Array<{ day: Weekday; time: string }>; checked: boolean }
  | { type: 'availability.save' };

export const availabilityEditorMachine = setup({
  types: {
    input: {} as AvailabilityEditorInput,
    context: {} as AvailabilityEditorContext,
    events: {} as AvailabilityEditorEvent,
    emitted: {} as Notice,
  },
  actors: {
    saveAvailability: placeholder<Availability, SaveAvailabilityInput>('saveAvailability'),
  },
  guards: {
    hasChecked: ({ context }) => context.checked.length > 0,
    hasQueued: ({ context }) => context.queue.length > 0,
  },
}).createMachine({
  id: 'availabilityEditor',
  context: ({ input }) => {
    const first = input.existing[0];
    return {
      locationId: input.locationId,
      categories: input.categories,
      checked: input.existing.map((entry) => entry.serviceCategoryId),
      week: first ? (first.timeslots as WeekSlots) : defaultWeek(),
      saved: Object.fromEntries(input.existing.map((entry) => [entry.serviceCategoryId, entry.id])),
      queue: [],
    };
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'category.toggle': {
          actions: assign({
            checked: ({ context, event }) =>
              context.checked.includes(event.categoryId)
                ? context.checked.filter((id) => id !== event.categoryId)
                : [...context.checked, event.categoryId],
          }),
        },
        'slots.set': {
          actions: assign({
            week: ({ context, event }) => setSlots(context.week, event.cells, event.checked),
          }),
        },
        'availability.save': {
          guard: 'hasChecked',
          target: 'saving',
          actions: assign({ queue: ({ context }) => [...context.checked] }),
        },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveAvailability',
        input: ({ context }): SaveAvailabilityInput => {
          const categoryId = context.queue[0] ?? 0;
          const id = context.saved[categoryId];
          return id === undefined
            ? {
                id: null,
                body: {
                  serviceCategory: { id: categoryId },
                  location: { id: context.locationId },
                  timeslots: context.week,
                },
              }
            : { id, body: { timeslots: context.week } };
        },
        onDone: {
          target: 'saved',
          actions: [
            emit(({ context }) => ({
              type: 'notify' as const,
              level: 'success' as const,
              message: PROVIDER_MESSAGES.availabilitySaved(
                context.categories.find((category) => category.id === context.queue[0])?.name ?? '',
              ),
            })),
            assign(({ context, event }) => ({
              saved: { ...context.saved, [event.output.serviceCategoryId]: event.output.id },
              queue: context.queue.slice(1),
            })),
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            emit(({ event }) => ({
              type: 'notify' as const,
              level: 'error' as const,
              message: errorMessage(event.error),
            })),
            assign({ queue: [] }),
          ],
        },
      },
    },
    saved: {
      description: 'One category saved: the next one in the queue, or back to editing.',
      always: [{ guard: 'hasQueued', target: 'saving' }, { target: 'editing' }],
    },
  },
});
