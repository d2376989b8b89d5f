import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../../../src/api/contract/error-codes';
import { createServiceItemsActors } from '../../../../src/machines/catalogue/service-items.actors';
import { deleted, SERVICE_ITEM } from '../../../support/api-records';
import { fakeActors, refusal } from '../../../support/fake-api';
import { runActor } from '../../../support/run-actor';

const {
  id: _id,
  version: _version,
  display_order: _order,
  serviceCategoryId: _category,
  ...values
} = SERVICE_ITEM;

const setup = () => fakeActors(createServiceItemsActors);

describe('service items actors', () => {
  it('creates an item in its category at its place (one Idempotency-Key)', async () => {
    const { fake, actors } = setup();
    fake.on('POST /svc-item', SERVICE_ITEM);
    const input = { ...values, serviceCategoryId: 1, display_order: 1 };

    await expect(runActor(actors.createItem, input)).resolves.toEqual(SERVICE_ITEM);
    expect(fake.calls).toEqual([{ method: 'POST', path: '/svc-item', body: input, idempotent: true }]);
  });

  it('updates an item with the version it was read at', async () => {
    const { fake, actors } = setup();
    fake.on('PUT /svc-item/9', { ...SERVICE_ITEM, name: 'Deep Facial', version: 3 });

    const saved = await runActor(actors.updateItem, {
      id: 9,
      version: 2,
      values: { ...values, name: 'Deep Facial' },
    });

    expect(saved).toMatchObject({ name: 'Deep Facial', version: 3 });
    expect(fake.calls).toEqual([
      {
        method: 'PUT',
        path: '/svc-item/9',
        body: { ...values, name: 'Deep Facial', version: 2 },
        idempotent: false,
      },
    ]);
  });

  it('passes a stale update on as the refusal', async () => {
    const { fake, actors } = setup();
    fake.on('PUT /svc-item/9', refusal(409, API_ERROR_CODES.recordStale, 'changed'));

    await expect(runActor(actors.updateItem, { id: 9, version: 1, values })).rejects.toMatchObject({
      status: 409,
      code: API_ERROR_CODES.recordStale,
    });
  });

  it('deletes an item and saves the display order as the new order', async () => {
    const { fake, actors } = setup();
    const order = [
      { id: 9, display_order: 2 },
      { id: 10, display_order: 1 },
    ];
    fake.on('DELETE /svc-item/9', deleted(9)).on('POST /svc-item/display-order/', [SERVICE_ITEM]);

    await expect(runActor(actors.deleteItem, { id: 9 })).resolves.toEqual(deleted(9));
    await expect(runActor(actors.saveOrder, order)).resolves.toEqual([SERVICE_ITEM]);
    expect(fake.calls).toEqual([
      { method: 'DELETE', path: '/svc-item/9', idempotent: false },
      { method: 'POST', path: '/svc-item/display-order/', body: { newOrder: order }, idempotent: false },
    ]);
  });

  it('reads one item as saved now from the item list, and fails when it is gone', async () => {
    const { fake, actors } = setup();
    const fresh = { ...SERVICE_ITEM, version: 4 };
    fake.on('GET /svc-item', [{ ...SERVICE_ITEM, id: 8 }, fresh]);

    await expect(runActor(actors.loadItem, { id: 9 })).resolves.toEqual(fresh);
    await expect(runActor(actors.loadItem, { id: 11 })).rejects.toThrow('The service item no longer exists.');
    expect(fake.routes()).toEqual(['GET /svc-item', 'GET /svc-item']);
  });
});
