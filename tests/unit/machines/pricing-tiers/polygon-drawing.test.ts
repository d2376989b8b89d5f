import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiRequestError } from '../../../../src/api/client';
import type { Polygon } from '../../../../src/api/contract/price-tier';
import type { Position } from '../../../../src/domain/pricing-tiers/geometry';
import {
  polygonDrawingMachine,
  type DeletePolygonInput,
  type PolygonDrawingEmitted,
  type SavePolygonInput,
} from '../../../../src/machines/pricing-tiers/polygon-drawing.machine';
import { polygonDrawingView } from '../../../../src/machines/pricing-tiers/polygon-drawing.view';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';

const open: Position[] = [
  [-118.3, 34],
  [-118.2, 34],
  [-118.2, 34.1],
  [-118.3, 34.1],
];
const bowtie: Position[] = [
  [0, 0],
  [1, 1],
  [1, 0],
  [0, 1],
];

function start(outcomes: { save?: Error; remove?: Error } = {}) {
  const saves: SavePolygonInput[] = [];
  const deletes: DeletePolygonInput[] = [];
  const actor = createActor(
    polygonDrawingMachine.provide({
      actors: {
        savePolygon: fromPromise(async ({ input }: { input: SavePolygonInput }) => {
          saves.push(input);
          if (outcomes.save) throw outcomes.save;
          return { id: 40, ...input } as Polygon;
        }),
        deletePolygon: fromPromise(async ({ input }: { input: DeletePolygonInput }) => {
          deletes.push(input);
          if (outcomes.remove) throw outcomes.remove;
        }),
      },
    }),
    { input: { tierId: 7 } },
  );
  const emitted: PolygonDrawingEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, saves, deletes, emitted, view: () => polygonDrawingView(actor.getSnapshot()) };
}

describe('polygon drawing machine', () => {
  it('a drawn polygon needs a name before it is saved, closed, in the tier', async () => {
    const { actor, saves, emitted, view } = start();
    actor.send({ type: 'draw.complete', points: open });
    expect(view()).toMatchObject({ naming: true, canDraw: false });
    actor.send({ type: 'polygon.save' });
    expect(view().nameError).toBe('A polygon needs a name before it can be saved.');
    expect(saves).toEqual([]);
    actor.send({ type: 'name.change', value: ' Downtown ' });
    expect(view().nameError).toBeNull();
    actor.send({ type: 'polygon.save' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(saves).toEqual([{ priceTierId: 7, name: 'Downtown', points: [...open, open[0]] }]);
    expect(emitted.map((e) => e.type)).toEqual(['polygon.saved', 'drawing.cleared', 'notify']);
  });

  it('refuses a self-crossing outline before sending anything, with a clear message', () => {
    const { actor, saves, emitted, view } = start();
    actor.send({ type: 'draw.complete', points: bowtie });
    expect(view()).toMatchObject({ naming: false, canDraw: true });
    expect(view().error).toMatch(/crosses itself/);
    expect(emitted).toEqual([{ type: 'drawing.cleared' }]);
    actor.send({ type: 'outline.add', name: 'Odd', points: bowtie });
    expect(view().naming).toBe(false);
    expect(saves).toEqual([]);
  });

  it("keeps the name form with the server's message when saving fails (e.g. a duplicate name)", async () => {
    const message = 'This tier already has a polygon named "Downtown". Choose another name.';
    const { actor, emitted, view } = start({
      save: new ApiRequestError(409, 'polygon/name-exists', message),
    });
    actor.send({ type: 'outline.add', name: 'Downtown', points: open });
    expect(view().name).toBe('Downtown');
    actor.send({ type: 'polygon.save' });
    await waitFor(actor, (s) => s.matches('naming') && s.context.error !== null);
    expect(view()).toMatchObject({ naming: true, error: message, name: 'Downtown' });
    expect(emitted).toContainEqual({ type: 'notify', level: 'error', message });
    actor.send({ type: 'draw.cancel' });
    expect(view()).toMatchObject({ naming: false, pendingPoints: null, error: null });
  });

  it('deletes a saved polygon by name after a confirmation; a failure shows the server message', async () => {
    const ok = start();
    ok.actor.send({ type: 'polygon.delete', name: 'Central LA' });
    expect(ok.view()).toMatchObject({ confirmingDelete: true, deleteName: 'Central LA' });
    ok.actor.send({ type: 'delete.cancel' });
    expect(ok.deletes).toEqual([]);
    ok.actor.send({ type: 'polygon.delete', name: 'Central LA' });
    ok.actor.send({ type: 'delete.confirm' });
    await waitFor(ok.actor, (s) => s.matches('idle'));
    expect(ok.deletes).toEqual([{ priceTierId: 7, name: 'Central LA' }]);
    expect(ok.emitted).toContainEqual({ type: 'polygon.deleted', name: 'Central LA' });

    const failed = start({
      remove: new ApiRequestError(404, 'polygon/not-found', 'Price tier 7 has no polygon named "X".'),
    });
    failed.actor.send({ type: 'polygon.delete', name: 'X' });
    failed.actor.send({ type: 'delete.confirm' });
    await waitFor(failed.actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(failed.view().error).toBe('Price tier 7 has no polygon named "X".');
  });

  it('walks every state and transition', async () => {
    const report = await coverMachine(polygonDrawingMachine, {
      input: { tierId: 7 },
      events: {
        'draw.complete': [
          { type: 'draw.complete', points: open },
          { type: 'draw.complete', points: bowtie },
        ],
        'outline.add': [
          { type: 'outline.add', name: 'City', points: open },
          { type: 'outline.add', name: 'Odd', points: bowtie },
        ],
        'name.change': [
          { type: 'name.change', value: '' },
          { type: 'name.change', value: 'Zone' },
        ],
        'polygon.save': [{ type: 'polygon.save' }],
        'draw.cancel': [{ type: 'draw.cancel' }],
        'polygon.delete': [{ type: 'polygon.delete', name: 'Zone' }],
        'delete.confirm': [{ type: 'delete.confirm' }],
        'delete.cancel': [{ type: 'delete.cancel' }],
      },
      outputs: { savePolygon: [{ id: 1, name: 'Zone', points: [...open, open[0]], priceTierId: 7 }] },
      errors: {
        savePolygon: [new ApiRequestError(409, 'polygon/name-exists', 'taken')],
        deletePolygon: [new ApiRequestError(404, 'polygon/not-found', 'gone')],
      },
    });
    recordCoverage(report);
    assertFullCoverage(report);
  });
});
