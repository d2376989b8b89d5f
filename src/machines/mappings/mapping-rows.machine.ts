/**
 * The service mapping editor's rows (spec 02 §2, §4 "Mapping rows", §8). Each row maps an external service
 * item to one of our items or bundles. A new row has no id until it is saved (POST, 'Created Mapping'); a
 * saved row saves with PUT and the version it was read at ('Updated Mapping'). Deleting an unsaved row is
 * local only; deleting a saved one asks first. Refusals show the server's message
 * ('Failed to save: Mapping for service_item already exists'); a row gone from the server gives
 * 'could not find provider service item for {name}'. A save based on an old version (409 record/stale)
 * reloads the mappings and takes the fresh version, keeping what was chosen, so the next save applies it.
 * Rows a bulk edit created arrive with `rows.added`. `rows.save` saves every row with something to save, one
 * after another, and says 'Created Mapping' / 'Updated Mapping' once; `rows.leave` (the wizard's Back and Get
 * Started over a selection) does the same and then leaves, and is refused while a row is incomplete, so
 * leaving never loses a choice. A failure stops the run; what was saved stays saved.
 *
 *   ready ─row.save [new and complete, or changed]─► saving ─done─► continuing ─[more in the run]─► saving
 *     │                                 │                              ├─[leaving]─► left
 *     ├─rows.save [something to save]───┤                              └─► ready
 *     ├─rows.leave [every row complete]─► continuing
 *     │                                 ├─error [stale]─► reloading ─done/error─► ready
 *     │                                 └─error─► ready
 *     ├─row.delete [unsaved]─► ready (row dropped)
 *     └─row.delete [saved]─► confirmingDelete ─delete.confirm─► deleting ─done/error─► ready
 *                                   └─delete.cancel─► ready
 */
import { assign, emit, enqueueActions, setup } from 'xstate';
import type { ProviderServiceItem } from '../../api/contract/provider-svc-item';
import { rowCanSave } from '../../domain/mappings/mappings';
import { MAPPING_MESSAGES, PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { API_ERROR_CODES } from '../../api/contract/error-codes';
import { confirmDeleteStates } from '../shared/confirm-delete';
import { errorCode, errorMessage } from '../shared/errors';
import { notice, type Notice } from '../shared/notice';
import { placeholder } from '../shared/placeholder';
import { isStaleError } from '../shared/record-editor';
import {
  changeRow,
  firstSavable,
  hasIncompleteRow,
  nameOfPending,
  newRow,
  rowOf,
  saveInput,
  settleSaved,
  startingContext,
  takeFreshVersion,
  withoutPending,
  type MappingRowsContext,
  type MappingRowsEvent,
  type MappingRowsInput,
  type SaveMappingInput,
} from './mapping-rows.context';

export type {
  MappingRowsContext,
  MappingRowsEvent,
  MappingRowsInput,
  SaveMappingInput,
} from './mapping-rows.context';

const isNotFound = (error: unknown) => errorCode(error) === API_ERROR_CODES.mappingNotFound;

export const mappingRowsMachine = setup({
  types: {
    input: {} as MappingRowsInput,
    context: {} as MappingRowsContext,
    events: {} as MappingRowsEvent,
    emitted: {} as Notice,
  },
  actors: {
    saveMapping: placeholder<ProviderServiceItem, SaveMappingInput>('saveMapping'),
    deleteMapping: placeholder<unknown, { id: number }>('deleteMapping'),
    loadMappings: placeholder<ProviderServiceItem[], { locationId: number }>('loadMappings'),
  },
  guards: {
    rowCanSave: ({ context, event }) => {
      const row = 'key' in event ? rowOf(context, event.key) : undefined;
      return row !== undefined && rowCanSave(row);
    },
    rowIsUnsaved: ({ context, event }) => 'key' in event && rowOf(context, event.key)?.id === null,
    rowIsSaved: ({ context, event }) => {
      const row = 'key' in event ? rowOf(context, event.key) : undefined;
      return row !== undefined && row.id !== null;
    },
    anyRowCanSave: ({ context }) => firstSavable(context.rows) !== null,
    hasIncompleteRow: ({ context }) => hasIncompleteRow(context.rows),
    runContinues: ({ context }) => context.batch !== 'none' && firstSavable(context.rows) !== null,
    isLeaving: ({ context }) => context.batch === 'leave',
    isStale: ({ event }) => 'error' in event && isStaleError(event.error),
    isNotFound: ({ event }) => 'error' in event && isNotFound(event.error),
  },
  actions: {
    notifyError: emit(({ event }) => notice('error', errorMessage((event as { error?: unknown }).error))),
    notifyNotFound: emit(({ context }) =>
      notice('error', PROVIDER_MESSAGES.mappingNotFound(nameOfPending(context))),
    ),
    notifyIncomplete: emit(() => notice('error', MAPPING_MESSAGES.incomplete)),
    /** 'Created Mapping' and 'Updated Mapping', each once for what was saved since the last notice. */
    notifySaved: enqueueActions(({ context, enqueue }) => {
      if (context.saved.created > 0) enqueue.emit(notice('success', PROVIDER_MESSAGES.mappingCreated));
      if (context.saved.updated > 0) enqueue.emit(notice('success', PROVIDER_MESSAGES.mappingUpdated));
      enqueue.assign({ saved: { created: 0, updated: 0 } });
    }),
    dropPending: assign(({ context }) => ({ rows: withoutPending(context), pending: null })),
    clearPending: assign({ pending: null }),
    startSaveRun: assign({ batch: 'save' }),
    startLeaveRun: assign({ batch: 'leave' }),
    endRun: assign({ batch: 'none' }),
    takeNextRow: assign(({ context }) => ({ pending: firstSavable(context.rows) })),
  },
}).createMachine({
  id: 'mappingRows',
  context: ({ input }) => startingContext(input),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'row.add': { actions: assign(({ context, event }) => newRow(context, event)) },
        'row.change': { actions: assign({ rows: ({ context, event }) => changeRow(context, event) }) },
        'row.save': {
          guard: 'rowCanSave',
          target: 'saving',
          actions: assign({ pending: ({ event }) => event.key }),
        },
        'rows.save': { guard: 'anyRowCanSave', target: 'continuing', actions: 'startSaveRun' },
        'rows.leave': [
          { guard: 'hasIncompleteRow', actions: 'notifyIncomplete' },
          { target: 'continuing', actions: 'startLeaveRun' },
        ],
        'row.delete': [
          {
            guard: 'rowIsUnsaved',
            actions: assign({
              rows: ({ context, event }) => context.rows.filter((row) => row.key !== event.key),
            }),
          },
          {
            guard: 'rowIsSaved',
            target: 'confirmingDelete',
            actions: assign({ pending: ({ event }) => event.key }),
          },
        ],
        'rows.added': {
          actions: assign({ rows: ({ context, event }) => [...context.rows, ...event.rows] }),
        },
      },
    },
    saving: {
      tags: ['busy'],
      on: {
        // Get Started while a save runs: leave once every row is saved.
        'rows.leave': [
          { guard: 'hasIncompleteRow', actions: 'notifyIncomplete' },
          { actions: 'startLeaveRun' },
        ],
      },
      invoke: {
        src: 'saveMapping',
        input: ({ context }) => saveInput(context),
        onDone: {
          target: 'continuing',
          actions: assign(({ context, event }) => settleSaved(context, event.output)),
        },
        onError: [
          { guard: 'isStale', target: 'reloading', actions: ['notifySaved', 'notifyError', 'endRun'] },
          {
            guard: 'isNotFound',
            target: 'ready',
            actions: ['notifySaved', 'notifyNotFound', 'dropPending', 'endRun'],
          },
          { target: 'ready', actions: ['notifySaved', 'notifyError', 'clearPending', 'endRun'] },
        ],
      },
    },
    continuing: {
      description:
        'After a save, or at the start of a run: the next row of the run, leaving, or back to ready.',
      always: [
        { guard: 'runContinues', target: 'saving', actions: 'takeNextRow' },
        { guard: 'isLeaving', target: 'left', actions: 'notifySaved' },
        { target: 'ready', actions: ['notifySaved', 'endRun'] },
      ],
    },
    reloading: {
      description: 'A save was based on an old version: take the fresh version and keep what was chosen.',
      tags: ['busy'],
      invoke: {
        src: 'loadMappings',
        input: ({ context }) => ({ locationId: context.locationId }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            rows: takeFreshVersion(context, event.output),
            pending: null,
          })),
        },
        onError: { target: 'ready', actions: ['notifyError', 'clearPending'] },
      },
    },
    ...confirmDeleteStates({
      actor: 'deleteMapping',
      input: ({ context }: { context: MappingRowsContext }) => ({
        id: rowOf(context, context.pending)?.id ?? 0,
      }),
      back: 'ready',
      cancelActions: 'clearPending',
      onDone: { target: 'ready', actions: 'dropPending' },
      onError: [
        { guard: 'isNotFound', target: 'ready', actions: ['notifyNotFound', 'dropPending'] },
        { target: 'ready', actions: ['notifyError', 'clearPending'] },
      ],
    }),
    left: {
      description: 'Every row is saved: the wizard goes on (Back or Get Started).',
      type: 'final',
    },
  },
});
