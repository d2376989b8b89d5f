import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiRequestError } from '../../../../src/api/client';
import type { PriceTier } from '../../../../src/api/contract/price-tier';
import {
  tierListMachine,
  type TierListEmitted,
} from '../../../../src/machines/pricing-tiers/tier-list.machine';
import { tierListView } from '../../../../src/machines/pricing-tiers/tier-list.view';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';

const untitled: PriceTier = {
  id: 9,
  name: 'Untitled',
  description: null,
  serviceItems: [],
  cityIds: [],
  polygons: [],
  version: 1,
};

function start(count: number, outcomes: { remove?: Error; create?: Error } = {}) {
  const deletes: number[] = [];
  let creates = 0;
  const actor = createActor(
    tierListMachine.provide({
      actors: {
        createTier: fromPromise(async () => {
          creates += 1;
          if (outcomes.create) throw outcomes.create;
          return untitled;
        }),
        deleteTier: fromPromise(async ({ input }: { input: { id: number } }) => {
          deletes.push(input.id);
          if (outcomes.remove) throw outcomes.remove;
        }),
      },
    }),
    { input: { count } },
  );
  const emitted: TierListEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, deletes, creates: () => creates, emitted, view: () => tierListView(actor.getSnapshot()) };
}

describe('tier list machine', () => {
  it("'+ Add Tier' creates an Untitled tier and hands it on", async () => {
    const { actor, emitted, creates } = start(1);
    actor.send({ type: 'tier.add' });
    await waitFor(actor, (s) => s.matches('idle') && emitted.length > 0);
    expect(creates()).toBe(1);
    expect(emitted).toEqual([
      { type: 'tier.added', tier: untitled },
      { type: 'notify', level: 'success', message: 'Created price tier' },
    ]);
    expect(actor.getSnapshot().context.count).toBe(2);
  });

  it('offers deletion only while more than one tier exists', async () => {
    const one = start(1);
    expect(one.view().canDelete).toBe(false);
    one.actor.send({ type: 'tier.delete', id: 1 });
    expect(one.deletes).toEqual([]);

    const two = start(2);
    expect(two.view().canDelete).toBe(true);
    two.actor.send({ type: 'tier.delete', id: 5 });
    await waitFor(two.actor, (s) => s.matches('idle'));
    expect(two.deletes).toEqual([5]);
    expect(two.emitted).toContainEqual({ type: 'tier.deleted', id: 5 });
    expect(two.view().canDelete).toBe(false);
    two.actor.send({ type: 'tiers.loaded', count: 3 });
    expect(two.view().canDelete).toBe(true);
  });

  it("shows the server's reason when a delete is refused", async () => {
    const reason =
      'This is the only price tier, so it cannot be deleted: every service needs a tier to be priced by.';
    const { actor, view, emitted } = start(2, {
      remove: new ApiRequestError(409, 'price-tier/last-tier', reason),
    });
    actor.send({ type: 'tier.delete', id: 5 });
    await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(view().error).toBe(reason);
    expect(emitted).toContainEqual({ type: 'notify', level: 'error', message: reason });
  });

  it('walks every state and transition', async () => {
    const report = await coverMachine(tierListMachine, {
      input: { count: 2 },
      events: {
        'tiers.loaded': [{ type: 'tiers.loaded', count: 1 }],
        'tier.add': [{ type: 'tier.add' }],
        'tier.delete': [{ type: 'tier.delete', id: 5 }],
      },
      outputs: { createTier: [untitled] },
      // Adding grows the count without end; past two tiers more of them changes nothing the chart does.
      serializeState: (snapshot) =>
        JSON.stringify([
          snapshot.value,
          Math.min(snapshot.context.count, 3),
          snapshot.context.deletingId,
          snapshot.context.error,
        ]),
    });
    recordCoverage(report);
    assertFullCoverage(report);
  });
});
