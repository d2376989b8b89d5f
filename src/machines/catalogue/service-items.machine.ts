/**
 * The service items of one category (01 §2, §4, §5, §8, §9): drafts, edits, saving, deleting, reordering.
 *
 *   editing ──item.save [draft]──► creating ──done──► editing ('Created service item')
 *      │     └─[saved item]──────► updating ──done──► editing ('Saved service item')
 *      │                            (error: 'Could not … : {message}', the form keeps what was typed)
 *      │                            └─error record/stale──► stale (shared: Reload keeps what was typed)
 *      ├─item.delete──► confirmingDelete ──delete.confirm──► deleting ──► editing ('Deleted Service Item')
 *      │                       └──delete.cancel──► editing
 *      └─order.save [drafts] ── 'Please Save or Remove New Service Items' (stays in editing)
 *                  [order changed] ──► savingOrder ──► editing ('Saved Display Order')
 *
 * The whole category is kept in display order; the Injectables tabs are views of it. A draft (isNew) exists
 * only here until Save creates it. Moving an item reorders its group locally (display order 1..n); Save
 * order writes it. Typing is accepted in every state: when a save answers, a form that changed meanwhile is
 * kept (and stays unsaved) instead of being overwritten. Toasts leave as emitted `notify` events; every
 * successful write also emits `items.saved` with the category's saved items, for caches elsewhere.
 */
import { assign, emit, enqueueActions, setup } from 'xstate';
import { placeholder } from '../shared/placeholder';
import type { ServiceItem } from '../../api/contract/service-item';
import {
  formFromItem,
  moveByOffset,
  moveWithinGroup,
  newItemForm,
  nextDisplayOrder,
  orderChanged,
  readItemForm,
  sortByDisplayOrder,
  subCategoryForNewItem,
  type ServiceItemErrors,
  type ServiceItemField,
  type ServiceItemForm,
  type ServiceItemValues,
  type SubCategoryGroup,
} from '../../domain/catalogue/catalogue';
import {
  CATALOGUE_MESSAGES,
  EDITOR_MESSAGES,
  SERVICE_ITEM_MESSAGES,
  TOAST_DURATIONS,
} from '../../domain/shared/messages';
import { confirmDeleteStates, type ConfirmDeleteEvent } from '../shared/confirm-delete';
import { errorMessage } from '../shared/errors';
import { notice, type Notice, type NoticeParams } from '../shared/notice';
import { isStaleError, rebaseDraft, staleStates, type StaleSaveEvent } from '../shared/record-editor';
import { editable, find, groupOf, readPending, settle, savedItems } from './service-items.context';

export interface EditableItem {
  /** `item-<id>` for saved items, `draft-<n>` for drafts. */
  key: string;
  id: number | null;
  /** A local draft, created on the server only by Save (01 §4). */
  isNew: boolean;
  form: ServiceItemForm;
  display_order: number | null;
  /** The sub-category that places the item under a tab: the saved one (a draft's starting one), so an item
   * does not jump tabs while its form is edited. */
  groupSubCategory: string | null;
  errors: ServiceItemErrors;
}

export interface ServiceItemsInput {
  categoryId: number;
  categoryName: string;
  items: readonly ServiceItem[];
}

export interface ServiceItemsContext {
  categoryId: number;
  categoryName: string;
  /** The whole category in display order, drafts included. */
  items: EditableItem[];
  /** What the server has, by id. */
  saved: Record<number, ServiceItem>;
  draftCount: number;
  /** The item a create, update or delete is in flight for, with the form that was sent. */
  pending: { key: string; form: ServiceItemForm } | null;
  /** The saved item waiting for its delete confirmation. */
  deleteKey: string | null;
  /** The item whose save was refused because someone else saved it first (Reload or Keep editing). */
  staleKey: string | null;
}

export type ServiceItemsEvent =
  | { type: 'item.add'; tab: SubCategoryGroup }
  | { type: 'item.change'; key: string; field: ServiceItemField; value: string | boolean }
  | { type: 'item.save'; key: string }
  /** Removes a draft, or puts a saved item's form back to what is saved. */
  | { type: 'item.discard'; key: string }
  | { type: 'item.delete'; key: string }
  | ConfirmDeleteEvent
  /** Drag and drop: to a place (0-based) within the item's group. */
  | { type: 'item.move'; key: string; toIndex: number }
  /** Keyboard: one place up (-1) or down (1) within the group. */
  | { type: 'item.moveBy'; key: string; offset: number }
  | { type: 'order.save' }
  | StaleSaveEvent;

export type ServiceItemsEmitted = Notice | { type: 'items.saved'; categoryId: number; items: ServiceItem[] };

export type CreateItemInput = ServiceItemValues & { serviceCategoryId: number; display_order: number | null };
/** `version`: the version the item was read at (a newer one answers 409 record/stale). */
export type UpdateItemInput = { id: number; version: number; values: ServiceItemValues };
export type SaveOrderInput = { id: number; display_order: number | null }[];

const notify = (level: 'success' | 'error', message: string) =>
  notice(level, message, { duration: TOAST_DURATIONS.serviceItem });

export const serviceItemsMachine = setup({
  types: {
    context: {} as ServiceItemsContext,
    input: {} as ServiceItemsInput,
    events: {} as ServiceItemsEvent,
    emitted: {} as ServiceItemsEmitted,
  },
  actors: {
    createItem: placeholder<ServiceItem, CreateItemInput>('createItem'),
    updateItem: placeholder<ServiceItem, UpdateItemInput>('updateItem'),
    deleteItem: placeholder<unknown, { id: number }>('deleteItem'),
    saveOrder: placeholder<ServiceItem[], SaveOrderInput>('saveOrder'),
    /** One item as saved now, after a save refused as stale. */
    loadItem: placeholder<ServiceItem, { id: number }>('loadItem'),
  },
  guards: {
    itemCannotBeSaved: ({ context }, params: { key: string }) => {
      const item = find(context, params.key);
      return !item || !readItemForm(item.form, item.isNew ? 'create' : 'update').ok;
    },
    itemIsDraft: ({ context }, params: { key: string }) => find(context, params.key)?.isNew === true,
    itemIsSaved: ({ context }, params: { key: string }) => find(context, params.key)?.isNew === false,
    hasDrafts: ({ context }) => context.items.some((item) => item.isNew),
    orderChanged: ({ context }) =>
      orderChanged(
        context.items,
        new Map(Object.values(context.saved).map((item) => [item.id, item.display_order])),
      ),
  },
  actions: {
    notify: emit((_, params: NoticeParams) =>
      notify(params.level === 'success' ? 'success' : 'error', params.message),
    ),
    markStale: assign(({ context }) => ({ staleKey: context.pending?.key ?? null, pending: null })),
    /** Reload after a stale save: the fresh item, with every field the admin changed on top. */
    takeReloaded: assign(({ context, event }) => {
      const fresh = (event as unknown as { output: ServiceItem }).output;
      const read = context.saved[fresh.id];
      return {
        saved: { ...context.saved, [fresh.id]: fresh },
        items: context.items.map((item) =>
          item.id === fresh.id
            ? {
                ...item,
                form: read
                  ? rebaseDraft(formFromItem(read), item.form, formFromItem(fresh))
                  : formFromItem(fresh),
                errors: {},
              }
            : item,
        ),
      };
    }),
    announceSaved: emit(({ context }) => ({
      type: 'items.saved' as const,
      categoryId: context.categoryId,
      items: savedItems(context.saved),
    })),
    addDraft: assign(({ context }, params: { tab: SubCategoryGroup }) => {
      const subCategory = subCategoryForNewItem(context.categoryName, params.tab);
      const draft: EditableItem = {
        key: `draft-${context.draftCount + 1}`,
        id: null,
        isNew: true,
        form: newItemForm(subCategory),
        display_order: nextDisplayOrder(context.items),
        groupSubCategory: subCategory,
        errors: {},
      };
      return { items: [...context.items, draft], draftCount: context.draftCount + 1 };
    }),
    changeField: assign({
      items: ({ context }, params: { key: string; field: ServiceItemField; value: string | boolean }) =>
        context.items.map((item) => {
          if (item.key !== params.key || typeof item.form[params.field] !== typeof params.value) return item;
          const { [params.field]: _cleared, ...errors } = item.errors;
          return { ...item, form: { ...item.form, [params.field]: params.value }, errors };
        }),
    }),
    showErrors: assign({
      items: ({ context }, params: { key: string }) =>
        context.items.map((item) => {
          if (item.key !== params.key) return item;
          const read = readItemForm(item.form, item.isNew ? 'create' : 'update');
          return { ...item, errors: read.ok ? {} : read.errors };
        }),
    }),
    markPending: assign({
      pending: ({ context }, params: { key: string }) => {
        const item = find(context, params.key);
        return item ? { key: item.key, form: item.form } : null;
      },
    }),
    discard: assign({
      items: ({ context }, params: { key: string }) =>
        context.items.flatMap((item) => {
          if (item.key !== params.key) return [item];
          if (item.isNew) return [];
          const saved = item.id === null ? undefined : context.saved[item.id];
          return saved ? [{ ...item, form: formFromItem(saved), errors: {} }] : [item];
        }),
    }),
    askToDelete: assign({ deleteKey: (_, params: { key: string }) => params.key }),
    forgetDelete: assign({ deleteKey: null }),
    move: assign({
      items: ({ context }, params: { key: string; toIndex: number }) =>
        moveWithinGroup(context.items, params.key, params.toIndex, groupOf(context.categoryName)),
    }),
    moveBy: assign({
      items: ({ context }, params: { key: string; offset: number }) =>
        moveByOffset(context.items, params.key, params.offset, groupOf(context.categoryName)),
    }),
    notifyDraftsBlockOrder: emit(() => notify('error', SERVICE_ITEM_MESSAGES.unsavedDrafts)),
    created: enqueueActions(({ context, event, enqueue }) => {
      const output = (event as unknown as { output: ServiceItem }).output;
      const key = context.pending?.key ?? '';
      const saved = { ...context.saved, [output.id]: output };
      enqueue.assign({ items: settle(context, key, output), saved, pending: null });
      enqueue.emit(notify('success', SERVICE_ITEM_MESSAGES.created));
      enqueue.emit({ type: 'items.saved', categoryId: context.categoryId, items: savedItems(saved) });
    }),
    updated: enqueueActions(({ context, event, enqueue }) => {
      const output = (event as unknown as { output: ServiceItem }).output;
      const key = context.pending?.key ?? '';
      const saved = { ...context.saved, [output.id]: output };
      enqueue.assign({ items: settle(context, key, output), saved, pending: null });
      enqueue.emit(notify('success', SERVICE_ITEM_MESSAGES.saved));
      enqueue.emit({ type: 'items.saved', categoryId: context.categoryId, items: savedItems(saved) });
    }),
    createFailed: enqueueActions(({ event, enqueue }) => {
      enqueue.assign({ pending: null });
      enqueue.emit(
        notify(
          'error',
          SERVICE_ITEM_MESSAGES.createFailed(errorMessage((event as { error?: unknown }).error)),
        ),
      );
    }),
    updateFailed: enqueueActions(({ event, enqueue }) => {
      enqueue.assign({ pending: null });
      enqueue.emit(
        notify('error', SERVICE_ITEM_MESSAGES.saveFailed(errorMessage((event as { error?: unknown }).error))),
      );
    }),
    deleted: enqueueActions(({ context, enqueue }) => {
      const item = context.deleteKey ? find(context, context.deleteKey) : undefined;
      const saved = { ...context.saved };
      if (item?.id != null) delete saved[item.id];
      enqueue.assign({
        items: context.items.filter((candidate) => candidate.key !== context.deleteKey),
        saved,
        deleteKey: null,
      });
      enqueue.emit(notify('success', SERVICE_ITEM_MESSAGES.deleted));
      enqueue.emit({ type: 'items.saved', categoryId: context.categoryId, items: savedItems(saved) });
    }),
    deleteFailed: enqueueActions(({ event, enqueue }) => {
      enqueue.assign({ deleteKey: null });
      enqueue.emit(
        notify(
          'error',
          CATALOGUE_MESSAGES.itemDeleteFailed(errorMessage((event as { error?: unknown }).error)),
        ),
      );
    }),
    orderSaved: enqueueActions(({ context, event, enqueue }) => {
      const output = (event as unknown as { output: ServiceItem[] }).output;
      const saved = { ...context.saved };
      for (const item of output) if (saved[item.id]) saved[item.id] = item;
      enqueue.assign({ saved });
      enqueue.emit(notify('success', SERVICE_ITEM_MESSAGES.orderSaved));
      enqueue.emit({ type: 'items.saved', categoryId: context.categoryId, items: savedItems(saved) });
    }),
    orderFailed: emit(({ event }) =>
      notify('error', SERVICE_ITEM_MESSAGES.orderFailed(errorMessage((event as { error?: unknown }).error))),
    ),
  },
}).createMachine({
  id: 'serviceItems',
  description: 'The service items of one category: drafts, edits, saving, deleting and reordering.',
  context: ({ input }) => {
    const items = sortByDisplayOrder(input.items.map(editable));
    return {
      categoryId: input.categoryId,
      categoryName: input.categoryName,
      items,
      saved: Object.fromEntries(input.items.map((item) => [item.id, item])),
      draftCount: 0,
      pending: null,
      deleteKey: null,
      staleKey: null,
    };
  },
  on: {
    // A new draft is local: it never waits for a request either (a click during a save is not lost).
    'item.add': { actions: { type: 'addDraft', params: ({ event }) => ({ tab: event.tab }) } },
    // Typing never waits for a request; settle() keeps what was typed meanwhile.
    'item.change': {
      actions: {
        type: 'changeField',
        params: ({ event }) => ({ key: event.key, field: event.field, value: event.value }),
      },
    },
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'item.save': [
          {
            guard: { type: 'itemCannotBeSaved', params: ({ event }) => ({ key: event.key }) },
            actions: { type: 'showErrors', params: ({ event }) => ({ key: event.key }) },
          },
          {
            guard: { type: 'itemIsDraft', params: ({ event }) => ({ key: event.key }) },
            target: 'creating',
            actions: { type: 'markPending', params: ({ event }) => ({ key: event.key }) },
          },
          {
            target: 'updating',
            actions: { type: 'markPending', params: ({ event }) => ({ key: event.key }) },
          },
        ],
        'item.discard': { actions: { type: 'discard', params: ({ event }) => ({ key: event.key }) } },
        'item.delete': {
          guard: { type: 'itemIsSaved', params: ({ event }) => ({ key: event.key }) },
          target: 'confirmingDelete',
          actions: { type: 'askToDelete', params: ({ event }) => ({ key: event.key }) },
        },
        'item.move': {
          actions: { type: 'move', params: ({ event }) => ({ key: event.key, toIndex: event.toIndex }) },
        },
        'item.moveBy': {
          actions: { type: 'moveBy', params: ({ event }) => ({ key: event.key, offset: event.offset }) },
        },
        'order.save': [
          { guard: 'hasDrafts', actions: 'notifyDraftsBlockOrder' },
          { guard: 'orderChanged', target: 'savingOrder' },
        ],
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        src: 'createItem',
        input: ({ context }): CreateItemInput => {
          const { item, values } = readPending(context);
          return { ...values, serviceCategoryId: context.categoryId, display_order: item.display_order };
        },
        onDone: { target: 'editing', actions: 'created' },
        onError: { target: 'editing', actions: 'createFailed' },
      },
    },
    updating: {
      tags: ['busy'],
      invoke: {
        src: 'updateItem',
        input: ({ context }): UpdateItemInput => {
          const { item, values } = readPending(context);
          const saved = context.saved[item.id as number];
          if (!saved) throw new Error('updating an item that is not saved');
          return { id: saved.id, version: saved.version, values };
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
        actor: 'loadItem',
        input: ({ context }: { context: ServiceItemsContext }) => ({
          id: (context.staleKey ? find(context, context.staleKey)?.id : undefined) ?? 0,
        }),
      },
      back: 'editing',
      messages: { reloadFailed: EDITOR_MESSAGES.reloadFailed },
    }),
    ...confirmDeleteStates({
      description: 'Deleting asks first; the dialog names the item.',
      actor: 'deleteItem',
      input: ({ context }: { context: ServiceItemsContext }) => ({
        id: (context.deleteKey ? find(context, context.deleteKey)?.id : undefined) ?? 0,
      }),
      back: 'editing',
      cancelActions: 'forgetDelete',
      tags: ['busy'],
      onDone: { target: 'editing', actions: 'deleted' },
      onError: { target: 'editing', actions: 'deleteFailed' },
    }),
    savingOrder: {
      tags: ['busy'],
      invoke: {
        src: 'saveOrder',
        input: ({ context }): SaveOrderInput =>
          context.items
            .filter((item) => item.id !== null)
            .map((item) => ({ id: item.id as number, display_order: item.display_order })),
        onDone: { target: 'editing', actions: 'orderSaved' },
        onError: { target: 'editing', actions: 'orderFailed' },
      },
    },
  },
});
