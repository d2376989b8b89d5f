import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiRequestError } from '../../../../src/api/client';
import type { ProviderServiceItemInput } from '../../../../src/api/contract/provider-svc-item';
import {
  mappingBulkEditMachine,
  type BulkEntry,
  type MappingsCreated,
} from '../../../../src/machines/mappings/mapping-bulk-edit.machine';
import type { Notice } from '../../../../src/machines/shared/notice';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';

const entries: BulkEntry[] = [
  { externalId: 'mb-1', name: 'Signature HydraFacial', target: null, section: null },
  { externalId: 'mb-2', name: 'Botox Cosmetic', target: null, section: null },
  { externalId: 'mb-3', name: 'Glow Package', target: null, section: null },
];
const duplicate = new ApiRequestError(
  409,
  'mapping/exists',
  'Failed to save: Mapping for service_item already exists',
);

function start(refuse: (input: ProviderServiceItemInput) => boolean = () => false) {
  const calls: ProviderServiceItemInput[] = [];
  const actor = createActor(
    mappingBulkEditMachine.provide({
      actors: {
        createMapping: fromPromise(async ({ input }: { input: ProviderServiceItemInput }) => {
          calls.push(input);
          if (refuse(input)) throw duplicate;
          return {
            id: calls.length,
            externalId: input.externalId,
            locationId: input.locationId,
            serviceItemId: input.serviceItemId ?? null,
            bundleId: input.bundleId ?? null,
            version: 1,
          };
        }),
      },
    }),
    { input: { locationId: 7 } },
  );
  const notices: Notice[] = [];
  const created: MappingsCreated[] = [];
  actor.on('notify', (event) => notices.push(event));
  actor.on('mappings.created', (event) => created.push(event));
  actor.start();
  return { actor, calls, notices, created };
}

function choose(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'bulk.open', entries });
  actor.send({ type: 'bulk.save' });
  expect(actor.getSnapshot().value).toBe('editing');
  actor.send({
    type: 'entry.change',
    externalId: 'mb-1',
    target: { kind: 'item', id: 1 },
    section: 'Facials',
  });
  actor.send({
    type: 'entry.change',
    externalId: 'mb-3',
    target: { kind: 'bundle', id: 4 },
    section: 'Bundles',
  });
}

describe('mapping bulk edit machine', () => {
  it('creates a mapping for every chosen entry, one after another, then closes with one toast', async () => {
    const { actor, calls, notices, created } = start();
    choose(actor);
    actor.send({ type: 'bulk.save' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(calls).toEqual([
      { externalId: 'mb-1', locationId: 7, serviceItemId: 1, bundleId: null },
      { externalId: 'mb-3', locationId: 7, serviceItemId: null, bundleId: 4 },
    ]);
    expect(created.map((event) => [event.mapping.externalId, event.section])).toEqual([
      ['mb-1', 'Facials'],
      ['mb-3', 'Bundles'],
    ]);
    expect(notices.map((n) => n.message)).toEqual(['Created Mapping']);
  });

  it("a refusal part-way keeps what is left with its choices and shows the server's message", async () => {
    const { actor, calls, notices, created } = start((input) => input.externalId === 'mb-3');
    choose(actor);
    actor.send({ type: 'bulk.save' });
    await waitFor(actor, (s) => s.matches('editing') && calls.length === 2);
    expect(created).toHaveLength(1);
    expect(notices.map((n) => n.message)).toEqual([
      'Failed to save: Mapping for service_item already exists',
    ]);
    const { context } = actor.getSnapshot();
    expect(context.failed).toBe('mb-3');
    expect(context.entries.map((entry) => entry.externalId)).toEqual(['mb-2', 'mb-3']);
    actor.send({ type: 'entry.change', externalId: 'mb-3', target: null, section: null });
    actor.send({ type: 'bulk.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.entries).toEqual([]);
  });

  it('walks every state and transition', async () => {
    const report = await coverMachine(mappingBulkEditMachine, {
      input: { locationId: 7 },
      events: {
        'bulk.open': [{ type: 'bulk.open', entries: entries.slice(0, 2) }],
        'entry.change': [
          { type: 'entry.change', externalId: 'mb-1', target: { kind: 'item', id: 1 }, section: 'Facials' },
          {
            type: 'entry.change',
            externalId: 'mb-2',
            target: { kind: 'item', id: 2 },
            section: 'Injectables',
          },
        ],
        'bulk.save': [{ type: 'bulk.save' }],
        'bulk.close': [{ type: 'bulk.close' }],
      },
      outputs: {
        createMapping: [
          { id: 1, externalId: 'mb-1', locationId: 7, serviceItemId: 1, bundleId: null, version: 1 },
        ],
      },
      errors: { createMapping: [duplicate] },
    });
    recordCoverage(report);
    assertFullCoverage(report);
    expect(report.failures).toEqual([]);
  });
});
