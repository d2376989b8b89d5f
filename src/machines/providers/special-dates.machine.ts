/**
 * The Special Dates section of a location (spec 02 §2, §4, §7, §8). Two regions run side by side:
 *
 *   dates:    loading ──done──► idle ◄─────────────────────────────────────────────────┐
 *               └─error─► loadFailed ──dates.retry──► loading                           │
 *             idle ──range.pick [completes the range]──► adding ──done/error──────────► idle
 *             idle ──date.services──► choosingServices ──services.attach [chosen]──► attaching
 *                                       ▲   └─services.cancel──► idle     (one PUT per service; loops)
 *                                       └────────── error ◄──────────────────────────────┘ done ──► idle
 *             attaching ──error [record/stale]──► stale (shared: Reload reads the dates again and keeps
 *                                                 the chosen services; Keep editing) ──► choosingServices
 *             idle ──item.remove──► removingItem ──done/error──► idle
 *             idle ──date.remove──► confirmingDelete ──delete.confirm──► deleting ──done/error──► idle
 *             idle ──undo [the date just removed]──► undoing ──done──► idle
 *                                                             └─error─► loading (reads what is there)
 *             idle ──holidays.add [listed, some to add]──► addingHolidays (one POST per holiday; loops) ──► idle
 *
 *   holidays: loading ──done──► ready.listed ⇄ ready.optedOut (holidays.optOut / holidays.optIn)
 *               └─error─► failed ──holidays.retry──► loading
 *
 * A special date is added as soon as both ends of the range are picked. The holiday list is on by default
 * (opt-out); adding the checked holidays skips, and reports, the ones that fall on an existing special date.
 * Failures show the server's message (spec 02 §8 "Special-date failures show the server's message").
 * Each PUT sends the version of the date as last read; the answer's version is kept for the next one.
 * A removed date's toast offers Undo: the same dates are created again (POST) and its service items and
 * bundles attached again (one PUT each); a failed Undo says why, keeps the removed date to try again and
 * reads the list again. The holiday half (the `holidays` region, the bulk add and their guards and actions)
 * is in special-dates.holidays.ts.
 */
import { assign, emit, setup, type AnyStateNodeConfig } from 'xstate';
import type { SpecialDate, SpecialDateInput } from '../../api/contract/special-date';
import { rangeLabel } from '../../domain/providers/dates';
import { PROVIDER_MESSAGES, SPECIAL_DATE_MESSAGES } from '../../domain/shared/messages';
import { confirmDeleteStates } from '../shared/confirm-delete';
import { errorMessage } from '../shared/errors';
import { notice, type Notice, type NoticeParams, notifying } from '../shared/notice';
import { inTurn } from '../shared/in-turn';
import { placeholder } from '../shared/placeholder';
import { toStale, staleStates } from '../shared/record-editor';
import {
  attachQueue,
  byStart,
  pickedRange,
  type AttachInput,
  type SpecialDatesContext,
  type SpecialDatesEvent,
  type SpecialDatesInput,
} from './special-dates.rules';
import {
  initialSpecialDatesContext,
  removedDate,
  removedNotice,
  restoredNotice,
  restoreFailedNotice,
  withDate,
  withoutAttached,
  withoutItem,
} from './special-dates.context';
import {
  addingHolidays,
  holidayActions,
  holidayActors,
  holidayGuards,
  holidaysAdd,
  holidaysRegion,
} from './special-dates.holidays';

export {
  rangeOf,
  type AttachInput,
  type AttachTarget,
  type SpecialDatesContext,
  type SpecialDatesEvent,
  type SpecialDatesInput,
} from './special-dates.rules';

/** The shared stale states; while the notice shows, the chosen services may still be changed. */
const { stale, reloading } = staleStates({
  reload: {
    actor: 'loadSpecialDates',
    input: ({ context }: { context: SpecialDatesContext }) => ({ locationId: context.locationId }),
  },
  back: 'choosingServices',
});
const staleAttachStates: Record<'stale' | 'reloading', AnyStateNodeConfig> = {
  stale: { ...stale, on: { ...stale.on, 'services.change': { actions: 'chooseServices' } } },
  reloading,
};

export const specialDatesMachine = setup({
  types: {
    input: {} as SpecialDatesInput,
    context: {} as SpecialDatesContext,
    events: {} as SpecialDatesEvent,
    emitted: {} as Notice,
  },
  actors: {
    loadSpecialDates: placeholder<SpecialDate[], { locationId: number }>('loadSpecialDates'),
    createSpecialDate: placeholder<SpecialDate, SpecialDateInput>('createSpecialDate'),
    attachService: placeholder<SpecialDate, AttachInput>('attachService'),
    removeSpecialDateItem: placeholder<void, { id: number }>('removeSpecialDateItem'),
    removeSpecialDate: placeholder<void, { id: number }>('removeSpecialDate'),
    restoreSpecialDate: placeholder<SpecialDate, SpecialDate>('restoreSpecialDate'),
    ...holidayActors,
  },
  guards: {
    completesRange: ({ context, event }) =>
      event.type === 'range.pick' && pickedRange({ ...context.pick, [event.end]: event.value }) !== null,
    isKnownDate: ({ context, event }) =>
      (event.type === 'date.services' || event.type === 'date.remove') &&
      context.dates.some((date) => date.id === event.id),
    isUndoable: ({ context, event }) => event.type === 'undo' && context.undoable?.id === event.id,
    hasServicesChosen: ({ context }) => attachQueue(context.menu).length > 0,
    hasMoreToAttach: ({ context }) => attachQueue(context.menu).length > 1,
    ...holidayGuards,
  },
  actions: {
    notify: emit((_, params: NoticeParams) => notice(params.level, params.message)),
    notifyFailure: emit(({ event }) => notice('error', errorMessage((event as { error?: unknown }).error))),
    pickEnd: assign({
      pick: ({ context, event }) =>
        event.type === 'range.pick' ? { ...context.pick, [event.end]: event.value } : context.pick,
    }),
    keepDate: assign({
      dates: ({ context, event }) =>
        withDate(context.dates, (event as unknown as { output: SpecialDate }).output),
    }),
    notifyAdded: emit(({ event }) => {
      const date = (event as unknown as { output: SpecialDate }).output;
      return notice('success', PROVIDER_MESSAGES.specialDateAdded(date.startDate, date.endDate));
    }),
    notifyRemoved: emit(({ context }) => removedNotice(context)),
    keepUndoable: assign({ undoable: ({ context }) => removedDate(context) }),
    clearUndoable: assign({ undoable: null }),
    notifyRestored: emit(({ event }) => restoredNotice((event as unknown as { output: SpecialDate }).output)),
    notifyRestoreFailed: emit(({ context, event }) =>
      restoreFailedNotice(context, (event as { error?: unknown }).error),
    ),
    clearPick: assign({ pick: { start: '', end: '' } }),
    openMenu: assign({
      menu: ({ event }) =>
        event.type === 'date.services' ? { dateId: event.id, serviceItemIds: [], bundleIds: [] } : null,
    }),
    chooseServices: assign({
      menu: ({ context, event }) =>
        event.type === 'services.change' && context.menu
          ? { ...context.menu, serviceItemIds: event.serviceItemIds, bundleIds: event.bundleIds }
          : context.menu,
    }),
    dropAttached: assign({ menu: ({ context }) => withoutAttached(context.menu) }),
    closeMenu: assign({ menu: null }),
    /** Reload after a stale attach: the dates as they are now; the menu keeps what was chosen. */
    takeReloaded: assign({
      dates: ({ event }) => [...(event as unknown as { output: SpecialDate[] }).output].sort(byStart),
    }),
    /** Nothing outside this section follows its dates (the shared stale states call it after a reload). */
    announceSaved: () => undefined,
    markItem: assign({
      removing: ({ event }) =>
        event.type === 'item.remove' ? { dateId: event.dateId, itemId: event.itemId } : null,
    }),
    markDate: assign({
      removing: ({ event }) => (event.type === 'date.remove' ? { dateId: event.id, itemId: null } : null),
    }),
    dropItem: assign({ dates: ({ context }) => withoutItem(context) }),
    dropDate: assign({
      dates: ({ context }) => context.dates.filter((date) => date.id !== context.removing?.dateId),
    }),
    clearRemoving: assign({ removing: null }),
    ...holidayActions,
  },
}).createMachine({
  id: 'specialDates',
  type: 'parallel',
  context: ({ input }) => initialSpecialDatesContext(input),
  states: {
    dates: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            src: 'loadSpecialDates',
            input: ({ context }) => ({ locationId: context.locationId }),
            onDone: {
              target: 'idle',
              actions: assign({
                dates: ({ event }) => [...event.output].sort(byStart),
                loadError: null,
              }),
            },
            onError: {
              target: 'loadFailed',
              actions: assign({ loadError: ({ event }) => errorMessage(event.error) }),
            },
          },
        },
        loadFailed: { on: { 'dates.retry': 'loading' } },
        idle: {
          on: {
            'range.pick': [
              { guard: 'completesRange', target: 'adding', actions: 'pickEnd' },
              { actions: 'pickEnd' },
            ],
            'date.services': { guard: 'isKnownDate', target: 'choosingServices', actions: 'openMenu' },
            'item.remove': { target: 'removingItem', actions: 'markItem' },
            'date.remove': { guard: 'isKnownDate', target: 'confirmingDelete', actions: 'markDate' },
            undo: { guard: 'isUndoable', target: 'undoing' },
            'holidays.add': holidaysAdd,
          },
        },
        adding: {
          tags: ['busy'],
          invoke: {
            src: 'createSpecialDate',
            input: ({ context }) => {
              const range = pickedRange(context.pick);
              if (!range) throw new Error('adding a special date without a range');
              const [startDate, endDate] = rangeLabel(range);
              return { startDate, endDate, locationId: context.locationId };
            },
            onDone: { target: 'idle', actions: ['keepDate', 'clearPick', 'notifyAdded'] },
            onError: { target: 'idle', actions: 'notifyFailure' },
          },
        },
        choosingServices: {
          description: 'The special-date service menu is open.',
          on: {
            'services.change': { actions: 'chooseServices' },
            'services.attach': { guard: 'hasServicesChosen', target: 'attaching' },
            'services.cancel': { target: 'idle', actions: 'closeMenu' },
          },
        },
        attaching: {
          tags: ['busy'],
          description: 'One PUT per chosen service item or bundle, in turn.',
          invoke: {
            src: 'attachService',
            input: ({ context }) => ({
              id: context.menu?.dateId ?? 0,
              target: attachQueue(context.menu)[0] ?? { serviceItemId: 0 },
              version: context.dates.find((date) => date.id === context.menu?.dateId)?.version ?? 0,
            }),
            onDone: inTurn(
              { self: 'attaching', more: 'hasMoreToAttach', each: ['keepDate'], again: ['dropAttached'] },
              {
                target: 'idle',
                actions: ['closeMenu', notifying('success', SPECIAL_DATE_MESSAGES.servicesAdded)],
              },
            ),
            onError: [toStale(), { target: 'choosingServices', actions: 'notifyFailure' }],
          },
        },
        ...staleAttachStates,
        removingItem: {
          tags: ['busy'],
          invoke: {
            src: 'removeSpecialDateItem',
            input: ({ context }) => ({ id: context.removing?.itemId ?? 0 }),
            onDone: {
              target: 'idle',
              actions: [
                'dropItem',
                'clearRemoving',
                notifying('success', SPECIAL_DATE_MESSAGES.serviceRemoved),
              ],
            },
            onError: { target: 'idle', actions: ['clearRemoving', 'notifyFailure'] },
          },
        },
        ...confirmDeleteStates({
          actor: 'removeSpecialDate',
          input: ({ context }: { context: SpecialDatesContext }) => ({ id: context.removing?.dateId ?? 0 }),
          back: 'idle',
          cancelActions: 'clearRemoving',
          tags: ['busy', 'deleting'],
          onDone: {
            target: 'idle',
            actions: ['keepUndoable', 'notifyRemoved', 'dropDate', 'clearRemoving'] as const,
          },
          onError: { target: 'idle', actions: ['clearRemoving', 'notifyFailure'] as const },
        }),
        undoing: {
          tags: ['busy'],
          description:
            'Undo of a removal: the date is created again with the same days, then its services attached again.',
          invoke: {
            src: 'restoreSpecialDate',
            input: ({ context }) => {
              if (!context.undoable) throw new Error('undoing without a removed special date');
              return context.undoable;
            },
            onDone: { target: 'idle', actions: ['keepDate', 'clearUndoable', 'notifyRestored'] },
            onError: { target: 'loading', actions: 'notifyRestoreFailed' },
          },
        },
        addingHolidays,
      },
    },
    holidays: holidaysRegion,
  },
});
