import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ProviderServiceItem } from '../../../../src/api/contract/provider-svc-item';
import type { MappingCatalogue, MappingRow } from '../../../../src/domain/mappings/mappings';
import { mappingRowsMachine } from '../../../../src/machines/mappings/mapping-rows.machine';
import { mappingSelectionView } from '../../../../src/machines/mappings/mapping-selection.view';

const catalogue: MappingCatalogue = {
  categories: [
    {
      name: 'Facials',
      serviceItems: [
        { id: 1, name: 'HydraFacial' },
        { id: 2, name: 'Chemical Peel' },
      ],
    },
    { name: 'Injectables', serviceItems: [{ id: 3, name: 'Botox' }] },
  ],
  bundles: [{ id: 4, name: 'Glow Up Facial Bundle' }],
};
const externalItems = [
  { id: 'urn:1', name: 'HydraFacial', category: 'Facials' },
  { id: 'urn:3', name: 'Botox', category: 'Injectables' },
];
const saved: MappingRow = {
  key: 'saved-5',
  id: 5,
  version: 1,
  section: 'Facials',
  externalId: 'urn:1',
  target: { kind: 'item', id: 1 },
  dirty: false,
};

function start(save: () => Promise<ProviderServiceItem>) {
  const actor = createActor(
    mappingRowsMachine.provide({
      actors: {
        saveMapping: fromPromise(save),
        deleteMapping: fromPromise<unknown, { id: number }>(async () => ({ id: 5, deleted: true })),
      },
    }),
    { input: { locationId: 7, externalItems, rows: [saved] } },
  );
  actor.start();
  return actor;
}

describe('the mapping selection view', () => {
  it('shows every item per section, selected or not, with its state; counts what is unsaved', () => {
    const actor = start(() => new Promise(() => undefined));
    let view = mappingSelectionView(actor.getSnapshot(), catalogue);
    expect(view.sections.map((s) => [s.section, s.selected, s.items.length])).toEqual([
      ['Facials', 1, 2],
      ['Injectables', 0, 1],
      ['Laser (Hair Removal)', 0, 0],
      ['Body Contour', 0, 0],
      ['Bundles', 0, 1],
    ]);
    expect(view.sections[0]?.items[0]).toEqual({
      id: 'item:1',
      target: { kind: 'item', id: 1 },
      name: 'HydraFacial',
      rowKey: 'saved-5',
      externalId: 'urn:1',
      status: 'saved',
      working: false,
      removing: false,
    });
    expect(view.sections[0]?.items[1]).toMatchObject({ rowKey: null, externalId: '', status: null });
    expect(view).toMatchObject({ unsaved: 0, canSave: false, busy: false, confirmRemove: null, left: false });

    actor.send({
      type: 'row.add',
      section: 'Injectables',
      target: { kind: 'item', id: 3 },
      externalId: 'urn:3',
    });
    actor.send({ type: 'row.add', section: 'Bundles', target: { kind: 'bundle', id: 4 } });
    view = mappingSelectionView(actor.getSnapshot(), catalogue);
    expect(view.sections[1]?.items[0]).toMatchObject({ rowKey: 'new-1', status: 'unsaved' });
    expect(view.sections[4]?.items[0]).toMatchObject({ rowKey: 'new-2', status: 'incomplete' });
    expect(view).toMatchObject({ unsaved: 2, canSave: true });

    actor.send({ type: 'rows.save' });
    view = mappingSelectionView(actor.getSnapshot(), catalogue);
    expect(view).toMatchObject({ busy: true, canSave: false });
    expect(view.sections[1]?.items[0]?.working).toBe(true);
  });

  it('asks before a saved selection is removed, naming the item and its external service', async () => {
    const actor = start(() => new Promise(() => undefined));
    actor.send({ type: 'row.delete', key: 'saved-5' });
    let view = mappingSelectionView(actor.getSnapshot(), catalogue);
    expect(view.confirmRemove).toEqual({ name: 'HydraFacial', service: 'HydraFacial' });
    expect(view.sections[0]?.items[0]?.removing).toBe(true);
    expect(view.sections[0]?.items[1]?.removing).toBe(false);
    expect(view.removing).toBe(false);
    actor.send({ type: 'delete.confirm' });
    view = mappingSelectionView(actor.getSnapshot(), catalogue);
    expect(view).toMatchObject({ removing: true, busy: true });
    await waitFor(actor, (s) => s.matches('ready'));
    view = mappingSelectionView(actor.getSnapshot(), catalogue);
    expect(view.confirmRemove).toBeNull();
    expect(view.sections[0]?.selected).toBe(0);
  });

  it('says when every selection is saved and the wizard may go on', () => {
    const actor = start(() => new Promise(() => undefined));
    actor.send({ type: 'rows.leave' });
    expect(mappingSelectionView(actor.getSnapshot(), catalogue).left).toBe(true);
  });
});
