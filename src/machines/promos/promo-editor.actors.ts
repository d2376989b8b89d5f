import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { PROMO_TYPES, type PromoCodeInput } from '../../api/contract/promo';
import { promosApi } from '../../api/promos/promos';
import type { PromoValues } from '../../domain/promos/promos';
import type { SavePromoInput } from './promo-editor.machine';

const isPromoType = (type: string): type is (typeof PROMO_TYPES)[number] =>
  (PROMO_TYPES as readonly string[]).includes(type);

/** A checked draft's values as the API takes them: checking leaves both quantities and a known type. */
function promoInput(values: PromoValues): PromoCodeInput {
  const { type, quantityAbsolute, quantityPerUser } = values;
  if (quantityAbsolute === null || quantityPerUser === null || !isPromoType(type))
    throw new Error('only a checked promo code is saved');
  return { ...values, type, quantityAbsolute, quantityPerUser };
}

/** The promo-code editor's side effects: create, or update with the version read; reload; delete. */
export function createPromoEditorActors(api: ApiClient) {
  const promos = promosApi(api);
  return {
    savePromo: fromPromise(({ input }: { input: SavePromoInput }) =>
      input.id === null
        ? promos.create(promoInput(input.values))
        : promos.update(input.id, { ...promoInput(input.values), version: input.version }),
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
