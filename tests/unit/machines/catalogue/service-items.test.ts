import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiRequestError } from '../../../../src/api/client';
import { API_ERROR_CODES, RECORD_STALE_MESSAGE } from '../../../../src/api/contract/error-codes';
import type { ServiceItem } from '../../../../src/api/contract/service-item';
import { orderChanged, readItemForm } from '../../../../src/domain/catalogue/catalogue';
import { SERVICE_ITEM_MESSAGES } from '../../../../src/domain/shared/messages';
import {
  serviceItemsMachine,
  type CreateItemInput,
  type SaveOrderInput,
  type ServiceItemsEmitted,
  type UpdateItemInput,
} from '../../../../src/machines/catalogue/service-items.machine';
import { serviceItemsView } from '../../../../src/machines/catalogue/service-items.view';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';

const base: Omit<ServiceItem, 'id' | 'name' | 'subCategory' | 'display_order'> = {
  unitsDescriptor: null,
  unitsDescriptorIconURL: null,
  descriptionTitle: null,
  description: null,
  redemptionPoints: 0,
  timeInMins: 30,
  termsInfo: null,
  prepInfo: null,
  isFinancingEnabled: false,
  priceInCents: 1_000,
  isPricePerUnit: false,
  serviceCategoryId: 7,
  version: 1,
};
const item = (id: number, name: string, subCategory: string | null, order: number | null): ServiceItem => ({
  ...base,
  id,
  name,
  subCategory,
  display_order: order,
});

const injectables = [
  item(1, 'Botox', 'Botox', 1),
  item(2, 'Juvederm', 'Fillers', 2),
  item(3, 'Dysport', 'Botox', 3),
  item(4, 'Restylane', 'Filler', 4),
  item(5, 'Xeomin', 'Botox', 5),
];

interface Calls {
  create: CreateItemInput[];
  update: UpdateItemInput[];
  remove: number[];
  order: SaveOrderInput[];
}

type Outcome<T> = T | Error | (() => Promise<T>);

function start(
  items: ServiceItem[] = injectables,
  outcomes: {
    create?: Outcome<ServiceItem>;
    update?: Outcome<ServiceItem>;
    remove?: Outcome<unknown>;
    order?: Outcome<ServiceItem[]>;
    load?: Outcome<ServiceItem>;
  } = {},
  categoryName = 'Injectables',
) {
  const calls: Calls = { create: [], update: [], remove: [], order: [] };
  const settle = async <T>(outcome: Outcome<T> | undefined, fallback: T): Promise<T> => {
    if (outcome instanceof Error) throw outcome;
    if (typeof outcome === 'function') return (outcome as () => Promise<T>)();
    return outcome ?? fallback;
  };
  const actor = createActor(
    serviceItemsMachine.provide({
      actors: {
        createItem: fromPromise(async ({ input }: { input: CreateItemInput }) => {
          calls.create.push(input);
          return settle(outcomes.create, { ...base, ...input, id: 100 });
        }),
        updateItem: fromPromise(async ({ input }: { input: UpdateItemInput }) => {
          calls.update.push(input);
          if (calls.update.length > 1 && outcomes.update instanceof Error)
            return { ...base, ...input.values, id: input.id, display_order: 1 };
          return settle(outcomes.update, { ...base, ...input.values, id: input.id, display_order: 1 });
        }),
        deleteItem: fromPromise(async ({ input }: { input: { id: number } }) => {
          calls.remove.push(input.id);
          return settle(outcomes.remove, { id: input.id });
        }),
        saveOrder: fromPromise(async ({ input }: { input: SaveOrderInput }) => {
          calls.order.push(input);
          return settle(
            outcomes.order,
            input.map((entry) => ({
              ...(items.find((candidate) => candidate.id === entry.id) as ServiceItem),
              display_order: entry.display_order,
            })),
          );
        }),
        loadItem: fromPromise(async ({ input }: { input: { id: number } }) =>
          settle(outcomes.load, items.find((candidate) => candidate.id === input.id) as ServiceItem),
        ),
      },
    }),
    { input: { categoryId: 7, categoryName, items } },
  );
  const emitted: ServiceItemsEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const notices = () =>
    emitted.flatMap((event) =>
      event.type === 'notify' ? [[event.level, event.message, event.duration]] : [],
    );
  const keys = () => actor.getSnapshot().context.items.map((entry) => entry.key);
  const editing = () => waitFor(actor, (s) => s.matches('editing'));
  return { actor, calls, emitted, notices, keys, editing };
}

const staleError = new ApiRequestError(409, API_ERROR_CODES.recordStale, RECORD_STALE_MESSAGE, 'version');

describe('service items machine', () => {
  describe('stale saves', () => {
    it("Reload takes the other save's fields and keeps what was typed; the next save sends the new version", async () => {
      const fresh = { ...injectables[1], name: 'Juvederm Ultra', timeInMins: 45, version: 2 } as ServiceItem;
      const { actor, calls, emitted, notices, editing } = start(injectables, {
        update: staleError,
        load: fresh,
      });
      actor.send({ type: 'item.change', key: 'item-2', field: 'price', value: '12.50' });
      actor.send({ type: 'item.save', key: 'item-2' });
      await waitFor(actor, (s) => s.matches('stale'));
      const view = () => serviceItemsView(actor.getSnapshot(), 'Fillers');
      expect(view().stale).toMatchObject({ key: 'item-2', staleMessage: RECORD_STALE_MESSAGE });
      expect(view().busy).toBe(true);
      expect(notices()).toEqual([]);
      actor.send({ type: 'item.save', key: 'item-2' });
      expect(calls.update).toHaveLength(1);
      actor.send({ type: 'stale.reload' });
      expect(view().rows.find((row) => row.key === 'item-2')?.busy).toBe(true);
      await editing();
      const form = actor.getSnapshot().context.items.find((entry) => entry.key === 'item-2')?.form;
      expect(form).toMatchObject({ name: 'Juvederm Ultra', timeInMins: '45', price: '12.50' });
      expect(view().stale).toBeNull();
      expect(emitted.some((event) => event.type === 'items.saved')).toBe(true);
      actor.send({ type: 'item.save', key: 'item-2' });
      await waitFor(actor, () => calls.update.length === 2);
      expect(calls.update[1]?.version).toBe(2);
    });

    it('a failed reload says so and keeps the form; Keep editing goes back to it', async () => {
      const { actor, notices, editing } = start(injectables, {
        update: staleError,
        load: new Error('offline'),
      });
      actor.send({ type: 'item.change', key: 'item-1', field: 'name', value: 'Botox Cosmetic' });
      actor.send({ type: 'item.save', key: 'item-1' });
      await waitFor(actor, (s) => s.matches('stale'));
      actor.send({ type: 'stale.reload' });
      await waitFor(actor, (s) => s.matches('stale') && !s.hasTag('reloading'));
      expect(notices().map(([, message]) => message)).toEqual([
        'The record could not be reloaded. Try again.',
      ]);
      actor.send({ type: 'stale.dismiss' });
      await editing();
      expect(actor.getSnapshot().context.items[0]?.form.name).toBe('Botox Cosmetic');
    });
  });

  it('holds the category in display order, unordered items last', () => {
    const { keys } = start([item(1, 'A', null, null), item(2, 'B', null, 2), item(3, 'C', null, 1)]);
    expect(keys()).toEqual(['item-3', 'item-2', 'item-1']);
  });

  describe('drafts', () => {
    it('a new item is a local draft with the catalogue defaults and display order length + 1', () => {
      const { actor, calls } = start();
      actor.send({ type: 'item.add', tab: 'Fillers' });
      const draft = actor.getSnapshot().context.items.at(-1);
      expect(draft).toMatchObject({
        key: 'draft-1',
        id: null,
        isNew: true,
        display_order: 6,
        groupSubCategory: 'Fillers',
        form: { name: '', price: '100.00', timeInMins: '10', isPricePerUnit: false, subCategory: 'Fillers' },
      });
      actor.send({ type: 'item.add', tab: 'Botox' });
      expect(actor.getSnapshot().context.items.at(-1)).toMatchObject({ key: 'draft-2', display_order: 7 });
      expect(calls.create).toEqual([]);
    });

    it('a draft in a category nobody ordered gets a null display order, and no sub-category outside Injectables', () => {
      const { actor } = start([item(1, 'Underarms', null, null)], {}, 'Laser (Hair Removal)');
      actor.send({ type: 'item.add', tab: 'Botox' });
      expect(actor.getSnapshot().context.items.at(-1)).toMatchObject({
        display_order: null,
        form: { subCategory: '' },
      });
    });

    it('saving the order is blocked while drafts exist, with the catalogue message for 1 s', () => {
      const { actor, calls, notices } = start();
      actor.send({ type: 'item.moveBy', key: 'item-3', offset: -1 });
      actor.send({ type: 'item.add', tab: 'Botox' });
      actor.send({ type: 'order.save' });
      expect(actor.getSnapshot().value).toBe('editing');
      expect(calls.order).toEqual([]);
      expect(notices()).toEqual([['error', 'Please Save or Remove New Service Items', 1000]]);
    });

    it('an invalid draft shows errors per field and is not sent; typing clears the field error', () => {
      const { actor, calls } = start();
      actor.send({ type: 'item.add', tab: 'Botox' });
      actor.send({ type: 'item.change', key: 'draft-1', field: 'price', value: 'ten' });
      actor.send({ type: 'item.save', key: 'draft-1' });
      expect(actor.getSnapshot().context.items.at(-1)?.errors).toEqual({
        name: 'Name is required',
        price: 'Enter a price in dollars, e.g. 100.00',
      });
      actor.send({ type: 'item.change', key: 'draft-1', field: 'name', value: 'Lip Flip' });
      expect(actor.getSnapshot().context.items.at(-1)?.errors).toEqual({
        price: 'Enter a price in dollars, e.g. 100.00',
      });
      expect(calls.create).toEqual([]);
    });

    it('Save creates the draft: the saved item replaces it and the toast says so', async () => {
      const { actor, calls, notices, emitted, editing } = start();
      actor.send({ type: 'item.add', tab: 'Botox' });
      actor.send({ type: 'item.change', key: 'draft-1', field: 'name', value: ' Lip Flip ' });
      actor.send({ type: 'item.change', key: 'draft-1', field: 'price', value: '12.50' });
      actor.send({ type: 'item.save', key: 'draft-1' });
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      await editing();
      expect(calls.create).toEqual([
        expect.objectContaining({
          name: 'Lip Flip',
          priceInCents: 1250,
          timeInMins: 10,
          subCategory: 'Botox',
          redemptionPoints: 0,
          serviceCategoryId: 7,
          display_order: 6,
        }),
      ]);
      const created = actor.getSnapshot().context.items.at(-1);
      expect(created).toMatchObject({ key: 'item-100', id: 100, isNew: false, form: { name: 'Lip Flip' } });
      expect(notices()).toEqual([['success', 'Created service item', 1000]]);
      const saved = emitted.find((event) => event.type === 'items.saved');
      expect(saved?.type === 'items.saved' && saved.items.map((entry) => entry.id)).toEqual([
        1, 2, 3, 4, 5, 100,
      ]);
    });

    it('a failed create says why and keeps the draft with what was typed', async () => {
      const { actor, notices, editing } = start(injectables, { create: new Error('name: name is required') });
      actor.send({ type: 'item.add', tab: 'Botox' });
      actor.send({ type: 'item.change', key: 'draft-1', field: 'name', value: 'Kept' });
      actor.send({ type: 'item.save', key: 'draft-1' });
      await editing();
      expect(notices()).toEqual([['error', 'Could not create service item: name: name is required', 1000]]);
      expect(actor.getSnapshot().context.items.at(-1)).toMatchObject({
        key: 'draft-1',
        form: { name: 'Kept' },
      });
    });

    it('Remove drops a draft without asking', () => {
      const { actor, keys } = start();
      actor.send({ type: 'item.add', tab: 'Botox' });
      actor.send({ type: 'item.discard', key: 'draft-1' });
      expect(keys()).not.toContain('draft-1');
      actor.send({ type: 'item.delete', key: 'draft-1' });
      expect(actor.getSnapshot().value).toBe('editing');
    });
  });

  describe('editing saved items', () => {
    it('on update, empty redemptionPoints becomes 0 and empty termsInfo, prepInfo and subCategory empty text', async () => {
      const { actor, calls, notices, editing } = start([
        { ...item(1, 'Botox', 'Botox', 1), termsInfo: 'T', prepInfo: 'P', redemptionPoints: 14 },
      ]);
      for (const field of ['redemptionPoints', 'termsInfo', 'prepInfo', 'subCategory'] as const) {
        actor.send({ type: 'item.change', key: 'item-1', field, value: '' });
      }
      actor.send({ type: 'item.save', key: 'item-1' });
      await editing();
      expect(calls.update).toEqual([
        {
          id: 1,
          version: 1,
          values: expect.objectContaining({
            redemptionPoints: 0,
            termsInfo: '',
            prepInfo: '',
            subCategory: '',
          }),
        },
      ]);
      expect(notices()).toEqual([['success', 'Saved service item', 1000]]);
    });

    it('keeps what was typed while the save was out, and a failed save keeps the form', async () => {
      let answer: (value: ServiceItem) => void = () => undefined;
      const { actor, editing } = start(injectables, {
        update: () => new Promise<ServiceItem>((resolve) => (answer = resolve)),
      });
      actor.send({ type: 'item.change', key: 'item-1', field: 'name', value: 'Botox Cosmetic' });
      actor.send({ type: 'item.save', key: 'item-1' });
      actor.send({ type: 'item.change', key: 'item-1', field: 'name', value: 'Botox Cosmetic®' });
      answer({ ...injectables[0]!, name: 'Botox Cosmetic' });
      await editing();
      const snapshot = actor.getSnapshot();
      expect(snapshot.context.items[0]?.form.name).toBe('Botox Cosmetic®');
      expect(snapshot.context.saved[1]?.name).toBe('Botox Cosmetic');

      const failing = start(injectables, { update: new Error('offline') });
      failing.actor.send({ type: 'item.change', key: 'item-1', field: 'timeInMins', value: '45' });
      failing.actor.send({ type: 'item.save', key: 'item-1' });
      await failing.editing();
      expect(failing.notices()).toEqual([['error', 'Could not save service item: offline', 1000]]);
      expect(failing.actor.getSnapshot().context.items[0]?.form.timeInMins).toBe('45');
    });

    it('discard puts a saved item back to what is saved; a value of the wrong kind is ignored', () => {
      const { actor } = start();
      actor.send({ type: 'item.change', key: 'item-1', field: 'name', value: 'Changed' });
      actor.send({ type: 'item.change', key: 'item-1', field: 'isPricePerUnit', value: 'yes' });
      expect(actor.getSnapshot().context.items[0]?.form).toMatchObject({
        name: 'Changed',
        isPricePerUnit: false,
      });
      actor.send({ type: 'item.discard', key: 'item-1' });
      expect(actor.getSnapshot().context.items[0]?.form.name).toBe('Botox');
    });
  });

  describe('deleting', () => {
    it('asks first; cancel keeps the item, confirm deletes it', async () => {
      const { actor, calls, notices, keys, editing } = start();
      actor.send({ type: 'item.delete', key: 'item-3' });
      expect(actor.getSnapshot().value).toBe('confirmingDelete');
      expect(actor.getSnapshot().context.deleteKey).toBe('item-3');
      actor.send({ type: 'delete.cancel' });
      expect(actor.getSnapshot().value).toBe('editing');
      expect(calls.remove).toEqual([]);

      actor.send({ type: 'item.delete', key: 'item-3' });
      actor.send({ type: 'delete.confirm' });
      await editing();
      expect(calls.remove).toEqual([3]);
      expect(keys()).not.toContain('item-3');
      expect(notices()).toEqual([['success', 'Deleted Service Item', 1000]]);
    });

    it('a refused delete shows the server message and keeps the item', async () => {
      const { actor, notices, keys, editing } = start(injectables, {
        remove: new Error('"Dysport" is used by the promo code BOTOX25; remove it from there first'),
      });
      actor.send({ type: 'item.delete', key: 'item-3' });
      actor.send({ type: 'delete.confirm' });
      await editing();
      expect(keys()).toContain('item-3');
      expect(notices()).toEqual([
        [
          'error',
          'Could not delete service item: "Dysport" is used by the promo code BOTOX25; remove it from there first',
          1000,
        ],
      ]);
    });
  });

  describe('reordering', () => {
    it('moves within the sub-category: Botox items shift, Fillers keep their places', () => {
      const { actor, keys } = start();
      actor.send({ type: 'item.move', key: 'item-5', toIndex: 0 });
      expect(keys()).toEqual(['item-5', 'item-2', 'item-1', 'item-4', 'item-3']);
      actor.send({ type: 'item.moveBy', key: 'item-4', offset: -1 });
      expect(keys()).toEqual(['item-5', 'item-4', 'item-1', 'item-2', 'item-3']);
      expect(actor.getSnapshot().context.items.map((entry) => entry.display_order)).toEqual([1, 2, 3, 4, 5]);
    });

    it('Save order sends every saved item with its new place, then says so', async () => {
      const { actor, calls, notices, editing } = start();
      actor.send({ type: 'order.save' });
      expect(calls.order).toEqual([]);
      actor.send({ type: 'item.moveBy', key: 'item-1', offset: 1 });
      actor.send({ type: 'order.save' });
      await editing();
      // Botox keeps its places (1st, 3rd, 5th); within them Botox moved one down past Dysport.
      expect(calls.order).toEqual([
        [
          { id: 3, display_order: 1 },
          { id: 2, display_order: 2 },
          { id: 1, display_order: 3 },
          { id: 4, display_order: 4 },
          { id: 5, display_order: 5 },
        ],
      ]);
      expect(notices()).toEqual([['success', 'Saved Display Order', 1000]]);
      actor.send({ type: 'order.save' });
      expect(calls.order).toHaveLength(1);
    });

    it('a failed order save says why and keeps the new order to try again', async () => {
      const { actor, notices, keys, editing } = start(injectables, { order: new Error('offline') });
      actor.send({ type: 'item.moveBy', key: 'item-1', offset: 1 });
      const moved = keys();
      actor.send({ type: 'order.save' });
      await editing();
      expect(notices()).toEqual([['error', SERVICE_ITEM_MESSAGES.orderFailed('offline'), 1000]]);
      expect(keys()).toEqual(moved);
    });
  });

  describe('the view', () => {
    it('shows the tab after the filter with its count, and positions within the tab', () => {
      const { actor } = start([...injectables, item(6, 'Kybella', null, 6)]);
      const botox = serviceItemsView(actor.getSnapshot(), 'Botox');
      expect(botox.tabs).toEqual(['Botox', 'Fillers', 'Other']);
      expect(botox.rows.map((row) => [row.form.name, row.position, row.of])).toEqual([
        ['Botox', 1, 3],
        ['Dysport', 2, 3],
        ['Xeomin', 3, 3],
      ]);
      expect(botox.count).toBe(3);
      const fillers = serviceItemsView(actor.getSnapshot(), 'Fillers');
      expect(fillers.rows.map((row) => row.form.name)).toEqual(['Juvederm', 'Restylane']);
      expect(fillers.count).toBe(2);
      expect(serviceItemsView(actor.getSnapshot(), 'Other').count).toBe(1);
    });

    it('falls back to the first tab, and has no tabs outside Injectables', () => {
      const { actor } = start();
      expect(serviceItemsView(actor.getSnapshot(), 'Other').tab).toBe('Botox');
      const facials = start([item(1, 'HydraFacial', null, 1)], {}, 'Facials');
      const view = serviceItemsView(facials.actor.getSnapshot(), 'Fillers');
      expect(view).toMatchObject({ tabs: [], tab: null, count: 1 });
    });

    it('an item keeps its tab while its sub-category is edited, until it is saved', () => {
      const { actor } = start();
      actor.send({ type: 'item.change', key: 'item-1', field: 'subCategory', value: 'Fillers' });
      const view = serviceItemsView(actor.getSnapshot(), 'Botox');
      expect(view.rows[0]).toMatchObject({ key: 'item-1', edited: true });
      expect(view.unsaved).toBe(true);
    });

    it('Save order is offered for a new order or drafts; unsaved work is anything not saved', () => {
      const { actor } = start();
      expect(serviceItemsView(actor.getSnapshot(), 'Botox')).toMatchObject({
        canSaveOrder: false,
        unsaved: false,
        hasDrafts: false,
      });
      actor.send({ type: 'item.moveBy', key: 'item-1', offset: 1 });
      expect(serviceItemsView(actor.getSnapshot(), 'Botox')).toMatchObject({
        canSaveOrder: true,
        orderChanged: true,
        unsaved: true,
      });
      actor.send({ type: 'item.moveBy', key: 'item-1', offset: -1 });
      expect(serviceItemsView(actor.getSnapshot(), 'Botox').unsaved).toBe(false);
      actor.send({ type: 'item.add', tab: 'Botox' });
      expect(serviceItemsView(actor.getSnapshot(), 'Botox')).toMatchObject({
        canSaveOrder: true,
        hasDrafts: true,
      });
    });

    it('names the item waiting for its delete confirmation, and marks the busy item', async () => {
      let answer: () => void = () => undefined;
      const { actor, editing } = start(injectables, {
        remove: () => new Promise((resolve) => (answer = () => resolve({ id: 3 }))),
      });
      actor.send({ type: 'item.delete', key: 'item-3' });
      expect(serviceItemsView(actor.getSnapshot(), 'Botox').confirmDelete).toEqual({
        key: 'item-3',
        name: 'Dysport',
      });
      actor.send({ type: 'delete.confirm' });
      const busy = serviceItemsView(actor.getSnapshot(), 'Botox');
      expect(busy.busy).toBe(true);
      expect(busy.rows.find((row) => row.busy)?.key).toBe('item-3');
      expect(busy.canSaveOrder).toBe(false);
      answer();
      await editing();
    });
  });

  it('walks every state and transition', async () => {
    const small = [item(1, 'Botox', 'Botox', 1), item(2, 'Dysport', 'Botox', 2)];
    const saved = item(100, 'Lip Flip', 'Botox', 3);
    const report = await coverMachine(serviceItemsMachine, {
      input: { categoryId: 7, categoryName: 'Injectables', items: small },
      events: {
        'item.add': [{ type: 'item.add', tab: 'Botox' }],
        'item.change': [
          { type: 'item.change', key: 'draft-1', field: 'name', value: 'Lip Flip' },
          { type: 'item.change', key: 'item-1', field: 'price', value: 'nope' },
        ],
        'item.save': [
          { type: 'item.save', key: 'draft-1' },
          { type: 'item.save', key: 'item-1' },
          { type: 'item.save', key: 'item-2' },
        ],
        'item.discard': [{ type: 'item.discard', key: 'item-1' }],
        'item.delete': [{ type: 'item.delete', key: 'item-2' }],
        'delete.confirm': [{ type: 'delete.confirm' }],
        'delete.cancel': [{ type: 'delete.cancel' }],
        'item.move': [{ type: 'item.move', key: 'item-2', toIndex: 0 }],
        'item.moveBy': [{ type: 'item.moveBy', key: 'item-1', offset: 1 }],
        'order.save': [{ type: 'order.save' }],
        'stale.reload': [{ type: 'stale.reload' }],
        'stale.dismiss': [{ type: 'stale.dismiss' }],
      },
      outputs: {
        createItem: [saved],
        updateItem: [small[1]],
        deleteItem: [{ id: 2 }],
        saveOrder: [small],
        loadItem: [small[1]],
      },
      errors: { updateItem: [staleError, new Error('refused')] },
      // What the guards look at, for the keys the samples use: which items exist, which are drafts or
      // valid, whether drafts exist and whether the order differs from the saved one.
      serializeState: (snapshot) => {
        const { items, saved, deleteKey } = snapshot.context;
        const keys = ['draft-1', 'item-1', 'item-2'].map((key) => {
          const entry = items.find((candidate) => candidate.key === key);
          return entry ? [entry.isNew, readItemForm(entry.form, 'update').ok] : null;
        });
        const savedOrder = new Map(Object.values(saved).map((entry) => [entry.id, entry.display_order]));
        return JSON.stringify({
          value: snapshot.value,
          keys,
          drafts: items.some((entry) => entry.isNew),
          moved: orderChanged(items, savedOrder),
          deleteKey,
        });
      },
    });
    recordCoverage(report);
    assertFullCoverage(report);
    expect(report.failures).toEqual([]);
  });
});
