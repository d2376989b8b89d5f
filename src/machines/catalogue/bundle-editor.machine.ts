/**
 * The bundles of one category (01 §2, §3, §8, §9): drafts, rename, pick items, save, delete.
 *
 *   editing ──bundle.save [name missing] ── the field says so (stays in editing)
 *      ├─bundle.save [draft] ──► creating ──done──► editing ('Successfully created new Bundle')
 *      ├─bundle.save [saved] ──► saving ──done──► editing ('Saved Bundle')
 *      │                           └─error record/stale──► stale (shared: Reload keeps what was typed)
 *      └─bundle.delete [saved] ──► confirmingDelete ──delete.confirm──► deleting ──► editing ('Deleted Bundle')
 *                                         └──delete.cancel──► editing
 *   Every failure shows the server's message and keeps what was typed (a draft stays a draft).
 *
 * New Bundle adds a local draft named 'New Bundle' with no items (isNew); nothing reaches the server until
 * its Save creates it, and Discard removes it. Drafts, names and items are accepted in every state; when a
 * save answers, a bundle edited meanwhile keeps its edits. Toasts leave as emitted `notify` events;
 * `bundles.saved` carries the saved bundles (never drafts) after every write.
 */
import { assign, emit, enqueueActions, setup } from 'xstate';
import { confirmDeleteStates, type ConfirmDeleteEvent } from '../shared/confirm-delete';
import { errorMessage } from '../shared/errors';
import { notice, type Notice, type NoticeParams } from '../shared/notice';
import { toStale, rebaseDraft, staleStates, type StaleSaveEvent } from '../shared/record-editor';
import { placeholder } from '../shared/placeholder';
import type { Bundle } from '../../api/contract/bundle';
import { BUNDLE_MESSAGES, CATALOGUE_MESSAGES } from '../../domain/shared/messages';
import { editable, find, newDraft, readPending, savedBundles, settle } from './bundle-editor.context';

export { bundleIsEdited } from './bundle-editor.context';

export interface EditableBundle {
  /** `bundle-<id>` for bundles read from the server, `draft-<n>` for drafts (kept once a draft is saved). */
  key: string;
  id: number | null;
  /** A local draft, created on the server only by Save. */
  isNew: boolean;
  name: string;
  itemIds: number[];
  errors: { name?: string };
}

export interface BundleEditorInput {
  categoryId: number;
  bundles: readonly Bundle[];
}

export interface BundleEditorContext {
  categoryId: number;
  /** Saved bundles and drafts, in the order shown. */
  bundles: EditableBundle[];
  /** What the server has, by id. */
  saved: Record<number, Bundle>;
  draftCount: number;
  /** The bundle a create or update is in flight for, with the name and items that were sent. */
  pending: { key: string; name: string; itemIds: number[] } | null;
  deleteKey: string | null;
  /** The bundle whose save was refused because someone else saved it first (Reload or Keep editing). */
  staleKey: string | null;
}

export type BundleEditorEvent =
  | { type: 'bundle.add' }
  | { type: 'bundle.rename'; key: string; name: string }
  | { type: 'bundle.toggleItem'; key: string; itemId: number; included: boolean }
  | { type: 'bundle.save'; key: string }
  /** Removes a draft, or puts a saved bundle back to what is saved. */
  | { type: 'bundle.discard'; key: string }
  | { type: 'bundle.delete'; key: string }
  | ConfirmDeleteEvent
  | StaleSaveEvent;

export type BundleEditorEmitted = Notice | { type: 'bundles.saved'; categoryId: number; bundles: Bundle[] };

export type CreateBundleInput = { name: string; serviceCategoryId: number; serviceItems: number[] };
/** `version`: the version the bundle was read at (a newer one answers 409 record/stale). */
export type UpdateBundleInput = { id: number; name: string; serviceItems: number[]; version: number };

const failure = (error: unknown) => ({
  type: 'notify' as const,
  level: 'error' as const,
  message: errorMessage(error),
});

const byKey = ({ event }: { event: { key: string } }) => ({ key: event.key });

export const bundleEditorMachine = setup({
  types: {
    context: {} as BundleEditorContext,
    input: {} as BundleEditorInput,
    events: {} as BundleEditorEvent,
    emitted: {} as BundleEditorEmitted,
  },
  actors: {
    createBundle: placeholder<Bundle, CreateBundleInput>('createBundle'),
    updateBundle: placeholder<Bundle, UpdateBundleInput>('updateBundle'),
    deleteBundle: placeholder<unknown, { id: number }>('deleteBundle'),
    /** One bundle as saved now, after a save refused as stale. */
    loadBundle: placeholder<Bundle, { id: number }>('loadBundle'),
  },
  guards: {
    nameMissing: ({ context }, params: { key: string }) => find(context, params.key)?.name.trim() === '',
    bundleIsDraft: ({ context }, params: { key: string }) => find(context, params.key)?.isNew === true,
    bundleIsSaved: ({ context }, params: { key: string }) => find(context, params.key)?.isNew === false,
  },
  actions: {
    notify: emit((_, params: NoticeParams) => notice(params.level, params.message)),
    markStale: assign(({ context }) => ({ staleKey: context.pending?.key ?? null, pending: null })),
    /** Reload after a stale save: the fresh bundle, with the name or items the admin changed on top. */
    takeReloaded: assign(({ context, event }) => {
      const fresh = (event as unknown as { output: Bundle }).output;
      const read = context.saved[fresh.id];
      const draftOf = (bundle: EditableBundle) => ({ name: bundle.name, itemIds: bundle.itemIds });
      return {
        saved: { ...context.saved, [fresh.id]: fresh },
        bundles: context.bundles.map((bundle) =>
          bundle.id === fresh.id
            ? {
                ...editable(fresh),
                key: bundle.key,
                ...(read
                  ? rebaseDraft(draftOf(editable(read)), draftOf(bundle), draftOf(editable(fresh)))
                  : {}),
              }
            : bundle,
        ),
      };
    }),
    announceSaved: emit(({ context }) => ({
      type: 'bundles.saved' as const,
      categoryId: context.categoryId,
      bundles: savedBundles(context.saved),
    })),
    addDraft: assign(({ context }) => ({
      bundles: [...context.bundles, newDraft(context.draftCount + 1)],
      draftCount: context.draftCount + 1,
    })),
    rename: assign({
      bundles: ({ context }, params: { key: string; name: string }) =>
        context.bundles.map((bundle) =>
          bundle.key === params.key ? { ...bundle, name: params.name, errors: {} } : bundle,
        ),
    }),
    toggleItem: assign({
      bundles: ({ context }, params: { key: string; itemId: number; included: boolean }) =>
        context.bundles.map((bundle) => {
          if (bundle.key !== params.key) return bundle;
          const others = bundle.itemIds.filter((itemId) => itemId !== params.itemId);
          return { ...bundle, itemIds: params.included ? [...others, params.itemId] : others };
        }),
    }),
    showNameMissing: assign({
      bundles: ({ context }, params: { key: string }) =>
        context.bundles.map((bundle) =>
          bundle.key === params.key
            ? { ...bundle, errors: { name: CATALOGUE_MESSAGES.bundleNameRequired } }
            : bundle,
        ),
    }),
    markPending: assign({
      pending: ({ context }, params: { key: string }) => {
        const bundle = find(context, params.key);
        return bundle ? { key: bundle.key, name: bundle.name.trim(), itemIds: bundle.itemIds } : null;
      },
    }),
    discard: assign({
      bundles: ({ context }, params: { key: string }) =>
        context.bundles.flatMap((bundle) => {
          if (bundle.key !== params.key) return [bundle];
          if (bundle.isNew) return [];
          const saved = bundle.id === null ? undefined : context.saved[bundle.id];
          return saved ? [{ ...editable(saved), key: bundle.key }] : [bundle];
        }),
    }),
    askToDelete: assign({ deleteKey: (_, params: { key: string }) => params.key }),
    forgetDelete: assign({ deleteKey: null }),
    settleSave: enqueueActions(({ context, event, enqueue }, params: { message: string }) => {
      const output = (event as unknown as { output: Bundle }).output;
      const saved = { ...context.saved, [output.id]: output };
      enqueue.assign({ bundles: settle(context, context.pending?.key ?? '', output), saved, pending: null });
      enqueue.emit({ type: 'notify', level: 'success', message: params.message });
      enqueue.emit({ type: 'bundles.saved', categoryId: context.categoryId, bundles: savedBundles(saved) });
    }),
    deleted: enqueueActions(({ context, enqueue }) => {
      const bundle = context.deleteKey ? find(context, context.deleteKey) : undefined;
      const saved = { ...context.saved };
      if (bundle?.id != null) delete saved[bundle.id];
      enqueue.assign({
        bundles: context.bundles.filter((candidate) => candidate.key !== context.deleteKey),
        saved,
        deleteKey: null,
      });
      enqueue.emit({ type: 'notify', level: 'success', message: BUNDLE_MESSAGES.deleted });
      enqueue.emit({ type: 'bundles.saved', categoryId: context.categoryId, bundles: savedBundles(saved) });
    }),
    /** A refused create or update: the server's message; the bundle (a draft stays a draft) keeps what was typed. */
    saveFailed: enqueueActions(({ event, enqueue }) => {
      enqueue.assign({ pending: null });
      enqueue.emit(failure((event as { error?: unknown }).error));
    }),
    deleteFailed: enqueueActions(({ event, enqueue }) => {
      enqueue.assign({ deleteKey: null });
      enqueue.emit(failure((event as { error?: unknown }).error));
    }),
  },
}).createMachine({
  id: 'bundleEditor',
  description:
    "The bundles of one category: drafts ('New Bundle', local until Save), rename, pick items, save, delete.",
  context: ({ input }) => ({
    categoryId: input.categoryId,
    bundles: input.bundles.map(editable),
    saved: Object.fromEntries(input.bundles.map((bundle) => [bundle.id, bundle])),
    draftCount: 0,
    pending: null,
    deleteKey: null,
    staleKey: null,
  }),
  on: {
    // A new draft is local: it never waits for a request (a click during a save is not lost).
    'bundle.add': { actions: 'addDraft' },
    'bundle.rename': {
      actions: { type: 'rename', params: ({ event }) => ({ key: event.key, name: event.name }) },
    },
    'bundle.toggleItem': {
      actions: {
        type: 'toggleItem',
        params: ({ event }) => ({ key: event.key, itemId: event.itemId, included: event.included }),
      },
    },
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'bundle.save': [
          {
            guard: { type: 'nameMissing', params: byKey },
            actions: { type: 'showNameMissing', params: byKey },
          },
          {
            guard: { type: 'bundleIsDraft', params: byKey },
            target: 'creating',
            actions: { type: 'markPending', params: byKey },
          },
          {
            guard: { type: 'bundleIsSaved', params: byKey },
            target: 'saving',
            actions: { type: 'markPending', params: byKey },
          },
        ],
        'bundle.discard': { actions: { type: 'discard', params: byKey } },
        'bundle.delete': {
          guard: { type: 'bundleIsSaved', params: byKey },
          target: 'confirmingDelete',
          actions: { type: 'askToDelete', params: byKey },
        },
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        src: 'createBundle',
        input: ({ context }): CreateBundleInput => {
          const { name, itemIds } = readPending(context);
          return { name, serviceCategoryId: context.categoryId, serviceItems: itemIds };
        },
        onDone: {
          target: 'editing',
          actions: { type: 'settleSave', params: { message: BUNDLE_MESSAGES.created } },
        },
        onError: { target: 'editing', actions: 'saveFailed' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'updateBundle',
        input: ({ context }): UpdateBundleInput => {
          const { bundle, name, itemIds } = readPending(context);
          const saved = bundle.id === null ? undefined : context.saved[bundle.id];
          if (!saved) throw new Error('saving a bundle that is not saved');
          return { id: saved.id, name, serviceItems: itemIds, version: saved.version };
        },
        onDone: {
          target: 'editing',
          actions: { type: 'settleSave', params: { message: BUNDLE_MESSAGES.saved } },
        },
        onError: [toStale('markStale'), { target: 'editing', actions: 'saveFailed' }],
      },
    },
    ...staleStates({
      reload: {
        actor: 'loadBundle',
        input: ({ context }: { context: BundleEditorContext }) => ({
          id: (context.staleKey ? find(context, context.staleKey)?.id : undefined) ?? 0,
        }),
      },
    }),
    ...confirmDeleteStates({
      description: 'Deleting asks first; the dialog names the bundle.',
      actor: 'deleteBundle',
      input: ({ context }: { context: BundleEditorContext }) => ({
        id: (context.deleteKey ? find(context, context.deleteKey)?.id : undefined) ?? 0,
      }),
      back: 'editing',
      cancelActions: 'forgetDelete',
      tags: ['busy'],
      onDone: { target: 'editing', actions: 'deleted' },
      onError: { target: 'editing', actions: 'deleteFailed' },
    }),
  },
});
