/**
 * The availability editor (spec 02 §2, §3, §7, §9): category checkboxes and one weekly grid of 15-minute slots
 * (defaults 07:00–22:00 Monday–Saturday, 07:00–20:00 Sunday). Wizard step 2 and a MANUAL provider's Services
 * on the profile and the manage view use it.
 *
 *   loading ──done──► editing ──availability.save [changes]──► saving ──done [more]──► saving
 *      └─error─► loadFailed      ▲ ▲                               ├─done [last] ──► editing
 *          └─availability.retry─┘ │                                ├─done [last, finishing] ──► finished
 *                                 └──────error (server's message)──┤
 *   saving ──error [record/stale, or a row made meanwhile]──► stale (shared: Reload reads again, keeping what
 *                                                          was changed; Keep editing) ──► editing
 *   editing ──availability.finish (Get Started) [changes]──► saving (finishing) | [none] ──► finished
 *   loadFailed ──availability.finish──► finished (nothing was typed)
 *
 * A save sends one request per category whose stored row differs from the draft (rules: `pendingSaves`), each
 * with 'Successfully saved availability for {category}', recording each as it is stored, so a refusal part-way
 * keeps what was typed and the next save sends only what is left. Each PUT sends the version its row was read at.
 */
import { assign, emit, setup } from 'xstate';
import type { Availability } from '../../api/contract/onboarding';
import { API_ERROR_CODES } from '../../api/contract/error-codes';
import { setSlots, type Weekday } from '../../domain/onboarding/availability';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { errorCode, errorMessage } from '../shared/errors';
import { notice, type Notice, type NoticeParams } from '../shared/notice';
import { inTurn } from '../shared/in-turn';
import { placeholder } from '../shared/placeholder';
import { isStaleError, staleStates, type StaleSaveEvent } from '../shared/record-editor';
import {
  applySaved,
  categoryName,
  pendingSaves,
  takeLoaded,
  takeReloaded,
  type AvailabilityEditorContext,
  type LoadedAvailability,
  type SaveAvailabilityInput,
} from './availability-editor.rules';

export interface AvailabilityEditorInput {
  locationId: number;
}

export type AvailabilityEditorEvent =
  | { type: 'category.toggle'; categoryId: number }
  | { type: 'slots.set'; cells: Array<{ day: Weekday; time: string }>; checked: boolean }
  | { type: 'availability.save' }
  | { type: 'availability.finish' }
  | { type: 'availability.retry' }
  | StaleSaveEvent;

const outputOf = (event: unknown) => (event as { output: Availability }).output;

export const availabilityEditorMachine = setup({
  types: {
    input: {} as AvailabilityEditorInput,
    context: {} as AvailabilityEditorContext,
    events: {} as AvailabilityEditorEvent,
    emitted: {} as Notice,
  },
  actors: {
    loadAvailability: placeholder<LoadedAvailability, { locationId: number }>('loadAvailability'),
    saveAvailability: placeholder<Availability, SaveAvailabilityInput>('saveAvailability'),
  },
  guards: {
    hasChanges: ({ context }) => pendingSaves(context).length > 0,
    hasMoreChanges: ({ context }) => pendingSaves(context).length > 1,
    isFinishing: ({ context }) => context.finishing,
    /** Someone else saved a row first: a newer version, or a row for the category made meanwhile. */
    isStale: ({ event }) => {
      const error = (event as { error?: unknown }).error;
      return isStaleError(error) || errorCode(error) === API_ERROR_CODES.availabilityExists;
    },
  },
  actions: {
    notify: emit((_, params: NoticeParams) => notice(params.level, params.message)),
    takeLoaded: assign(({ event }) => takeLoaded(outputOf(event) as unknown as LoadedAvailability)),
    applySaved: assign(({ context, event }) => applySaved(context, outputOf(event))),
    announceCategory: emit(({ context, event }) =>
      notice(
        'success',
        PROVIDER_MESSAGES.availabilitySaved(categoryName(context, outputOf(event).serviceCategoryId)),
      ),
    ),
    saveRefused: assign(({ event }) => ({
      saveError: errorMessage((event as { error?: unknown }).error),
      finishing: false,
    })),
    takeReloaded: assign(({ context, event }) =>
      takeReloaded(context, outputOf(event) as unknown as LoadedAvailability),
    ),
    /** Nothing else follows this editor's rows. */
    announceSaved: () => undefined,
  },
}).createMachine({
  id: 'availabilityEditor',
  context: ({ input }) => {
    const empty = takeLoaded({ categories: [], availabilities: [] });
    return { locationId: input.locationId, ...empty, saveError: null, finishing: false };
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadAvailability',
        input: ({ context }) => ({ locationId: context.locationId }),
        onDone: { target: 'editing', actions: 'takeLoaded' },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      on: {
        'availability.retry': 'loading',
        'availability.finish': 'finished',
      },
    },
    editing: {
      on: {
        'category.toggle': {
          actions: assign({
            draft: ({ context, event }) => ({
              ...context.draft,
              checked: context.draft.checked.includes(event.categoryId)
                ? context.draft.checked.filter((id) => id !== event.categoryId)
                : [...context.draft.checked, event.categoryId],
            }),
          }),
        },
        'slots.set': {
          actions: assign({
            draft: ({ context, event }) => ({
              ...context.draft,
              week: setSlots(context.draft.week, event.cells, event.checked),
            }),
          }),
        },
        'availability.save': {
          guard: 'hasChanges',
          target: 'saving',
          actions: assign({ saveError: null, finishing: false }),
        },
        'availability.finish': [
          { guard: 'hasChanges', target: 'saving', actions: assign({ saveError: null, finishing: true }) },
          { target: 'finished' },
        ],
      },
    },
    saving: {
      tags: ['busy', 'saving'],
      description: 'One request per category left to save, in turn; each answer is recorded before the next.',
      invoke: {
        src: 'saveAvailability',
        input: ({ context }) => {
          const [next] = pendingSaves(context);
          if (!next) throw new Error('saving without a change');
          return next;
        },
        onDone: inTurn(
          { self: 'saving', more: 'hasMoreChanges', each: ['applySaved', 'announceCategory'] },
          { guard: 'isFinishing', target: 'finished' },
          { target: 'editing' },
        ),
        onError: [
          { guard: 'isStale', target: 'stale', actions: assign({ finishing: false }) },
          { target: 'editing', actions: 'saveRefused' },
        ],
      },
    },
    ...staleStates({
      reload: {
        actor: 'loadAvailability',
        input: ({ context }: { context: AvailabilityEditorContext }) => ({ locationId: context.locationId }),
      },
    }),
    finished: {
      type: 'final',
      description:
        'Get Started: everything typed is stored (or nothing could be typed); the wizard moves on.',
    },
  },
});
