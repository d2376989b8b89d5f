import type { ApiClient } from '../../api/client';
import { PROMO_TYPES, type PromoCodeInput } from '../../api/contract/promo';
import { promosApi } from '../../api/promos/promos';
import type { PromoValues } from '../../domain/promos/promos';
import { recordEditorActors } from '../shared/record-editor-actors';

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
  const actors = recordEditorActors(promosApi(api), {
    body: promoInput,
    gone: 'This promo code no longer exists.',
  });
  return { savePromo: actors.save, reloadPromo: actors.reload, deletePromo: actors.remove };
}
