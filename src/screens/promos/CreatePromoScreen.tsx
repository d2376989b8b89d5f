import type { ApiClient } from '../../api/client';
import { promoQueries } from '../../api/promos/promos.queries';
import { PROMO_TYPE_ON_CREATE } from '../../domain/shared/constants';
import { PromoForm } from '../../ui/promos/PromoForm';
import { CreateRecordPage } from '../shared/record-editor';
import { usePromoEditor } from './use-promo-editor';

/** Create Promocode (01 §2): type PER_USER, quantities, an amount in dollars and allowed services. */
export function CreatePromoScreen({ api }: { api: ApiClient }) {
  const { snapshot, send, form } = usePromoEditor(api, null);
  return (
    <CreateRecordPage
      title="Create Promocode"
      list={{ to: '/promocodes', label: 'Promocodes', queryKey: promoQueries.all }}
      maxW="3xl"
      snapshot={snapshot}
      send={send}
    >
      {(saving) => <PromoForm {...form} type={PROMO_TYPE_ON_CREATE} saving={saving} submitLabel="Create" />}
    </CreateRecordPage>
  );
}
