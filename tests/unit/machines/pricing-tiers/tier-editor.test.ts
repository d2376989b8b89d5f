import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiRequestError } from '../../../../src/api/client';
import { API_ERROR_CODES, RECORD_STALE_MESSAGE } from '../../../../src/api/contract/error-codes';
import type { PriceTier } from '../../../../src/api/contract/price-tier';
import { TIER_ERRORS, type MenuItem } from '../../../../src/domain/pricing-tiers/tiers';
import {
  tierEditorMachine,
  type SaveTierInput,
  type TierEditorEmitted,
} from '../../../../src/machines/pricing-tiers/tier-editor.machine';
import { tierEditorView } from '../../../../src/machines/pricing-tiers/tier-editor.view';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';

const items: MenuItem[] = [
  {
    id: 1,
    category: 'Injectables',
    name: 'Botox',
    subCategory: 'Botox',
    priceInCents: 1_400,
    isPricePerUnit: true,
  },
  {
    id: 2,
    category: 'Injectables',
    name: 'Juvederm',
    subCategory: 'Fillers',
    priceInCents: 70_000,
    isPricePerUnit: false,
  },
  {
    id: 3,
    category: 'Facials',
    name: 'HydraFacial',
    subCategory: null,
    priceInCents: 19_900,
    isPricePerUnit: false,
  },
];

const metro: PriceTier = {
  id: 7,
  name: 'Metro',
  description: null,
  serviceItems: [{ serviceItemId: 3, priceInCents: 22_900, isPricePerUnit: false, minUnits: null }],
  cityIds: [],
  polygons: [],
  version: 1,
};

const stale = new ApiRequestError(409, API_ERROR_CODES.recordStale, RECORD_STALE_MESSAGE, 'version');

function start(fail?: Error, fresh: () => Promise<PriceTier> = async () => metro) {
  const calls: SaveTierInput[] = [];
  const actor = createActor(
    tierEditorMachine.provide({
      actors: {
        saveTier: fromPromise(async ({ input }: { input: SaveTierInput }) => {
          calls.push(input);
          if (fail && calls.length === 1) throw fail;
          return { ...metro, ...input.values, id: input.id, polygons: [] } as PriceTier;
        }),
        loadTier: fromPromise(() => fresh()),
      },
    }),
    { input: { tier: metro, items, tab: 'menu' } },
  );
  const emitted: TierEditorEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const view = () => tierEditorView(actor.getSnapshot());
  return { actor, calls, emitted, view };
}

describe('tier editor machine', () => {
  it("starts from the tier's prices, the item's own price otherwise, and 1 min unit for Botox only", () => {
    const { view } = start();
    const rows = view().groups.flatMap((group) => group.rows);
    expect(view().groups.map((group) => group.category)).toEqual(['Injectables', 'Facials']);
    expect(
      rows.map((row) => [row.item.name, row.price, row.isPricePerUnit, row.showMinUnits, row.minUnits]),
    ).toEqual([
      ['Botox', '14.00', true, true, '1'],
      ['Juvederm', '700.00', false, false, ''],
      ['HydraFacial', '229.00', false, false, ''],
    ]);
    expect(view().dirty).toBe(false);
  });

  it('saves prices typed in dollars as exact cents, with Botox min units', async () => {
    const { actor, calls, emitted, view } = start();
    actor.send({ type: 'price.change', itemId: 1, field: 'price', value: '16.10' });
    actor.send({ type: 'price.change', itemId: 1, field: 'minUnits', value: '20' });
    actor.send({ type: 'price.perUnit', itemId: 2, value: true });
    actor.send({ type: 'field.change', field: 'description', value: ' Central ' });
    expect(view().dirty).toBe(true);
    actor.send({ type: 'tier.save' });
    expect(view().saving).toBe(true);
    await waitFor(actor, (s) => s.matches('editing') && calls.length === 1);
    expect(calls[0]).toEqual({
      id: 7,
      version: 1,
      values: {
        name: 'Metro',
        description: 'Central',
        cityIds: [],
        serviceItems: [
          { serviceItemId: 1, priceInCents: 1_610, isPricePerUnit: true, minUnits: 20 },
          { serviceItemId: 2, priceInCents: 70_000, isPricePerUnit: true, minUnits: null },
          { serviceItemId: 3, priceInCents: 22_900, isPricePerUnit: false, minUnits: null },
        ],
      },
    });
    expect(view().dirty).toBe(false);
    expect(emitted.filter((e) => e.type === 'notify').map((e) => e.message)).toEqual(['Saved price tier']);
    expect(emitted.some((e) => e.type === 'tier.saved')).toBe(true);
  });

  it("shows 'Incorrect entry.' for an empty name and field errors for bad prices, sending nothing", () => {
    const { actor, calls, view } = start();
    actor.send({ type: 'field.change', field: 'name', value: '   ' });
    actor.send({ type: 'price.change', itemId: 3, field: 'price', value: '1.999' });
    actor.send({ type: 'price.change', itemId: 1, field: 'minUnits', value: '0' });
    actor.send({ type: 'tier.save' });
    expect(view().nameError).toBe('Incorrect entry.');
    const rows = view().groups.flatMap((group) => group.rows);
    expect(rows.find((row) => row.item.id === 3)?.priceError).toBe(TIER_ERRORS.price);
    expect(rows.find((row) => row.item.id === 1)?.minUnitsError).toBe(TIER_ERRORS.minUnits);
    actor.send({ type: 'price.change', itemId: 3, field: 'price', value: '2' });
    expect(
      view()
        .groups.flatMap((g) => g.rows)
        .find((row) => row.item.id === 3)?.priceError,
    ).toBeUndefined();
    actor.send({ type: 'field.change', field: 'name', value: 'Metro 2' });
    expect(view().nameError).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it("keeps the draft and the server's message when saving fails", async () => {
    const { actor, emitted, view } = start(
      new ApiRequestError(400, 'request/invalid-body', 'serviceItems: no'),
    );
    actor.send({ type: 'field.change', field: 'name', value: 'Kept' });
    actor.send({ type: 'tier.save' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.saveError !== null);
    expect(view()).toMatchObject({ name: 'Kept', saveError: 'serviceItems: no', dirty: true });
    expect(emitted.filter((e) => e.type === 'notify').map((e) => e.message)).toEqual([
      'Error saving price tier',
    ]);
  });

  it("offers Reload after a stale save, keeping the admin's prices on top of the other save", async () => {
    const other: PriceTier = {
      ...metro,
      name: 'Metro North',
      description: 'Changed elsewhere',
      serviceItems: [
        { serviceItemId: 3, priceInCents: 24_900, isPricePerUnit: false, minUnits: null },
        { serviceItemId: 2, priceInCents: 80_000, isPricePerUnit: false, minUnits: null },
      ],
      version: 2,
    };
    const { actor, calls, emitted, view } = start(stale, async () => other);
    actor.send({ type: 'price.change', itemId: 1, field: 'price', value: '15.00' });
    actor.send({ type: 'field.change', field: 'description', value: 'Mine' });
    actor.send({ type: 'tier.save' });
    await waitFor(actor, (s) => s.matches('stale'));
    expect(view()).toMatchObject({ stale: true, staleMessage: RECORD_STALE_MESSAGE, editable: false });
    expect(emitted.filter((e) => e.type === 'notify')).toEqual([]);
    actor.send({ type: 'stale.reload' });
    await waitFor(actor, (s) => s.matches('editing'));
    const rows = view().groups.flatMap((group) => group.rows);
    expect(view()).toMatchObject({ stale: false, name: 'Metro North', description: 'Mine', dirty: true });
    expect(rows.map((row) => row.price)).toEqual(['15.00', '800.00', '249.00']);
    expect(emitted.some((e) => e.type === 'tier.saved' && e.tier.version === 2)).toBe(true);
    actor.send({ type: 'tier.save' });
    await waitFor(actor, (s) => s.matches('editing') && calls.length === 2);
    expect(calls[1]?.version).toBe(2);
    expect(calls[1]?.values.description).toBe('Mine');
  });

  it('keeps the draft and says so when the reload fails; Keep editing goes back to the form', async () => {
    const { actor, emitted, view } = start(stale, () => Promise.reject(new Error('offline')));
    actor.send({ type: 'field.change', field: 'name', value: 'Kept' });
    actor.send({ type: 'tier.save' });
    await waitFor(actor, (s) => s.matches('stale'));
    actor.send({ type: 'stale.reload' });
    expect(view().reloading).toBe(true);
    await waitFor(actor, (s) => s.matches('stale') && !s.hasTag('reloading'));
    expect(emitted.filter((e) => e.type === 'notify').map((e) => e.message)).toEqual([
      'The record could not be reloaded. Try again.',
    ]);
    actor.send({ type: 'stale.dismiss' });
    expect(view()).toMatchObject({ stale: false, editable: true, name: 'Kept', dirty: true });
  });

  it('switches tabs without losing the draft, and adds a city once', () => {
    const { actor, view } = start();
    actor.send({ type: 'field.change', field: 'name', value: 'Typed' });
    actor.send({ type: 'tab.select', tab: 'map' });
    actor.send({ type: 'city.add', placeId: 'p-1' });
    actor.send({ type: 'city.add', placeId: 'p-1' });
    expect(view()).toMatchObject({ tab: 'map', name: 'Typed', cityIds: ['p-1'] });
    actor.send({ type: 'tab.select', tab: 'menu' });
    expect(view().tab).toBe('menu');
  });

  it('asks before leaving a tier with unsaved changes; leaves a clean tier at once', () => {
    const dirty = start();
    dirty.actor.send({ type: 'price.change', itemId: 2, field: 'price', value: '1' });
    dirty.actor.send({ type: 'tier.leave', to: '9' });
    expect(dirty.view().confirmingLeave).toBe(true);
    dirty.actor.send({ type: 'tier.save' });
    expect(dirty.calls).toEqual([]);
    dirty.actor.send({ type: 'leave.cancel' });
    expect(dirty.view()).toMatchObject({ confirmingLeave: false, dirty: true, leftTo: null });
    dirty.actor.send({ type: 'tier.leave', to: '9' });
    dirty.actor.send({ type: 'leave.confirm' });
    expect(dirty.view().leftTo).toBe('9');

    const clean = start();
    clean.actor.send({ type: 'tier.leave', to: 'new' });
    expect(clean.actor.getSnapshot().output).toEqual({ to: 'new' });
  });

  it('walks every state and transition', async () => {
    const report = await coverMachine(tierEditorMachine, {
      input: { tier: metro, items, tab: 'menu' },
      events: {
        'field.change': [
          { type: 'field.change', field: 'name', value: '' },
          { type: 'field.change', field: 'name', value: 'Metro' },
        ],
        'price.change': [
          { type: 'price.change', itemId: 3, field: 'price', value: '5' },
          { type: 'price.change', itemId: 99, field: 'price', value: '5' },
        ],
        'price.perUnit': [
          { type: 'price.perUnit', itemId: 3, value: true },
          { type: 'price.perUnit', itemId: 99, value: true },
        ],
        'city.add': [{ type: 'city.add', placeId: 'p-1' }],
        'tab.select': [{ type: 'tab.select', tab: 'map' }],
        'tier.save': [{ type: 'tier.save' }],
        'tier.leave': [{ type: 'tier.leave', to: '9' }],
        'leave.confirm': [{ type: 'leave.confirm' }],
        'leave.cancel': [{ type: 'leave.cancel' }],
        'stale.reload': [{ type: 'stale.reload' }],
        'stale.dismiss': [{ type: 'stale.dismiss' }],
      },
      outputs: { saveTier: [metro], loadTier: [metro] },
      errors: { saveTier: [stale, new ApiRequestError(400, 'request/invalid-body', 'no')] },
    });
    recordCoverage(report);
    assertFullCoverage(report);
  });
});
