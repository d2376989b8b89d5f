import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiRequestError } from '../../../../src/api/client';
import type { ProviderServiceItem } from '../../../../src/api/contract/provider-svc-item';
import { rowCanSave, rowIsComplete, type MappingRow } from '../../../../src/domain/mappings/mappings';
import {
  mappingRowsMachine,
  type SaveMappingInput,
} from '../../../../src/machines/mappings/mapping-rows.machine';
import type { Notice } from '../../../../src/machines/shared/notice';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';

const externalItems = [
  { id: 'mb-1', name: 'Signature HydraFacial', category: 'Facials' },
  { id: 'mb-2', name: 'Botox Cosmetic', category: 'Injectables' },
];
const saved: MappingRow = {
  key: 'saved-5',
  id: 5,
  version: 2,
  section: 'Injectables',
  externalId: 'mb-2',
  target: { kind: 'item', id: 11 },
  dirty: false,
};
const mapping = (over: Partial<ProviderServiceItem> = {}): ProviderServiceItem => ({
  id: 9,
  externalId: 'mb-1',
  locationId: 7,
  serviceItemId: 1,
  bundleId: null,
  version: 1,
  ...over,
});
const duplicate = new ApiRequestError(
  409,
  'mapping/exists',
  'Failed to save: Mapping for service_item already exists',
  'serviceItemId',
);
const stale = new ApiRequestError(409, 'record/stale', 'Someone else changed this record', 'version');
const gone = new ApiRequestError(404, 'mapping/not-found', 'No provider service item with id 5', 'id');

function start(
  options: { save?: (input: SaveMappingInput) => ProviderServiceItem; deleteError?: Error } = {},
) {
  const calls: Array<SaveMappingInput | { deleted: number } | 'load'> = [];
  const actor = createActor(
    mappingRowsMachine.provide({
      actors: {
        saveMapping: fromPromise(async ({ input }: { input: SaveMappingInput }) => {
          calls.push(input);
          if (!options.save) return mapping();
          return options.save(input);
        }),
        deleteMapping: fromPromise<unknown, { id: number }>(async ({ input }) => {
          calls.push({ deleted: input.id });
          if (options.deleteError) throw options.deleteError;
          return { id: input.id, deleted: true };
        }),
        loadMappings: fromPromise(async () => {
          calls.push('load');
          return [mapping({ id: 5, externalId: 'mb-2', serviceItemId: 11, version: 4 })];
        }),
      },
    }),
    { input: { locationId: 7, externalItems, rows: [saved] } },
  );
  const notices: Notice[] = [];
  actor.on('notify', (event) => notices.push(event));
  actor.start();
  return { actor, calls, notices };
}

describe('mapping rows machine', () => {
  it('creates a new row (no id until saved), then updates it with its version', async () => {
    const { actor, calls, notices } = start({
      save: (input) => mapping({ id: input.id ?? 9, version: input.id === null ? 1 : 2 }),
    });
    actor.send({ type: 'row.add', section: 'Facials' });
    const row = actor.getSnapshot().context.rows[1];
    expect(row).toMatchObject({ key: 'new-1', id: null, section: 'Facials', externalId: '', target: null });
    actor.send({ type: 'row.save', key: 'new-1' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'row.change', key: 'new-1', externalId: 'mb-1', target: { kind: 'item', id: 1 } });
    actor.send({ type: 'row.save', key: 'new-1' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls[0]).toEqual({
      id: null,
      body: { externalId: 'mb-1', locationId: 7, serviceItemId: 1, bundleId: null },
    });
    expect(actor.getSnapshot().context.rows[1]).toMatchObject({ id: 9, version: 1 });
    actor.send({ type: 'row.change', key: 'new-1', target: { kind: 'bundle', id: 3 } });
    actor.send({ type: 'row.save', key: 'new-1' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls[1]).toEqual({
      id: 9,
      body: { externalId: 'mb-1', serviceItemId: null, bundleId: 3, version: 1 },
    });
    expect(notices.map((n) => n.message)).toEqual(['Created Mapping', 'Updated Mapping']);
  });

  it("shows the server's message for a duplicate and keeps the row as typed", async () => {
    const { actor, notices } = start({
      save: () => {
        throw duplicate;
      },
    });
    actor.send({ type: 'row.add', section: 'Injectables' });
    actor.send({ type: 'row.change', key: 'new-1', externalId: 'mb-1', target: { kind: 'item', id: 11 } });
    actor.send({ type: 'row.save', key: 'new-1' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(notices).toEqual([
      { type: 'notify', level: 'error', message: 'Failed to save: Mapping for service_item already exists' },
    ]);
    expect(actor.getSnapshot().context.rows[1]).toMatchObject({ id: null, externalId: 'mb-1' });
  });

  it('a stale update reloads and takes the fresh version, keeping the choice; a vanished row says so', async () => {
    let attempt = 0;
    const { actor, calls, notices } = start({
      save: (input) => {
        attempt += 1;
        if (attempt === 1) throw stale;
        if (attempt === 3) throw gone;
        return mapping({ id: 5, version: (input.id !== null && input.body.version) || 0 + 1 });
      },
    });
    actor.send({ type: 'row.change', key: 'saved-5', target: { kind: 'item', id: 12 } });
    actor.send({ type: 'row.save', key: 'saved-5' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls[1]).toBe('load');
    expect(actor.getSnapshot().context.rows[0]).toMatchObject({
      version: 4,
      target: { kind: 'item', id: 12 },
    });
    actor.send({ type: 'row.save', key: 'saved-5' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls[2]).toMatchObject({ id: 5, body: { version: 4, serviceItemId: 12 } });
    // Saved and unchanged: Save does nothing until something changes.
    actor.send({ type: 'row.save', key: 'saved-5' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'row.change', key: 'saved-5', externalId: 'mb-2' });
    actor.send({ type: 'row.save', key: 'saved-5' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(notices.map((n) => n.message)).toEqual([
      'Someone else changed this record',
      'Updated Mapping',
      'could not find provider service item for Botox Cosmetic',
    ]);
    expect(actor.getSnapshot().context.rows).toEqual([]);
  });

  it('deletes an unsaved row locally; a saved one after a confirmation', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'row.add', section: 'Bundles' });
    actor.send({ type: 'row.delete', key: 'new-1' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.rows).toEqual([saved]);
    actor.send({ type: 'row.delete', key: 'saved-5' });
    expect(actor.getSnapshot().value).toBe('confirmingDelete');
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().context.rows).toEqual([saved]);
    actor.send({ type: 'row.delete', key: 'saved-5' });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls).toEqual([{ deleted: 5 }]);
    expect(actor.getSnapshot().context.rows).toEqual([]);
  });

  it('a refused delete keeps the row and shows the message', async () => {
    const { actor, notices } = start({ deleteError: new Error('Network down') });
    actor.send({ type: 'row.delete', key: 'saved-5' });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(notices.map((n) => n.message)).toEqual(['Network down']);
    expect(actor.getSnapshot().context.rows).toEqual([saved]);
  });

  it('takes the rows a bulk edit created', () => {
    const { actor } = start();
    const added: MappingRow = { ...saved, key: 'saved-8', id: 8, externalId: 'mb-1' };
    actor.send({ type: 'rows.added', rows: [added] });
    expect(actor.getSnapshot().context.rows).toEqual([saved, added]);
  });

  it('a selection adds a row with its target and external item; rows.save saves each in turn, one notice each', async () => {
    let next = 20;
    const { actor, calls, notices } = start({
      save: (input) => mapping({ id: input.id ?? ++next, version: input.id === null ? 1 : 3 }),
    });
    actor.send({ type: 'row.add', section: 'Facials', externalId: 'mb-1', target: { kind: 'item', id: 1 } });
    actor.send({
      type: 'row.add',
      section: 'Bundles',
      externalId: 'mb-2',
      target: { kind: 'bundle', id: 3 },
    });
    actor.send({ type: 'row.change', key: 'saved-5', externalId: 'mb-1' });
    expect(actor.getSnapshot().context.rows[1]).toMatchObject({
      key: 'new-1',
      id: null,
      section: 'Facials',
      externalId: 'mb-1',
      target: { kind: 'item', id: 1 },
    });
    actor.send({ type: 'rows.save' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready') && s.context.batch === 'none');
    expect(calls).toEqual([
      { id: 5, body: { externalId: 'mb-1', serviceItemId: 11, bundleId: null, version: 2 } },
      { id: null, body: { externalId: 'mb-1', locationId: 7, serviceItemId: 1, bundleId: null } },
      { id: null, body: { externalId: 'mb-2', locationId: 7, serviceItemId: null, bundleId: 3 } },
    ]);
    expect(actor.getSnapshot().context.rows.map((row) => [row.id, row.dirty])).toEqual([
      [5, false],
      [21, false],
      [22, false],
    ]);
    expect(notices.map((n) => n.message)).toEqual(['Created Mapping', 'Updated Mapping']);
    // Nothing left to save: rows.save does nothing.
    actor.send({ type: 'rows.save' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(calls).toHaveLength(3);
  });

  it('a failure part-way stops the run: what was saved stays saved, the rest stays as chosen', async () => {
    const { actor, calls, notices } = start({
      save: (input) => {
        if (input.id === null) throw duplicate;
        return mapping({ id: 5, externalId: 'mb-1', serviceItemId: 11, version: 3 });
      },
    });
    actor.send({ type: 'row.change', key: 'saved-5', externalId: 'mb-1' });
    actor.send({ type: 'row.add', section: 'Facials', externalId: 'mb-1', target: { kind: 'item', id: 1 } });
    actor.send({
      type: 'row.add',
      section: 'Bundles',
      externalId: 'mb-2',
      target: { kind: 'bundle', id: 3 },
    });
    actor.send({ type: 'rows.save' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.batch === 'none');
    expect(calls).toHaveLength(2);
    expect(notices.map((n) => n.message)).toEqual([
      'Updated Mapping',
      'Failed to save: Mapping for service_item already exists',
    ]);
    expect(actor.getSnapshot().context.rows.map((row) => [row.key, row.id, row.version])).toEqual([
      ['saved-5', 5, 3],
      ['new-1', null, null],
      ['new-2', null, null],
    ]);
  });

  it('rows.leave is refused while a row is incomplete, then saves every row and leaves', async () => {
    const { actor, calls, notices } = start();
    actor.send({ type: 'row.add', section: 'Facials', target: { kind: 'item', id: 1 } });
    actor.send({ type: 'rows.leave' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(notices).toEqual([
      {
        type: 'notify',
        level: 'error',
        message: 'Choose the service that books each selected item, or unselect it.',
      },
    ]);
    expect(calls).toEqual([]);
    actor.send({ type: 'row.change', key: 'new-1', externalId: 'mb-1' });
    actor.send({ type: 'rows.leave' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('left');
    expect(calls).toHaveLength(1);
    expect(notices.at(-1)?.message).toBe('Created Mapping');
  });

  it('rows.leave with nothing to save leaves at once', () => {
    const { actor, calls } = start();
    actor.send({ type: 'rows.leave' });
    expect(actor.getSnapshot().value).toBe('left');
    expect(calls).toEqual([]);
  });

  it('rows.leave while a row saves: refused for an incomplete row, else leaves once every row is saved', async () => {
    let release: () => void = () => undefined;
    const calls: SaveMappingInput[] = [];
    const actor = createActor(
      mappingRowsMachine.provide({
        actors: {
          saveMapping: fromPromise(async ({ input }: { input: SaveMappingInput }) => {
            calls.push(input);
            if (calls.length === 1) await new Promise<void>((resolve) => (release = resolve));
            return mapping({ id: input.id ?? 30 + calls.length });
          }),
        },
      }),
      { input: { locationId: 7, externalItems, rows: [saved] } },
    );
    const notices: Notice[] = [];
    actor.on('notify', (event) => notices.push(event));
    actor.start();
    actor.send({ type: 'row.change', key: 'saved-5', externalId: 'mb-1' });
    actor.send({ type: 'row.add', section: 'Facials', target: { kind: 'item', id: 1 } });
    actor.send({ type: 'row.save', key: 'saved-5' });
    actor.send({ type: 'rows.leave' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(notices.map((n) => n.level)).toEqual(['error']);
    expect(actor.getSnapshot().context.batch).toBe('none');
    actor.send({ type: 'row.change', key: 'new-1', externalId: 'mb-2' });
    // Changes wait while a save runs: the new row is still incomplete.
    expect(actor.getSnapshot().context.rows[1]?.externalId).toBe('');
    release();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'row.change', key: 'new-1', externalId: 'mb-2' });
    actor.send({ type: 'row.change', key: 'saved-5', externalId: 'mb-2' });
    actor.send({ type: 'row.save', key: 'saved-5' });
    actor.send({ type: 'rows.leave' });
    expect(actor.getSnapshot().context.batch).toBe('leave');
    release();
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.map((call) => call.id)).toEqual([5, 5, null]);
  });

  it('walks every state and transition', async () => {
    const report = await coverMachine(mappingRowsMachine, {
      input: { locationId: 7, externalItems, rows: [saved] },
      events: {
        'row.add': [{ type: 'row.add', section: 'Facials' }],
        'row.change': [
          { type: 'row.change', key: 'new-1', externalId: 'mb-1', target: { kind: 'item', id: 1 } },
          { type: 'row.change', key: 'saved-5', target: { kind: 'item', id: 12 } },
        ],
        'row.save': [
          { type: 'row.save', key: 'saved-5' },
          { type: 'row.save', key: 'new-1' },
        ],
        'row.delete': [
          { type: 'row.delete', key: 'new-1' },
          { type: 'row.delete', key: 'saved-5' },
        ],
        'rows.added': [{ type: 'rows.added', rows: [{ ...saved, key: 'saved-8', id: 8 }] }],
        'delete.confirm': [{ type: 'delete.confirm' }],
        'delete.cancel': [{ type: 'delete.cancel' }],
        'rows.save': [{ type: 'rows.save' }],
        'rows.leave': [{ type: 'rows.leave' }],
      },
      outputs: {
        saveMapping: [mapping({ id: 5, version: 3 })],
        loadMappings: [[mapping({ id: 5, version: 4 })]],
      },
      errors: { saveMapping: [stale, gone, duplicate], deleteMapping: [gone, new Error('down')] },
      serializeState: (snapshot) => {
        const { rows, pending, batch } = snapshot.context;
        const shape =
          rows.length > 3
            ? 'many'
            : rows.map((r) => `${r.key}:${r.id}:${rowIsComplete(r)}:${rowCanSave(r)}`).join(',');
        return `${JSON.stringify(snapshot.value)}|${shape}|${pending}|${batch}`;
      },
    });
    recordCoverage(report);
    assertFullCoverage(report);
    expect(report.failures).toEqual([]);
  });
});
