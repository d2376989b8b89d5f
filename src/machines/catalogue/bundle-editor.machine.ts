/**
 * The bundles of one category (01 §2, §3, §8, §9): create, rename, pick items, save, delete.
 *
 *   editing ──bundle.add──► creating ──done──► editing ('Successfully created new Bundle')
 *      ├─bundle.save [name missing] ── the field says so (stays in editing)
 *      ├─bundle.save ──► saving ──done──► editing ('Saved Bundle')
 *      │                   └─error record/stale──► stale (shared: Reload keeps what was typed)
 *      └─bundle.delete ──► confirmingDelete ──delete.confirm──► deleting ──► editing ('Deleted Bundle')
 *                                 └──delete.cancel──► editing
 *   Every failure shows the server's message and keeps what was typed.
 *
 * New Bundle creates a bundle named 'New Bundle' with no items on the server at once; it is then renamed and
 * given items like any other, and saved with Save. Edits are accepted in every state; when a save answers, a
 * bundle edited meanwhile keeps its edits. Toasts leave as emitted `notify` events; `bundles.saved` carries
 * the saved bundles after every write.
 */
import { assign, emit, enqueueActions, setup } from 'xstate';
import { confirmDeleteStates, type ConfirmDeleteEvent } from '../shared/confirm-delete';
import { errorMessage } from '../shared/errors';
import { notice, type Notice, type NoticeParams } from '../shared/notice';
import { isStaleError, rebaseDraft, staleStates, type StaleSaveEvent } from '../shared/record-editor';
import { placeholder } from '../shared/placeholder';
import type { Bundle } from '../../api/contract/bundle';
import { NEW_BUNDLE_NAME } from '../../domain/shared/constants';
import { BUNDLE_MESSAGES, CATALOGUE_MESSAGES, EDITOR_MESSAGES } from '../../domain/shared/messages';

export interface EditableBundle {
  id: number;
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
  bundles: EditableBundle[];
  saved: Record<number, Bundle>;
  pending: { id: number; name: string; itemIds: number[] } | null;
  deleteId: number | null;
  /** The bundle whose save was refused because someone else saved it first (Reload or Keep editing). */
  staleId: number | null;
}

export type BundleEditorEvent =
  | { type: 'bundle.add' }
  | { type: 'bundle.rename'; id: number; name: string }
  | { type: 'bundle.toggleItem'; id: number; itemId: number; included: boolean }
  | { type: 'bundle.save'; id: number }
  /** Puts a bundle back to what is saved. */
  | { type: 'bundle.discard'; id: number }
  | { type: 'bundle.delete'; id: number }
  | ConfirmDeleteEvent
  | StaleSaveEvent;

export type BundleEditorEmitted = Notice | { type: 'bundles.saved'; categoryId: number; bundles: Bundle[] };

export type CreateBundleInput = { name: string; serviceCategoryId: number; serviceItems: number[] };
/** `version`: the version the bundle was read at (a newer one answers 409 record/stale). */
export type UpdateBundleInput = { id: number; name: string; serviceItems: number[]; version: number };

function editable(bundle: Bundle): EditableBundle {
  return {
    id: bundle.id,
    name: bundle.name,
    itemIds: bundle.serviceItems.map((item) => item.id),
    errors: {},
  };
}

const find = (context: BundleEditorContext, id: number) => context.bundles.find((bundle) => bundle.id === id);

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length &&
  [...a].sort((x, y) => x - y).every((id, i) => id === [...b].sort((x, y) => x - y)[i]);

/** Whether a bundle's name or items differ from what is saved. */
export function bundleIsEdited(bundle: EditableBundle, saved: Bundle | undefined): boolean {
  if (!saved) return true;
  return (
    bundle.name !== saved.name ||
    !sameIds(
      bundle.itemIds,
      saved.serviceItems.map((item) => item.id),
    )
  );
}

const failure = (error: unknown) => ({
  type: 'notify' as const,
  level: 'error' as const,
  message: errorMessage(error),
});

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
    nameMissing: ({ context }, params: { id: number }) => find(context, params.id)?.name.trim() === '',
    bundleExists: ({ context }, params: { id: number }) => find(context, params.id) !== undefined,
  },
  actions: {
    notify: emit((_, params: NoticeParams) => notice(params.level, params.message)),
    markStale: assign(({ context }) => ({ staleId: context.pending?.id ?? null, pending: null })),
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
      bundles: Object.values(context.saved),
    })),
    rename: assign({
      bundles: ({ context }, params: { id: number; name: string }) =>
        context.bundles.map((bundle) =>
          bundle.id === params.id ? { ...bundle, name: params.name, errors: {} } : bundle,
        ),
    }),
    toggleItem: assign({
      bundles: ({ context }, params: { id: number; itemId: number; included: boolean }) =>
        context.bundles.map((bundle) => {
          if (bundle.id !== params.id) return bundle;
          const others = bundle.itemIds.filter((itemId) => itemId !== params.itemId);
          return { ...bundle, itemIds: params.included ? [...others, params.itemId] : others };
        }),
    }),
    showNameMissing: assign({
      bundles: ({ context }, params: { id: number }) =>
        context.bundles.map((bundle) =>
          bundle.id === params.id
            ? { ...bundle, errors: { name: CATALOGUE_MESSAGES.bundleNameRequired } }
            : bundle,
        ),
    }),
    markPending: assign({
      pending: ({ context }, params: { id: number }) => {
        const bundle = find(context, params.id);
        return bundle ? { id: bundle.id, name: bundle.name.trim(), itemIds: bundle.itemIds } : null;
      },
    }),
    discard: assign({
      bundles: ({ context }, params: { id: number }) =>
        context.bundles.map((bundle) => {
          const saved = context.saved[params.id];
          return bundle.id === params.id && saved ? editable(saved) : bundle;
        }),
    }),
    askToDelete: assign({ deleteId: (_, params: { id: number }) => params.id }),
    forgetDelete: assign({ deleteId: null }),
    created: enqueueActions(({ context, event, enqueue }) => {
      const output = (event as unknown as { output: Bundle }).output;
      const saved = { ...context.saved, [output.id]: output };
      enqueue.assign({ bundles: [...context.bundles, editable(output)], saved });
      enqueue.emit({ type: 'notify', level: 'success', message: BUNDLE_MESSAGES.created });
      enqueue.emit({ type: 'bundles.saved', categoryId: context.categoryId, bundles: Object.values(saved) });
    }),
    updated: enqueueActions(({ context, event, enqueue }) => {
      const output = (event as unknown as { output: Bundle }).output;
      const saved = { ...context.saved, [output.id]: output };
      const pending = context.pending;
      enqueue.assign({
        bundles: context.bundles.map((bundle) => {
          if (bundle.id !== output.id) return bundle;
          const unchanged =
            pending !== null &&
            bundle.name.trim() === pending.name &&
            sameIds(bundle.itemIds, pending.itemIds);
          return unchanged ? editable(output) : bundle;
        }),
        saved,
        pending: null,
      });
      enqueue.emit({ type: 'notify', level: 'success', message: BUNDLE_MESSAGES.saved });
      enqueue.emit({ type: 'bundles.saved', categoryId: context.categoryId, bundles: Object.values(saved) });
    }),
    deleted: enqueueActions(({ context, enqueue }) => {
      const saved = { ...context.saved };
      if (context.deleteId !== null) delete saved[context.deleteId];
      enqueue.assign({
        bundles: context.bundles.filter((bundle) => bundle.id !== context.deleteId),
        saved,
        deleteId: null,
      });
      enqueue.emit({ type: 'notify', level: 'success', message: BUNDLE_MESSAGES.deleted });
      enqueue.emit({ type: 'bundles.saved', categoryId: context.categoryId, bundles: Object.values(saved) });
    }),
    createFailed: emit(({ event }) => failure((event as { error?: unknown }).error)),
    updateFailed: enqueueActions(({ event, enqueue }) => {
      enqueue.assign({ pending: null });
      enqueue.emit(failure((event as { error?: unknown }).error));
    }),
    deleteFailed: enqueueActions(({ event, enqueue }) => {
      enqueue.assign({ deleteId: null });
      enqueue.emit(failure((event as { error?: unknown }).error));
    }),
  },
}).createMachine({
  id: 'bundleEditor',
  description: "The bundles of one category: create ('New Bundle'), rename, pick items, save, delete.",
  context: ({ input }) => ({
    categoryId: input.categoryId,
    bundles: input.bundles.map(editable),
    saved: Object.fromEntries(input.bundles.map((bundle) => [bundle.id, bundle])),
    pending: null,
    deleteId: null,
    staleId: null,
  }),
  on: {
    'bundle.rename': {
      actions: { type: 'rename', params: ({ event }) => ({ id: event.id, name: event.name }) },
    },
    'bundle.toggleItem': {
      actions: {
        type: 'toggleItem',
        params: ({ event }) => ({ id: event.id, itemId: event.itemId, included: event.included }),
      },
    },
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'bundle.add': 'creating',
        'bundle.save': [
          {
            guard: { type: 'nameMissing', params: ({ event }) => ({ id: event.id }) },
            actions: { type: 'showNameMissing', params: ({ event }) => ({ id: event.id }) },
          },
          {
            guard: { type: 'bundleExists', params: ({ event }) => ({ id: event.id }) },
            target: 'saving',
            actions: { type: 'markPending', params: ({ event }) => ({ id: event.id }) },
          },
        ],
        'bundle.discard': { actions: { type: 'discard', params: ({ event }) => ({ id: event.id }) } },
        'bundle.delete': {
          guard: { type: 'bundleExists', params: ({ event }) => ({ id: event.id }) },
          target: 'confirmingDelete',
          actions: { type: 'askToDelete', params: ({ event }) => ({ id: event.id }) },
        },
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        src: 'createBundle',
        input: ({ context }): CreateBundleInput => ({
          name: NEW_BUNDLE_NAME,
          serviceCategoryId: context.categoryId,
          serviceItems: [],
        }),
        onDone: { target: 'editing', actions: 'created' },
        onError: { target: 'editing', actions: 'createFailed' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'updateBundle',
        input: ({ context }): UpdateBundleInput => {
          const saved = context.pending ? context.saved[context.pending.id] : undefined;
          if (!context.pending || !saved) throw new Error('saving a bundle that is not saved');
          return {
            id: saved.id,
            name: context.pending.name,
            serviceItems: context.pending.itemIds,
            version: saved.version,
          };
        },
        onDone: { target: 'editing', actions: 'updated' },
        onError: [
          { guard: ({ event }) => isStaleError(event.error), target: 'stale', actions: 'markStale' },
          { target: 'editing', actions: 'updateFailed' },
        ],
      },
    },
    ...staleStates({
      reload: {
        actor: 'loadBundle',
        input: ({ context }: { context: BundleEditorContext }) => ({ id: context.staleId ?? 0 }),
      },
      back: 'editing',
      messages: { reloadFailed: EDITOR_MESSAGES.reloadFailed },
    }),
    ...confirmDeleteStates({
      description: 'Deleting asks first; the dialog names the bundle.',
      actor: 'deleteBundle',
      input: ({ context }: { context: BundleEditorContext }) => ({ id: context.deleteId ?? 0 }),
      back: 'editing',
      cancelActions: 'forgetDelete',
      tags: ['busy'],
      onDone: { target: 'editing', actions: 'deleted' },
      onError: { target: 'editing', actions: 'deleteFailed' },
    }),
  },
});
