import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../../../src/api/contract/error-codes';
import type { ProviderServiceItem } from '../../../../src/api/contract/provider-svc-item';
import { mappingQueries } from '../../../../src/api/mappings/mappings.queries';
import {
  createMappingBulkEditActors,
  createMappingRowsActors,
} from '../../../../src/machines/mappings/mappings.actors';
import { deleted } from '../../../support/api-records';
import { fakeApi, refusal } from '../../../support/fake-api';
import { runActor } from '../../../support/run-actor';

const mapping: ProviderServiceItem = {
  id: 80,
  externalId: 'mb-facial',
  locationId: 7,
  serviceItemId: 9,
  bundleId: null,
  version: 2,
};
const created = { externalId: 'mb-facial', locationId: 7, serviceItemId: 9, bundleId: null };

function setup() {
  const fake = fakeApi();
  const cache = new QueryClient();
  return {
    fake,
    cache,
    rows: createMappingRowsActors(fake.client, cache),
    bulk: createMappingBulkEditActors(fake.client),
  };
}

describe('mapping rows actors', () => {
  it('creates a new row (one Idempotency-Key) and updates a saved one with its version', async () => {
    const { fake, rows } = setup();
    const update = { externalId: 'mb-peel', serviceItemId: null, bundleId: 4, version: 2 };
    fake
      .on('POST /providers/svc-items', mapping)
      .on('PUT /providers/svc-items/80', { ...mapping, ...update, version: 3 });

    await expect(runActor(rows.saveMapping, { id: null, body: created })).resolves.toEqual(mapping);
    const saved = await runActor(rows.saveMapping, { id: 80, body: update });

    expect(saved).toMatchObject({ bundleId: 4, version: 3 });
    expect(fake.calls).toEqual([
      { method: 'POST', path: '/providers/svc-items', body: created, idempotent: true },
      { method: 'PUT', path: '/providers/svc-items/80', body: update, idempotent: false },
    ]);
  });

  it('passes a stale update on as the refusal', async () => {
    const { fake, rows } = setup();
    fake.on('PUT /providers/svc-items/80', refusal(409, API_ERROR_CODES.recordStale, 'changed'));

    await expect(
      runActor(rows.saveMapping, { id: 80, body: { externalId: 'x', serviceItemId: 9, version: 1 } }),
    ).rejects.toMatchObject({ status: 409 });
    expect(fake.routes()).toEqual(['PUT /providers/svc-items/80']);
  });

  it("deletes a row and reads the location's mappings into the editor's query", async () => {
    const { fake, rows, cache } = setup();
    fake.on('DELETE /providers/svc-items/80', deleted(80)).on('GET /providers/svc-items', [mapping]);

    await expect(runActor(rows.deleteMapping, { id: 80 })).resolves.toEqual(deleted(80));
    await expect(runActor(rows.loadMappings, { locationId: 7 })).resolves.toEqual([mapping]);
    expect(cache.getQueryData(mappingQueries.forLocation(fake.client, 7).queryKey)).toEqual([mapping]);
    expect(fake.calls).toEqual([
      { method: 'DELETE', path: '/providers/svc-items/80', idempotent: false },
      { method: 'GET', path: '/providers/svc-items', query: { location: 7 }, idempotent: false },
    ]);
  });
});

describe('mapping bulk edit actors', () => {
  it('creates one mapping (one Idempotency-Key)', async () => {
    const { fake, bulk } = setup();
    fake.on('POST /providers/svc-items', mapping);

    await expect(runActor(bulk.createMapping, created)).resolves.toEqual(mapping);
    expect(fake.calls).toEqual([
      { method: 'POST', path: '/providers/svc-items', body: created, idempotent: true },
    ]);
  });
});
