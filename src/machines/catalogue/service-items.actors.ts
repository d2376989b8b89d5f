import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { serviceItemsApi } from '../../api/catalogue/service-items';
import type { CreateItemInput, SaveOrderInput, UpdateItemInput } from './service-items.machine';

/** A category's service items: create, update, delete and the saved display order. */
export function createServiceItemsActors(api: ApiClient) {
  const items = serviceItemsApi(api);
  return {
    createItem: fromPromise(({ input }: { input: CreateItemInput }) => items.create(input)),
    updateItem: fromPromise(({ input }: { input: UpdateItemInput }) =>
      items.update(input.id, { ...input.values, version: input.version }),
    ),
    deleteItem: fromPromise<unknown, { id: number }>(({ input }: { input: { id: number } }) =>
      items.remove(input.id),
    ),
    saveOrder: fromPromise(({ input }: { input: SaveOrderInput }) => items.saveOrder(input)),
    loadItem: fromPromise(async ({ input }: { input: { id: number } }) => {
      const item = (await items.list()).find((candidate) => candidate.id === input.id);
      if (!item) throw new Error('The service item no longer exists.');
      return item;
    }),
  };
}
