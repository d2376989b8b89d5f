import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiRequestError } from '../../../../src/api/client';
import type { Bundle } from '../../../../src/api/contract/bundle';
import { API_ERROR_CODES, RECORD_STALE_MESSAGE } from '../../../../src/api/contract/error-codes';
import type { ServiceItem } from '../../../../src/api/contract/service-item';
import {
  bundleEditorMachine,
  bundleIsEdited,
  type BundleEditorEmitted,
  type CreateBundleInput,
  type UpdateBundleInput,
} from '../../../../src/machines/catalogue/bundle-editor.machine';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';

const item = (id: number, name: string): ServiceItem => ({
  id,
  name,
  subCategory: null,
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
  display_order: id,
  serviceCategoryId: 3,
  version: 1,
});
const items = [item(1, 'HydraFacial'), item(2, 'Chemical Peel'), item(3, 'Dermaplaning')];
const glow: Bundle = {
  id: 10,
  name: 'Glow Up',
  serviceCategoryId: 3,
  serviceItems: [items[0]!, items[2]!],
  version: 1,
};

type Outcome<T> = T | Error | (() => Promise<T>);

function start(
  outcomes: {
    create?: Outcome<Bundle>;
    update?: Outcome<Bundle>;
    remove?: Outcome<unknown>;
    load?: Outcome<Bundle>;
  } = {},
  bundles: Bundle[] = [glow],
) {
  const calls = {
    create: [] as CreateBundleInput[],
    update: [] as UpdateBundleInput[],
    remove: [] as number[],
  };
  const settle = async <T>(outcome: Outcome<T> | undefined, fallback: T): Promise<T> => {
    if (outcome instanceof Error) throw outcome;
    if (typeof outcome === 'function') return (outcome as () => Promise<T>)();
    return outcome ?? fallback;
  };
  const toBundle = (id: number, name: string, ids: number[], categoryId: number | null = 3): Bundle => ({
    id,
    name,
    serviceCategoryId: categoryId,
    serviceItems: items.filter((candidate) => ids.includes(candidate.id)),
    version: 1,
  });
  const actor = createActor(
    bundleEditorMachine.provide({
      actors: {
        createBundle: fromPromise(async ({ input }: { input: CreateBundleInput }) => {
          calls.create.push(input);
          return settle(
            outcomes.create,
            toBundle(11, input.name, input.serviceItems, input.serviceCategoryId),
          );
        }),
        updateBundle: fromPromise(async ({ input }: { input: UpdateBundleInput }) => {
          calls.update.push(input);
          if (calls.update.length > 1 && outcomes.update instanceof Error)
            return toBundle(input.id, input.name, input.serviceItems);
          return settle(outcomes.update, toBundle(input.id, input.name, input.serviceItems));
        }),
        deleteBundle: fromPromise(async ({ input }: { input: { id: number } }) => {
          calls.remove.push(input.id);
          return settle(outcomes.remove, { id: input.id });
        }),
        loadBundle: fromPromise(async ({ input }: { input: { id: number } }) =>
          settle(outcomes.load, bundles.find((candidate) => candidate.id === input.id) as Bundle),
        ),
      },
    }),
    { input: { categoryId: 3, bundles } },
  );
  const emitted: BundleEditorEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const notices = () =>
    emitted.flatMap((event) => (event.type === 'notify' ? [[event.level, event.message]] : []));
  const editing = () => waitFor(actor, (s) => s.matches('editing'));
  const bundle = (id: number) => actor.getSnapshot().context.bundles.find((candidate) => candidate.id === id);
  return { actor, calls, emitted, notices, editing, bundle };
}

const staleError = new ApiRequestError(409, API_ERROR_CODES.recordStale, RECORD_STALE_MESSAGE, 'version');

describe('bundle editor machine', () => {
  it("a stale save: Reload takes the other admin's name and keeps the items picked here", async () => {
    const fresh: Bundle = { ...glow, name: 'Glow Up Deluxe', version: 2 };
    const { actor, calls, notices, editing, bundle, emitted } = start({ update: staleError, load: fresh });
    actor.send({ type: 'bundle.toggleItem', id: 10, itemId: 2, included: true });
    actor.send({ type: 'bundle.save', id: 10 });
    await waitFor(actor, (s) => s.matches('stale'));
    expect(actor.getSnapshot().context.staleId).toBe(10);
    expect(notices()).toEqual([]);
    actor.send({ type: 'stale.reload' });
    await editing();
    expect(bundle(10)).toMatchObject({ name: 'Glow Up Deluxe', itemIds: [1, 3, 2] });
    expect(emitted.at(-1)).toMatchObject({ type: 'bundles.saved' });
    actor.send({ type: 'bundle.save', id: 10 });
    await waitFor(actor, () => calls.update.length === 2);
    expect(calls.update[1]).toMatchObject({ name: 'Glow Up Deluxe', version: 2 });
  });

  it('a stale save whose reload fails says so; Keep editing keeps the edits', async () => {
    const { actor, notices, editing, bundle } = start({ update: staleError, load: new Error('offline') });
    actor.send({ type: 'bundle.rename', id: 10, name: 'Mine' });
    actor.send({ type: 'bundle.save', id: 10 });
    await waitFor(actor, (s) => s.matches('stale'));
    actor.send({ type: 'stale.reload' });
    await waitFor(actor, (s) => s.matches('stale') && !s.hasTag('reloading'));
    expect(notices()).toEqual([['error', 'The record could not be reloaded. Try again.']]);
    actor.send({ type: 'stale.dismiss' });
    await editing();
    expect(bundle(10)?.name).toBe('Mine');
  });

  it("New Bundle creates 'New Bundle' in the category with no items", async () => {
    const { actor, calls, notices, editing, bundle, emitted } = start();
    actor.send({ type: 'bundle.add' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await editing();
    expect(calls.create).toEqual([{ name: 'New Bundle', serviceCategoryId: 3, serviceItems: [] }]);
    expect(bundle(11)).toEqual({ id: 11, name: 'New Bundle', itemIds: [], errors: {} });
    expect(notices()).toEqual([['success', 'Successfully created new Bundle']]);
    expect(emitted.at(-1)).toMatchObject({ type: 'bundles.saved', categoryId: 3 });
  });

  it('a failed create shows the server message', async () => {
    const { actor, notices, editing } = start({ create: new Error('name: name is required') });
    actor.send({ type: 'bundle.add' });
    await editing();
    expect(notices()).toEqual([['error', 'name: name is required']]);
    expect(actor.getSnapshot().context.bundles).toHaveLength(1);
  });

  it('rename, pick items and save sends the name and the item ids', async () => {
    const { actor, calls, notices, editing, bundle } = start();
    actor.send({ type: 'bundle.rename', id: 10, name: '  Glow Up Plus ' });
    actor.send({ type: 'bundle.toggleItem', id: 10, itemId: 2, included: true });
    actor.send({ type: 'bundle.toggleItem', id: 10, itemId: 1, included: false });
    expect(bundleIsEdited(bundle(10)!, glow)).toBe(true);
    actor.send({ type: 'bundle.save', id: 10 });
    await editing();
    // The version read goes with the save.
    expect(calls.update).toEqual([{ id: 10, name: 'Glow Up Plus', serviceItems: [3, 2], version: 1 }]);
    expect(bundle(10)).toMatchObject({ name: 'Glow Up Plus', itemIds: [2, 3] });
    expect(notices()).toEqual([['success', 'Saved Bundle']]);
    expect(bundleIsEdited(bundle(10)!, actor.getSnapshot().context.saved[10])).toBe(false);
  });

  it('an empty name is not sent; the field says so until it is typed again', () => {
    const { actor, calls, bundle } = start();
    actor.send({ type: 'bundle.rename', id: 10, name: '  ' });
    actor.send({ type: 'bundle.save', id: 10 });
    expect(bundle(10)?.errors).toEqual({ name: 'Bundle name is required' });
    expect(calls.update).toEqual([]);
    actor.send({ type: 'bundle.rename', id: 10, name: 'G' });
    expect(bundle(10)?.errors).toEqual({});
  });

  it('a failed save shows the server message and keeps the edits; edits made meanwhile are kept', async () => {
    const failing = start({ update: new Error('serviceItems: no service item with id 9') });
    failing.actor.send({ type: 'bundle.toggleItem', id: 10, itemId: 2, included: true });
    failing.actor.send({ type: 'bundle.save', id: 10 });
    await failing.editing();
    expect(failing.notices()).toEqual([['error', 'serviceItems: no service item with id 9']]);
    expect(failing.bundle(10)?.itemIds).toEqual([1, 3, 2]);

    let answer: (bundle: Bundle) => void = () => undefined;
    const slow = start({ update: () => new Promise<Bundle>((resolve) => (answer = resolve)) });
    slow.actor.send({ type: 'bundle.rename', id: 10, name: 'First' });
    slow.actor.send({ type: 'bundle.save', id: 10 });
    slow.actor.send({ type: 'bundle.rename', id: 10, name: 'Second' });
    answer({ ...glow, name: 'First' });
    await slow.editing();
    expect(slow.bundle(10)?.name).toBe('Second');
    expect(slow.actor.getSnapshot().context.saved[10]?.name).toBe('First');
  });

  it('discard puts a bundle back to what is saved', () => {
    const { actor, bundle } = start();
    actor.send({ type: 'bundle.rename', id: 10, name: 'Other' });
    actor.send({ type: 'bundle.discard', id: 10 });
    expect(bundle(10)).toEqual({ id: 10, name: 'Glow Up', itemIds: [1, 3], errors: {} });
  });

  it('delete asks first; cancel keeps it, confirm deletes it; a refusal shows the server message', async () => {
    const { actor, calls, notices, editing, bundle } = start();
    actor.send({ type: 'bundle.delete', id: 10 });
    expect(actor.getSnapshot().value).toBe('confirmingDelete');
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().context.deleteId).toBeNull();
    actor.send({ type: 'bundle.delete', id: 10 });
    actor.send({ type: 'delete.confirm' });
    await editing();
    expect(calls.remove).toEqual([10]);
    expect(bundle(10)).toBeUndefined();
    expect(notices()).toEqual([['success', 'Deleted Bundle']]);

    const refused = start({
      remove: new Error('The bundle "Glow Up" is used by 1 provider service mapping'),
    });
    refused.actor.send({ type: 'bundle.delete', id: 10 });
    refused.actor.send({ type: 'delete.confirm' });
    await refused.editing();
    expect(refused.bundle(10)).toBeDefined();
    expect(refused.notices()).toEqual([
      ['error', 'The bundle "Glow Up" is used by 1 provider service mapping'],
    ]);
  });

  it('ignores saving or deleting a bundle it does not have', () => {
    const { actor } = start();
    actor.send({ type: 'bundle.save', id: 99 });
    actor.send({ type: 'bundle.delete', id: 99 });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('walks every state and transition', async () => {
    const report = await coverMachine(bundleEditorMachine, {
      input: { categoryId: 3, bundles: [glow] },
      events: {
        'bundle.add': [{ type: 'bundle.add' }],
        'bundle.rename': [
          { type: 'bundle.rename', id: 10, name: '' },
          { type: 'bundle.rename', id: 10, name: 'Glow' },
        ],
        'bundle.toggleItem': [{ type: 'bundle.toggleItem', id: 10, itemId: 2, included: true }],
        'bundle.save': [{ type: 'bundle.save', id: 10 }],
        'bundle.discard': [{ type: 'bundle.discard', id: 10 }],
        'bundle.delete': [{ type: 'bundle.delete', id: 10 }],
        'delete.confirm': [{ type: 'delete.confirm' }],
        'delete.cancel': [{ type: 'delete.cancel' }],
        'stale.reload': [{ type: 'stale.reload' }],
        'stale.dismiss': [{ type: 'stale.dismiss' }],
      },
      outputs: {
        createBundle: [{ id: 11, name: 'New Bundle', serviceCategoryId: 3, serviceItems: [] }],
        updateBundle: [glow],
        deleteBundle: [{ id: 10 }],
        loadBundle: [glow],
      },
      errors: { updateBundle: [staleError, new Error('refused')] },
      serializeState: (snapshot) =>
        JSON.stringify({
          value: snapshot.value,
          bundle: snapshot.context.bundles.find((candidate) => candidate.id === 10)?.name ?? null,
          count: Math.min(snapshot.context.bundles.length, 3),
          deleteId: snapshot.context.deleteId,
        }),
    });
    recordCoverage(report);
    assertFullCoverage(report);
    expect(report.failures).toEqual([]);
  });
});
