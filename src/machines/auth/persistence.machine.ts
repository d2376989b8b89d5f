/**
 * Persistence (01 §4): the console's stored state, read back at start and written to browser storage on
 * each change, with every password blanked.
 *
 *   restoring ──done / error──► ready ──slice.update / token.update / state.clear──► writing ──done──► ready
 *                                                     writing ──(another change)──► writing (restarted)
 *
 * The state is `{ idToken, slices }` (src/domain/shared/persistence.ts). Only the slices of the allowlist
 * (src/domain/shared/stored-slices.ts, or `input.readers`) reach storage, each with its known fields only.
 * Each part of the console owns one slice
 * and sends `slice.update` with its new value (null removes it); the session sends `token.update`; the end
 * of a session sends `state.clear`, which drops the token and every slice (so onboarding is aborted). A
 * change while a write is in flight restarts the write with the latest state, so the last write wins.
 * Reading and writing the storage are actors the app provides; a failed write is reported, never thrown.
 */
import { assign, emit, setup } from 'xstate';
import { placeholder } from '../shared/placeholder';
import {
  EMPTY_STORED_STATE,
  toStorageEntries,
  withSlice,
  type SliceReaders,
  type StorageEntries,
  type StoredState,
} from '../../domain/shared/persistence';
import { STORED_SLICE_READERS } from '../../domain/shared/stored-slices';

export interface PersistenceContext {
  state: StoredState;
  /** The slices that may be stored, each with its reader. */
  readers: SliceReaders;
}

export interface PersistenceInput {
  readers?: SliceReaders;
}

export type PersistenceEvent =
  | { type: 'slice.update'; slice: string; value: unknown }
  | { type: 'token.update'; idToken: string | null }
  | { type: 'state.clear' };

export type PersistenceEmitted = { type: 'persistence.failed'; operation: 'load' | 'save'; message: string };

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const persistenceMachine = setup({
  types: {
    context: {} as PersistenceContext,
    input: {} as PersistenceInput,
    events: {} as PersistenceEvent,
    emitted: {} as PersistenceEmitted,
  },
  actors: {
    load: placeholder<StoredState>('load'),
    save: placeholder<void, StorageEntries>('save'),
  },
  actions: {
    updateSlice: assign({
      state: ({ context }, params: { slice: string; value: unknown }) =>
        withSlice(context.state, params.slice, params.value),
    }),
    updateToken: assign({
      state: ({ context }, params: { idToken: string | null }) => ({
        ...context.state,
        idToken: params.idToken,
      }),
    }),
    clearState: assign({ state: EMPTY_STORED_STATE }),
    reportFailure: emit((_, params: { operation: 'load' | 'save'; error: unknown }) => ({
      type: 'persistence.failed' as const,
      operation: params.operation,
      message: message(params.error),
    })),
  },
}).createMachine({
  id: 'persistence',
  context: ({ input }) => ({ state: EMPTY_STORED_STATE, readers: input?.readers ?? STORED_SLICE_READERS }),
  initial: 'restoring',
  states: {
    restoring: {
      description:
        'Reads what an earlier visit stored (unreadable storage counts as nothing); owners of slices wait for ready.',
      tags: ['pending'],
      invoke: {
        src: 'load',
        onDone: { target: 'ready', actions: assign({ state: ({ event }) => event.output }) },
        onError: {
          target: 'ready',
          actions: {
            type: 'reportFailure',
            params: ({ event }) => ({ operation: 'load', error: event.error }),
          },
        },
      },
    },
    ready: {
      on: {
        'slice.update': { target: 'writing', actions: { type: 'updateSlice', params: ({ event }) => event } },
        'token.update': { target: 'writing', actions: { type: 'updateToken', params: ({ event }) => event } },
        'state.clear': { target: 'writing', actions: 'clearState' },
      },
    },
    writing: {
      description: 'Writes the whole state, passwords blanked; a change meanwhile starts the write again.',
      invoke: {
        src: 'save',
        input: ({ context }) => toStorageEntries(context.state, context.readers),
        onDone: { target: 'ready' },
        onError: {
          target: 'ready',
          actions: {
            type: 'reportFailure',
            params: ({ event }) => ({ operation: 'save', error: event.error }),
          },
        },
      },
      on: {
        'slice.update': {
          target: 'writing',
          reenter: true,
          actions: { type: 'updateSlice', params: ({ event }) => event },
        },
        'token.update': {
          target: 'writing',
          reenter: true,
          actions: { type: 'updateToken', params: ({ event }) => event },
        },
        'state.clear': { target: 'writing', reenter: true, actions: 'clearState' },
      },
    },
  },
});
