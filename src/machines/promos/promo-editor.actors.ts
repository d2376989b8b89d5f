import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { promosApi } from '../../api/promos/promos';
import type { SavePromoInput } from './promo-editor.machine';

/** The promo-code editor's side effects: create, or update with the version read; reload; delete. */
export function createPromoEditorActors(api: ApiClient) {
  const promos = promosApi(api);
  return {
    savePromo: fromPromise(({ input }: { input: SavePromoInput }) =>
      input.id === null
        ? promos.create(input.values)
        : promos.update(input.id, { ...input.values, version: input.version }),
    ),
    reloadPromo: fromPromise(async ({ input }: { input: { id: number } }) => {
      const fresh = (await promos.list()).find((promo) => promo.id === input.id);
      if (!fresh) throw new Error('This promo code no longer exists.');
      return fresh;
    }),
    deletePromo: fromPromise(async ({ input }: { input: { id: number } }) => {
      await promos.remove(input.id);
    }),
  };
}
