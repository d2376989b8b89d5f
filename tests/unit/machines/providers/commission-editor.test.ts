import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiRequestError } from '../../../../src/api/client';
import { RECORD_STALE_MESSAGE } from '../../../../src/api/contract/error-codes';
import type { Commission } from '../../../../src/api/contract/commission';
import {
  commissionEditorMachine,
  type LoadedCommissions,
} from '../../../../src/machines/providers/commission-editor.machine';
import {
  customTextAfterInput,
  type CommissionChange,
  type SavedChange,
} from '../../../../src/machines/providers/commission-editor.rules';
import { commissionEditorView } from '../../../../src/machines/providers/commission-editor.view';
import type { Notice } from '../../../../src/machines/shared/notice';
import { assertFullCoverage, coverMachine } from '../../../support/model';

const stored = (id: number, categoryId: number, name: string, percentage: number): Commission => ({
  id,
  commissionId: id,
  version: 1,
  name,
  serviceCategory: { id: categoryId, name },
  providerId: 7,
  percentage,
});

const loaded: LoadedCommissions = {
  categories: [
    { id: 1, name: 'Face' },
    { id: 2, name: 'Body' },
    { id: 3, name: 'Nails' },
  ],
  commissions: [stored(50, 1, 'Face', 15), stored(51, 2, 'Body', 12.5)],
  provider: { version: 3, isUpkeepPayingProcessingFees: false },
};

const input = { providerId: 7, isUpkeepPayingProcessingFees: false, providerVersion: 3 };
const stale = new ApiRequestError(409, 'record/stale', RECORD_STALE_MESSAGE, 'version');

function start(
  options: { load?: unknown; failOn?: number; staleOn?: number; reloaded?: LoadedCommissions } = {},
) {
  const saves: CommissionChange[] = [];
  let loads = 0;
  const actor = createActor(
    commissionEditorMachine.provide({
      actors: {
        loadCommissions: fromPromise(async () => {
          loads += 1;
          if (options.load) throw options.load;
          return loads > 1 && options.reloaded ? options.reloaded : loaded;
        }),
        saveChange: fromPromise(async ({ input: change }: { input: CommissionChange }) => {
          saves.push(change);
          if (options.failOn === saves.length) throw new ApiRequestError(500, 'server/internal', 'down');
          if (options.staleOn === saves.length) throw stale;
          const saved: SavedChange =
            change.kind === 'fees'
              ? { kind: 'fees', value: change.value, version: change.version + 1 }
              : {
                  kind: 'commission',
                  commission: stored(change.commissionId ?? 60, change.categoryId, 'x', change.percentage),
                };
          return saved;
        }),
      },
    }),
    { input },
  );
  const notices: Notice[] = [];
  actor.on('notify', (event) => notices.push(event));
  actor.start();
  return { actor, saves, messages: () => notices.map((n) => n.message) };
}

describe('commission editor machine', () => {
  it('custom input is capped at 100 and negative input is cleared', () => {
    expect(customTextAfterInput('150')).toBe('100');
    expect(customTextAfterInput('-5')).toBe('');
    expect(customTextAfterInput('-')).toBe('');
    expect(customTextAfterInput('12.')).toBe('12.');
    expect(customTextAfterInput('0')).toBe('0');
  });

  it('shows each category with its preset or custom percentage, 20% when none is stored', async () => {
    const { actor } = start();
    const snapshot = await waitFor(actor, (s) => s.matches('editing'));
    expect(
      commissionEditorView(snapshot, true).rows.map((r) => [r.categoryName, r.choice, r.customText]),
    ).toEqual([
      ['Face', '15', ''],
      ['Body', 'custom', '12.5'],
      ['Nails', '20', ''],
    ]);
    expect(commissionEditorView(snapshot, true).dirty).toBe(false);
    expect(commissionEditorView(snapshot, false)).toMatchObject({
      editable: false,
      readOnlyNote: 'Only an admin can change commission and fees.',
    });
  });

  it("says 'Failed to get commission from provider' when the list cannot be read, and retries", async () => {
    const { actor, messages } = start({ load: new Error('offline') });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(messages()).toEqual(['Failed to get commission from provider']);
    actor.send({ type: 'commission.retry' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
  });

  it('saves only what changed: the fees flag, a PUT for a stored commission, a POST for a new one', async () => {
    const { actor, saves, messages } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'fees.change', value: true });
    actor.send({ type: 'commission.custom', categoryId: 1, text: '150' });
    actor.send({ type: 'commission.choose', categoryId: 3, choice: '15' });
    const snapshot = await (async () => {
      actor.send({ type: 'commission.save' });
      return waitFor(actor, (s) => s.matches('editing') && saves.length === 3);
    })();
    expect(saves).toEqual([
      { kind: 'fees', providerId: 7, value: true, version: 3 },
      { kind: 'commission', providerId: 7, categoryId: 1, commissionId: 50, version: 1, percentage: 100 },
      { kind: 'commission', providerId: 7, categoryId: 3, commissionId: null, version: null, percentage: 15 },
    ]);
    expect(commissionEditorView(snapshot, true)).toMatchObject({ dirty: false, fees: true });
    expect(snapshot.context.fees.version).toBe(4);
    expect(messages()).toEqual(['Saved commission and fees.']);
    // A second save of the flag sends the version the first one answered.
    actor.send({ type: 'fees.change', value: false });
    actor.send({ type: 'commission.save' });
    await waitFor(actor, (s) => s.matches('editing') && saves.length === 4);
    expect(saves[3]).toEqual({ kind: 'fees', providerId: 7, value: false, version: 4 });
  });

  it('takes a newer provider version from the manage view, and tells it the version a fees save answered', async () => {
    const { actor, saves } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    const told: number[] = [];
    actor.on('provider.saved', (event) => told.push(event.provider.version));
    actor.send({ type: 'provider.changed', provider: { version: 2, isUpkeepPayingProcessingFees: true } });
    expect(actor.getSnapshot().context.fees).toEqual({ saved: false, draft: false, version: 3 });
    actor.send({ type: 'provider.changed', provider: { version: 5, isUpkeepPayingProcessingFees: false } });
    actor.send({ type: 'fees.change', value: true });
    actor.send({ type: 'commission.save' });
    await waitFor(actor, (s) => s.matches('editing') && saves.length === 1);
    expect(saves[0]).toMatchObject({ kind: 'fees', version: 5 });
    expect(told).toEqual([6]);
  });

  it('a stale save shows the notice; Reload takes what is stored now and keeps what was changed', async () => {
    const reloaded: LoadedCommissions = {
      ...loaded,
      commissions: [{ ...stored(50, 1, 'Face', 20), version: 2 }, stored(51, 2, 'Body', 12.5)],
      provider: { version: 4, isUpkeepPayingProcessingFees: false },
    };
    const { actor, saves, messages } = start({ staleOn: 1, reloaded });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'commission.custom', categoryId: 2, text: '30' });
    actor.send({ type: 'commission.save' });
    let snapshot = await waitFor(actor, (s) => s.matches('stale'));
    expect(commissionEditorView(snapshot, true)).toMatchObject({
      stale: true,
      staleMessage: RECORD_STALE_MESSAGE,
      editable: false,
    });
    expect(messages()).toEqual([]);
    actor.send({ type: 'stale.reload' });
    snapshot = await waitFor(actor, (s) => s.matches('editing'));
    const rows = commissionEditorView(snapshot, true).rows.map((r) => [
      r.categoryName,
      r.choice,
      r.customText,
    ]);
    // Face shows the other person's 20%; Body keeps the 30 typed here.
    expect(rows).toEqual([
      ['Face', '20', ''],
      ['Body', 'custom', '30'],
      ['Nails', '20', ''],
    ]);
    expect(snapshot.context.fees.version).toBe(4);
    actor.send({ type: 'commission.save' });
    await waitFor(actor, (s) => s.matches('editing') && saves.length === 2);
    expect(saves[1]).toMatchObject({ categoryId: 2, version: 1, percentage: 30 });
  });

  it('refuses to save an empty custom percentage and marks it', async () => {
    const { actor, saves } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'commission.custom', categoryId: 2, text: '-3' });
    actor.send({ type: 'commission.save' });
    const view = commissionEditorView(actor.getSnapshot(), true);
    expect(view.rows[1]?.error).toBe('Enter a percentage from 0 to 100.');
    expect(saves).toEqual([]);
  });

  it('a failure part-way keeps what was typed and the next save sends only what is left', async () => {
    const { actor, saves, messages } = start({ failOn: 2 });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'commission.choose', categoryId: 1, choice: '20' });
    actor.send({ type: 'commission.choose', categoryId: 3, choice: '15' });
    actor.send({ type: 'commission.save' });
    const failed = await waitFor(actor, (s) => s.matches('editing') && saves.length === 2);
    expect(failed.context.saveError).toBe('down');
    expect(messages()).toEqual(['Commission and fees were not saved.']);
    actor.send({ type: 'commission.save' });
    await waitFor(actor, (s) => s.matches('editing') && saves.length === 3);
    expect(saves[2]).toMatchObject({ categoryId: 3, commissionId: null, percentage: 15 });
  });

  it('walks every state and transition', async () => {
    const report = await coverMachine(commissionEditorMachine, {
      input,
      events: {
        'commission.retry': [{ type: 'commission.retry' }],
        'commission.choose': [{ type: 'commission.choose', categoryId: 3, choice: '15' }],
        'commission.custom': [{ type: 'commission.custom', categoryId: 1, text: '' }],
        'fees.change': [{ type: 'fees.change', value: true }],
        'commission.save': [{ type: 'commission.save' }],
        'provider.changed': [
          { type: 'provider.changed', provider: { version: 4, isUpkeepPayingProcessingFees: true } },
        ],
        'stale.reload': [{ type: 'stale.reload' }],
        'stale.dismiss': [{ type: 'stale.dismiss' }],
      },
      outputs: {
        loadCommissions: [loaded],
        saveChange: [{ kind: 'commission', commission: stored(60, 3, 'Nails', 15) }],
      },
      errors: { saveChange: [stale, new Error('offline')] },
    });
    expect(report.failures).toEqual([]);
    assertFullCoverage(report);
  });
});
