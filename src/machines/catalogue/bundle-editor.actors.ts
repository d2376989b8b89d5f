import { fromPromise } from 'xstate';
import { bundlesApi } from '../../api/catalogue/bundles';
import type { ApiClient } from '../../api/client';
import type { CreateBundleInput, UpdateBundleInput } from './bundle-editor.machine';

/** A category's bundles: create, update and delete. */
export function createBundleEditorActors(api: ApiClient) {
  const bundles = bundlesApi(api);
  return {
    createBundle: fromPromise(({ input }: { input: CreateBundleInput }) => bundles.create(input)),
    updateBundle: fromPromise(({ input }: { input: UpdateBundleInput }) =>
      bundles.update(input.id, {
        name: input.name,
        serviceItems: input.serviceItems,
        version: input.version,
      }),
    ),
    deleteBundle: fromPromise<unknown, { id: number }>(({ input }: { input: { id: number } }) =>
      bundles.remove(input.id),
    ),
    loadBundle: fromPromise(async ({ input }: { input: { id: number } }) => {
      const bundle = (await bundles.list()).find((candidate) => candidate.id === input.id);
      if (!bundle) throw new Error('The bundle no longer exists.');
      return bundle;
    }),
  };
}
