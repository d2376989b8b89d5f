/**
 * The service mapping editor's rows (spec 02 §2, §4 "Mapping rows", §8). Each row maps an external service
 * item to one of our items or bundles. A new row has no id until it is saved (POST, 'Created Mapping'); a
 * saved row saves with PUT and the version it was read at ('Updated Mapping'). Deleting an unsaved row is
 * local only; deleting a saved one asks first. Refusals show the server's message
 * ('Failed to save: Mapping for service_item already exists'); a row gone from the server gives
 * 'could not find provider service item for {name}'. A save based on an old version (409 record/stale)
 * reloads the mappings and takes the fresh version, keeping what was chosen, so the next save applies it.
 * Rows a bulk edit created arrive with `rows.added`.
 *
 *   ready ─row.save [new and complete, or changed]─► saving ─done─► ready
 *     │                             ├─error [stale]─► reloading ─done/error─► ready
 *     │                             └─error─► ready
 *     ├─row.delete [unsaved]─► ready (row dropped)
 *     └─row.delete [saved]─► confirmingDelete ─delete.confirm─► deleting ─done/error─► ready
 *                                   └─delete.cancel─► ready
 */
import { assign, emit, setup } from 'xstate';
import type {
  ExternalServiceItem,
  ProviderServiceItem,
  ProviderServiceItemInput,
  ProviderServiceItemUpdate,
} from '../../api/contract/provider-svc-item';
import {
  externalName,
  mappingTargetBody,
  rowCanSave,
  type MappingRow,
  type MappingSection,
  type MappingTarget,
} from '../../domain/mappings/mappings';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { confirmDeleteStates, type ConfirmDeleteEvent } from '../shared/confirm-delete';
import { errorCode, errorMessage } from '../shared/errors';
import { notice, type Notice } from '../shared/notice';
import { placeholder } from '../shared/placeholder';
import { isStaleError } from '../shared/record-editor';
import { API_ERROR_CODES } from '../../api/contract/error-codes';

export interface MappingRowsInput {
  locationId: number;
  externalItems: ExternalServiceItem[];
  rows: MappingRow[];
}

export interface MappingRowsContext extends MappingRowsInput {
  /** The next new row's key number. */
  nextKey: number;
  /** The row being saved, deleted or asked about. */
  pending: string | null;
}

export type SaveMappingInput =
  { id: null; body: ProviderServiceItemInput } | { id: number; body: ProviderServiceItemUpdate };

export type MappingRowsEvent =
  | { type: 'row.add'; section: MappingSection }
  | { type: 'row.change'; key: string; externalId?: string; target?: MappingTarget | null }
  | { type: 'row.save'; key: string }
  | { type: 'row.delete'; key: string }
  | { type: 'rows.added'; rows: MappingRow[] }
  | ConfirmDeleteEvent;

const rowOf = (context: MappingRowsContext, key: string | null) =>
  context.rows.find((row) => row.key === key);

const withoutPending = (context: MappingRowsContext) =>
  context.rows.filter((row) => row.key !== context.pending);

const nameOfPending = (context: MappingRowsContext) =>
  externalName(context.externalItems, rowOf(context, context.pending)?.externalId ?? '');

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
    isStale: ({ event }) => 'error' in event && isStaleError(event.error),
    isNotFound: ({ event }) => 'error' in event && isNotFound(event.error),
  },
  actions: {
    notifyError: emit(({ event }) => notice('error', errorMessage((event as { error?: unknown }).error))),
    notifyNotFound: emit(({ context }) =>
      notice('error', PROVIDER_MESSAGES.mappingNotFound(nameOfPending(context))),
    ),
    dropPending: assign(({ context }) => ({ rows: withoutPending(context), pending: null })),
    clearPending: assign({ pending: null }),
  },
}).createMachine({
  id: 'mappingRows',
  context: ({ input }) => ({ ...input, nextKey: 1, pending: null }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'row.add': {
          actions: assign(({ context, event }) => ({
            rows: [
              ...context.rows,
              {
                key: `new-${context.nextKey}`,
                id: null,
                version: null,
                section: event.section,
                externalId: '',
                target: null,
                dirty: false,
              },
            ],
            nextKey: context.nextKey + 1,
          })),
        },
        'row.change': {
          actions: assign({
            rows: ({ context, event }) =>
              context.rows.map((row) =>
                row.key === event.key
                  ? {
                      ...row,
                      dirty: true,
                      ...(event.externalId !== undefined && { externalId: event.externalId }),
                      ...(event.target !== undefined && { target: event.target }),
                    }
                  : row,
              ),
          }),
        },
        'row.save': {
          guard: 'rowCanSave',
          target: 'saving',
          actions: assign({ pending: ({ event }) => event.key }),
        },
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
      invoke: {
        src: 'saveMapping',
        input: ({ context }): SaveMappingInput => {
          const row = rowOf(context, context.pending);
          const body = {
            externalId: row?.externalId ?? '',
            ...(row?.target ? mappingTargetBody(row.target) : { serviceItemId: null, bundleId: null }),
          };
          // A saved row always has the version it was read at (null only before its first save).
          return row?.id == null || row.version == null
            ? { id: null, body: { ...body, locationId: context.locationId } }
            : { id: row.id, body: { ...body, version: row.version } };
        },
        onDone: {
          target: 'ready',
          actions: [
            emit(({ context }) =>
              notice(
                'success',
                rowOf(context, context.pending)?.id === null
                  ? PROVIDER_MESSAGES.mappingCreated
                  : PROVIDER_MESSAGES.mappingUpdated,
              ),
            ),
            assign({
              rows: ({ context, event }) =>
                context.rows.map((row) =>
                  row.key === context.pending
                    ? { ...row, id: event.output.id, version: event.output.version, dirty: false }
                    : row,
                ),
              pending: null,
            }),
          ],
        },
        onError: [
          { guard: 'isStale', target: 'reloading', actions: 'notifyError' },
          { guard: 'isNotFound', target: 'ready', actions: ['notifyNotFound', 'dropPending'] },
          { target: 'ready', actions: ['notifyError', 'clearPending'] },
        ],
      },
    },
    reloading: {
      description: 'A save was based on an old version: take the fresh version and keep what was chosen.',
      tags: ['busy'],
      invoke: {
        src: 'loadMappings',
        input: ({ context }) => ({ locationId: context.locationId }),
        onDone: {
          target: 'ready',
          actions: assign({
            rows: ({ context, event }) =>
              context.rows.map((row) => {
                if (row.key !== context.pending) return row;
                const fresh = event.output.find((mapping) => mapping.id === row.id);
                return fresh ? { ...row, version: fresh.version } : { ...row, id: null, version: null };
              }),
            pending: null,
          }),
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
  },
});
