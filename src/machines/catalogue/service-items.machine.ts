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
 * successful write also emits `items.saved` with the category's saved items, for caches elsewhere. The
 * context and its row edits are in service-items.context.ts, what a write's answer does in
 * service-items.outcomes.ts.
 */
import { assign, emit, enqueueActions, setup } from 'xstate';
import type { ServiceItem } from '../../api/contract/service-item';
import {
  moveByOffset,
  moveWithinGroup,
  orderChanged,
  readItemForm,
  type ServiceItemField,
  type SubCategoryGroup,
} from '../../domain/catalogue/catalogue';
import { SERVICE_ITEM_MESSAGES } from '../../domain/shared/messages';
import { confirmDeleteStates } from '../shared/confirm-delete';
import type { NoticeParams } from '../shared/notice';
import { placeholder } from '../shared/placeholder';
import { toStale, staleStates } from '../shared/record-editor';
import {
  addDraft,
  changeField,
  discard,
  find,
  groupOf,
  initialContext,
  readPending,
  savedIdOf,
  savedItems,
  showErrors,
  takeReloaded,
  type CreateItemInput,
  type SaveOrderInput,
  type ServiceItemsContext,
  type ServiceItemsEmitted,
  type ServiceItemsEvent,
  type ServiceItemsInput,
  type UpdateItemInput,
} from './service-items.context';
import {
  failures,
  itemDeleted,
  itemWritten,
  notify,
  orderSaved,
  writeFailed,
  type Outcome,
} from './service-items.outcomes';

/** The actors and their tests build these. */
export type { CreateItemInput, SaveOrderInput, ServiceItemsEmitted, UpdateItemInput };

const outputOf = <T>(event: unknown) => (event as { output: T }).output;
const errorOf = (event: unknown) => (event as { error?: unknown }).error;

/** One action that applies a write's outcome: its context change, then what it announces. */
const apply = (outcomeOf: (context: ServiceItemsContext, event: ServiceItemsEvent) => Outcome) =>
  enqueueActions<
    ServiceItemsContext,
    ServiceItemsEvent,
    undefined,
    ServiceItemsEvent,
    never,
    never,
    never,
    never,
    ServiceItemsEmitted
  >(({ context, event, enqueue }) => {
    const outcome = outcomeOf(context, event);
    enqueue.assign(outcome.change);
    for (const emitted of outcome.emitted) enqueue.emit(emitted);
  });

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
    takeReloaded: assign(({ context, event }) => takeReloaded(context, outputOf<ServiceItem>(event))),
    announceSaved: emit(({ context }) => ({
      type: 'items.saved' as const,
      categoryId: context.categoryId,
      items: savedItems(context.saved),
    })),
    addDraft: assign(({ context }, params: { tab: SubCategoryGroup }) => addDraft(context, params.tab)),
    changeField: assign({
      items: ({ context }, params: { key: string; field: ServiceItemField; value: string | boolean }) =>
        changeField(context, params),
    }),
    showErrors: assign({ items: ({ context }, params: { key: string }) => showErrors(context, params.key) }),
    markPending: assign({
      pending: ({ context }, params: { key: string }) => {
        const item = find(context, params.key);
        return item ? { key: item.key, form: item.form } : null;
      },
    }),
    discard: assign({ items: ({ context }, params: { key: string }) => discard(context, params.key) }),
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
    created: apply((context, event) =>
      itemWritten(context, outputOf<ServiceItem>(event), SERVICE_ITEM_MESSAGES.created),
    ),
    updated: apply((context, event) =>
      itemWritten(context, outputOf<ServiceItem>(event), SERVICE_ITEM_MESSAGES.saved),
    ),
    createFailed: apply((_, event) => writeFailed({ pending: null }, failures.create(errorOf(event)))),
    updateFailed: apply((_, event) => writeFailed({ pending: null }, failures.update(errorOf(event)))),
    deleted: apply((context) => itemDeleted(context)),
    deleteFailed: apply((_, event) => writeFailed({ deleteKey: null }, failures.delete(errorOf(event)))),
    orderSaved: apply((context, event) => orderSaved(context, outputOf<ServiceItem[]>(event))),
    orderFailed: emit(({ event }) => notify('error', failures.order(errorOf(event)))),
  },
}).createMachine({
  id: 'serviceItems',
  description: 'The service items of one category: drafts, edits, saving, deleting and reordering.',
  context: ({ input }) => initialContext(input),
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
        onError: [toStale('markStale'), { target: 'editing', actions: 'updateFailed' }],
      },
    },
    ...staleStates({
      reload: {
        actor: 'loadItem',
        input: ({ context }: { context: ServiceItemsContext }) => ({
          id: savedIdOf(context, context.staleKey),
        }),
      },
    }),
    ...confirmDeleteStates({
      description: 'Deleting asks first; the dialog names the item.',
      actor: 'deleteItem',
      input: ({ context }: { context: ServiceItemsContext }) => ({
        id: savedIdOf(context, context.deleteKey),
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
