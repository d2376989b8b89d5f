import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../../../src/api/contract/error-codes';
import type { Bundle } from '../../../../src/api/contract/bundle';
import { createBundleEditorActors } from '../../../../src/machines/catalogue/bundle-editor.actors';
import { deleted, SERVICE_ITEM } from '../../../support/api-records';
import { fakeActors, refusal } from '../../../support/fake-api';
import { runActor } from '../../../support/run-actor';

const bundle: Bundle = {
  id: 4,
  name: 'Glow Set',
  serviceCategoryId: 1,
  serviceItems: [SERVICE_ITEM],
  version: 2,
};
const setup = () => fakeActors(createBundleEditorActors);

describe('bundle editor actors', () => {
  it('creates a bundle in its category (one Idempotency-Key)', async () => {
    const { fake, actors } = setup();
    fake.on('POST /bundle/', bundle);
    const input = { name: 'Glow Set', serviceCategoryId: 1, serviceItems: [9] };

    await expect(runActor(actors.createBundle, input)).resolves.toEqual(bundle);
    expect(fake.calls).toEqual([{ method: 'POST', path: '/bundle/', body: input, idempotent: true }]);
  });

  it('updates the name and items with the version read, and passes a stale refusal on', async () => {
    const { fake, actors } = setup();
    fake.on('PUT /bundle/4', { ...bundle, version: 3 }, refusal(409, API_ERROR_CODES.recordStale, 'changed'));
    const update = { id: 4, name: 'Glow Set+', serviceItems: [9, 10], version: 2 };

    await expect(runActor(actors.updateBundle, update)).resolves.toMatchObject({ version: 3 });
    await expect(runActor(actors.updateBundle, update)).rejects.toMatchObject({ status: 409 });
    expect(fake.calls[0]).toEqual({
      method: 'PUT',
      path: '/bundle/4',
      body: { name: 'Glow Set+', serviceItems: [9, 10], version: 2 },
      idempotent: false,
    });
  });

  it('deletes a bundle, and reads one again from the list (failing when it is gone)', async () => {
    const { fake, actors } = setup();
    fake.on('DELETE /bundle/4', deleted(4)).on('GET /bundle', [bundle], []);

    await expect(runActor(actors.deleteBundle, { id: 4 })).resolves.toEqual(deleted(4));
    await expect(runActor(actors.loadBundle, { id: 4 })).resolves.toEqual(bundle);
    await expect(runActor(actors.loadBundle, { id: 4 })).rejects.toThrow('The bundle no longer exists.');
    expect(fake.routes()).toEqual(['DELETE /bundle/4', 'GET /bundle', 'GET /bundle']);
  });
});
