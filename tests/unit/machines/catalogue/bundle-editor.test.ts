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
import { bundleEditorView } from '../../../../src/machines/catalogue/bundle-editor.view';
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
  const bundle = (key: string) =>
    actor.getSnapshot().context.bundles.find((candidate) => candidate.key === key);
  const view = () => bundleEditorView(actor.getSnapshot());
  return { actor, calls, emitted, notices, editing, bundle, view };
}

const staleError = new ApiRequestError(409, API_ERROR_CODES.recordStale, RECORD_STALE_MESSAGE, 'version');

describe('bundle editor machine', () => {
  it("a stale save: Reload takes the other admin's name and keeps the items picked here", async () => {
    const fresh: Bundle = { ...glow, name: 'Glow Up Deluxe', version: 2 };
    const { actor, calls, notices, editing, bundle, emitted } = start({ update: staleError, load: fresh });
    actor.send({ type: 'bundle.toggleItem', key: 'bundle-10', itemId: 2, included: true });
    actor.send({ type: 'bundle.save', key: 'bundle-10' });
    await waitFor(actor, (s) => s.matches('stale'));
    expect(actor.getSnapshot().context.staleKey).toBe('bundle-10');
    expect(notices()).toEqual([]);
    actor.send({ type: 'stale.reload' });
    await editing();
    expect(bundle('bundle-10')).toMatchObject({ name: 'Glow Up Deluxe', itemIds: [1, 3, 2] });
    expect(emitted.at(-1)).toMatchObject({ type: 'bundles.saved' });
    actor.send({ type: 'bundle.save', key: 'bundle-10' });
    await waitFor(actor, () => calls.update.length === 2);
    expect(calls.update[1]).toMatchObject({ name: 'Glow Up Deluxe', version: 2 });
  });

  it('a stale save whose reload fails says so; Keep editing keeps the edits', async () => {
    const { actor, notices, editing, bundle } = start({ update: staleError, load: new Error('offline') });
    actor.send({ type: 'bundle.rename', key: 'bundle-10', name: 'Mine' });
    actor.send({ type: 'bundle.save', key: 'bundle-10' });
    await waitFor(actor, (s) => s.matches('stale'));
    actor.send({ type: 'stale.reload' });
    await waitFor(actor, (s) => s.matches('stale') && !s.hasTag('reloading'));
    expect(notices()).toEqual([['error', 'The record could not be reloaded. Try again.']]);
    actor.send({ type: 'stale.dismiss' });
    await editing();
    expect(bundle('bundle-10')?.name).toBe('Mine');
  });

  it("New Bundle adds a local draft 'New Bundle' with no items; nothing is sent until Save", () => {
    const { actor, calls, notices, bundle, emitted, view } = start();
    actor.send({ type: 'bundle.add' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(bundle('draft-1')).toEqual({
      key: 'draft-1',
      id: null,
      isNew: true,
      name: 'New Bundle',
      itemIds: [],
      errors: {},
    });
    expect(calls.create).toEqual([]);
    expect(notices()).toEqual([]);
    expect(emitted).toEqual([]);
    // Counted apart from the saved ones, unsaved, and never offered for delete.
    expect(view()).toMatchObject({ count: 1, drafts: 1, unsaved: true });
    expect(view().bundles[1]).toMatchObject({ key: 'draft-1', edited: true, busy: false });
    actor.send({ type: 'bundle.delete', key: 'draft-1' });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('Save creates the draft with its name and items; it becomes a saved bundle under the same key', async () => {
    const { actor, calls, notices, editing, bundle, emitted, view } = start();
    actor.send({ type: 'bundle.add' });
    actor.send({ type: 'bundle.rename', key: 'draft-1', name: ' Spa Day ' });
    actor.send({ type: 'bundle.toggleItem', key: 'draft-1', itemId: 2, included: true });
    actor.send({ type: 'bundle.save', key: 'draft-1' });
    expect(view()).toMatchObject({ busy: true });
    expect(view().bundles[1]?.busy).toBe(true);
    await editing();
    expect(calls.create).toEqual([{ name: 'Spa Day', serviceCategoryId: 3, serviceItems: [2] }]);
    expect(bundle('draft-1')).toEqual({
      key: 'draft-1',
      id: 11,
      isNew: false,
      name: 'Spa Day',
      itemIds: [2],
      errors: {},
    });
    expect(notices()).toEqual([['success', 'Successfully created new Bundle']]);
    expect(emitted.at(-1)).toMatchObject({ type: 'bundles.saved', categoryId: 3 });
    expect((emitted.at(-1) as { bundles: Bundle[] }).bundles.map((saved) => saved.id)).toEqual([10, 11]);
    expect(view()).toMatchObject({ count: 2, drafts: 0, unsaved: false });
    // Saved now: a second Save updates it, and it can be deleted.
    actor.send({ type: 'bundle.rename', key: 'draft-1', name: 'Spa Night' });
    actor.send({ type: 'bundle.save', key: 'draft-1' });
    await editing();
    expect(calls.update).toEqual([{ id: 11, name: 'Spa Night', serviceItems: [2], version: 1 }]);
    actor.send({ type: 'bundle.delete', key: 'draft-1' });
    expect(view().confirmDelete).toEqual({ key: 'draft-1', name: 'Spa Night' });
  });

  it('a draft typed into while its create is out keeps what was typed, unsaved', async () => {
    let answer: (bundle: Bundle) => void = () => undefined;
    const { actor, editing, bundle, view } = start({
      create: () => new Promise<Bundle>((resolve) => (answer = resolve)),
    });
    actor.send({ type: 'bundle.add' });
    actor.send({ type: 'bundle.save', key: 'draft-1' });
    actor.send({ type: 'bundle.rename', key: 'draft-1', name: 'Typed meanwhile' });
    // A click on New Bundle during the save is not lost.
    actor.send({ type: 'bundle.add' });
    answer({ id: 11, name: 'New Bundle', serviceCategoryId: 3, serviceItems: [], version: 1 });
    await editing();
    expect(bundle('draft-1')).toMatchObject({ id: 11, isNew: false, name: 'Typed meanwhile' });
    expect(bundle('draft-2')).toMatchObject({ id: null, isNew: true });
    expect(view()).toMatchObject({ count: 2, drafts: 1 });
    expect(view().bundles.find((row) => row.key === 'draft-1')?.edited).toBe(true);
  });

  it('a refused create shows the server message and keeps the draft as typed', async () => {
    const { actor, calls, notices, editing, bundle, emitted } = start({
      create: new Error('serviceItems: no service item with id 9'),
    });
    actor.send({ type: 'bundle.add' });
    actor.send({ type: 'bundle.rename', key: 'draft-1', name: 'Spa Day' });
    actor.send({ type: 'bundle.toggleItem', key: 'draft-1', itemId: 3, included: true });
    actor.send({ type: 'bundle.save', key: 'draft-1' });
    await editing();
    expect(notices()).toEqual([['error', 'serviceItems: no service item with id 9']]);
    expect(bundle('draft-1')).toMatchObject({ isNew: true, id: null, name: 'Spa Day', itemIds: [3] });
    expect(actor.getSnapshot().context.pending).toBeNull();
    expect(emitted.some((event) => event.type === 'bundles.saved')).toBe(false);
    // Save again sends it again.
    actor.send({ type: 'bundle.save', key: 'draft-1' });
    await editing();
    expect(calls.create).toHaveLength(2);
  });

  it('a draft without a name is not sent; Remove drops the draft and nothing reaches the server', () => {
    const { actor, calls, bundle, view } = start();
    actor.send({ type: 'bundle.add' });
    actor.send({ type: 'bundle.add' });
    actor.send({ type: 'bundle.rename', key: 'draft-2', name: '' });
    actor.send({ type: 'bundle.save', key: 'draft-2' });
    expect(bundle('draft-2')?.errors).toEqual({ name: 'Bundle name is required' });
    actor.send({ type: 'bundle.discard', key: 'draft-2' });
    actor.send({ type: 'bundle.discard', key: 'draft-1' });
    expect(actor.getSnapshot().context.bundles.map((entry) => entry.key)).toEqual(['bundle-10']);
    expect(view()).toMatchObject({ count: 1, drafts: 0, unsaved: false });
    expect(calls).toEqual({ create: [], update: [], remove: [] });
  });

  it('rename, pick items and save sends the name and the item ids', async () => {
    const { actor, calls, notices, editing, bundle } = start();
    actor.send({ type: 'bundle.rename', key: 'bundle-10', name: '  Glow Up Plus ' });
    actor.send({ type: 'bundle.toggleItem', key: 'bundle-10', itemId: 2, included: true });
    actor.send({ type: 'bundle.toggleItem', key: 'bundle-10', itemId: 1, included: false });
    expect(bundleIsEdited(bundle('bundle-10')!, glow)).toBe(true);
    actor.send({ type: 'bundle.save', key: 'bundle-10' });
    await editing();
    // The version read goes with the save.
    expect(calls.update).toEqual([{ id: 10, name: 'Glow Up Plus', serviceItems: [3, 2], version: 1 }]);
    expect(bundle('bundle-10')).toMatchObject({ name: 'Glow Up Plus', itemIds: [2, 3] });
    expect(notices()).toEqual([['success', 'Saved Bundle']]);
    expect(bundleIsEdited(bundle('bundle-10')!, actor.getSnapshot().context.saved[10])).toBe(false);
  });

  it('an empty name is not sent; the field says so until it is typed again', () => {
    const { actor, calls, bundle } = start();
    actor.send({ type: 'bundle.rename', key: 'bundle-10', name: '  ' });
    actor.send({ type: 'bundle.save', key: 'bundle-10' });
    expect(bundle('bundle-10')?.errors).toEqual({ name: 'Bundle name is required' });
    expect(calls.update).toEqual([]);
    actor.send({ type: 'bundle.rename', key: 'bundle-10', name: 'G' });
    expect(bundle('bundle-10')?.errors).toEqual({});
  });

  it('a failed save shows the server message and keeps the edits; edits made meanwhile are kept', async () => {
    const failing = start({ update: new Error('serviceItems: no service item with id 9') });
    failing.actor.send({ type: 'bundle.toggleItem', key: 'bundle-10', itemId: 2, included: true });
    failing.actor.send({ type: 'bundle.save', key: 'bundle-10' });
    await failing.editing();
    expect(failing.notices()).toEqual([['error', 'serviceItems: no service item with id 9']]);
    expect(failing.bundle('bundle-10')?.itemIds).toEqual([1, 3, 2]);

    let answer: (bundle: Bundle) => void = () => undefined;
    const slow = start({ update: () => new Promise<Bundle>((resolve) => (answer = resolve)) });
    slow.actor.send({ type: 'bundle.rename', key: 'bundle-10', name: 'First' });
    slow.actor.send({ type: 'bundle.save', key: 'bundle-10' });
    slow.actor.send({ type: 'bundle.rename', key: 'bundle-10', name: 'Second' });
    answer({ ...glow, name: 'First' });
    await slow.editing();
    expect(slow.bundle('bundle-10')?.name).toBe('Second');
    expect(slow.actor.getSnapshot().context.saved[10]?.name).toBe('First');
  });

  it('discard puts a bundle back to what is saved', () => {
    const { actor, bundle } = start();
    actor.send({ type: 'bundle.rename', key: 'bundle-10', name: 'Other' });
    actor.send({ type: 'bundle.discard', key: 'bundle-10' });
    expect(bundle('bundle-10')).toEqual({
      key: 'bundle-10',
      id: 10,
      isNew: false,
      name: 'Glow Up',
      itemIds: [1, 3],
      errors: {},
    });
  });

  it('delete asks first; cancel keeps it, confirm deletes it; a refusal shows the server message', async () => {
    const { actor, calls, notices, editing, bundle } = start();
    actor.send({ type: 'bundle.delete', key: 'bundle-10' });
    expect(actor.getSnapshot().value).toBe('confirmingDelete');
    expect(bundleEditorView(actor.getSnapshot()).confirmDelete).toEqual({
      key: 'bundle-10',
      name: 'Glow Up',
    });
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().context.deleteKey).toBeNull();
    actor.send({ type: 'bundle.delete', key: 'bundle-10' });
    actor.send({ type: 'delete.confirm' });
    await editing();
    expect(calls.remove).toEqual([10]);
    expect(bundle('bundle-10')).toBeUndefined();
    expect(notices()).toEqual([['success', 'Deleted Bundle']]);

    const refused = start({
      remove: new Error('The bundle "Glow Up" is used by 1 provider service mapping'),
    });
    refused.actor.send({ type: 'bundle.delete', key: 'bundle-10' });
    refused.actor.send({ type: 'delete.confirm' });
    await refused.editing();
    expect(refused.bundle('bundle-10')).toBeDefined();
    expect(refused.notices()).toEqual([
      ['error', 'The bundle "Glow Up" is used by 1 provider service mapping'],
    ]);
  });

  it('ignores saving or deleting a bundle it does not have', () => {
    const { actor } = start();
    actor.send({ type: 'bundle.save', key: 'bundle-99' });
    actor.send({ type: 'bundle.delete', key: 'bundle-99' });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('walks every state and transition', async () => {
    const report = await coverMachine(bundleEditorMachine, {
      input: { categoryId: 3, bundles: [glow] },
      events: {
        'bundle.add': [{ type: 'bundle.add' }],
        'bundle.rename': [
          { type: 'bundle.rename', key: 'bundle-10', name: '' },
          { type: 'bundle.rename', key: 'bundle-10', name: 'Glow' },
        ],
        'bundle.toggleItem': [{ type: 'bundle.toggleItem', key: 'bundle-10', itemId: 2, included: true }],
        'bundle.save': [
          { type: 'bundle.save', key: 'bundle-10' },
          { type: 'bundle.save', key: 'draft-1' },
        ],
        'bundle.discard': [
          { type: 'bundle.discard', key: 'bundle-10' },
          { type: 'bundle.discard', key: 'draft-1' },
        ],
        'bundle.delete': [{ type: 'bundle.delete', key: 'bundle-10' }],
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
      errors: { updateBundle: [staleError, new Error('refused')], createBundle: [new Error('refused')] },
      serializeState: (snapshot) =>
        JSON.stringify({
          value: snapshot.value,
          bundle: snapshot.context.bundles.find((candidate) => candidate.id === 10)?.name ?? null,
          draft: snapshot.context.bundles.find((candidate) => candidate.key === 'draft-1')?.isNew ?? null,
          count: Math.min(snapshot.context.bundles.length, 3),
          deleteKey: snapshot.context.deleteKey,
        }),
    });
    recordCoverage(report);
    assertFullCoverage(report);
    expect(report.failures).toEqual([]);
  });
});
