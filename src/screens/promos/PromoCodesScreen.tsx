import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { ApiClient } from '../../api/client';
import type { PromoCode } from '../../api/contract/promo';
import { promoQueries } from '../../api/promos/promos.queries';
import { PEOPLE_MESSAGES } from '../../domain/shared/messages';
import { ListDetailLayout } from '../../ui/kit/ListDetailLayout';
import { PromoForm } from '../../ui/promos/PromoForm';
import { PromoTable } from '../../ui/promos/PromoTable';
import type { PromoSortColumn } from '../../domain/promos/promo-list';
import { nextSort } from '../../domain/shared/sort';
import {
  RecordDetails,
  RecordEditorFrame,
  recordTableProps,
  type RecordListScreenProps,
} from '../shared/record-editor';
import { usePromoEditor } from './use-promo-editor';

/**
 * Promo codes (01 §2): the codes as a table to pick one from (its order in the URL) plus the chosen code's
 * details; Create New.
 */
export function PromoCodesScreen({ api, id, order }: RecordListScreenProps<PromoSortColumn>) {
  const navigate = useNavigate({ from: '/promocodes/' });
  const promos = useQuery(promoQueries.list(api, order));
  const chosen = promos.data?.find((promo) => promo.id === id) ?? null;

  return (
    <ListDetailLayout
      title="Promocodes"
      createTo="/promocodes/create"
      listLabel="Promo code list"
      listWidth="lg"
      detailsLabelledBy="promo-heading"
      list={
        <PromoTable
          promos={promos.data ?? []}
          failure={promos.isError ? PEOPLE_MESSAGES.promosLoadFailed : null}
          sort={order}
          onSort={(column) => void navigate({ search: (prev) => ({ ...prev, ...nextSort(order, column) }) })}
          {...recordTableProps(promos, chosen, (promoId) => {
            void navigate({ search: (prev) => ({ ...prev, id: promoId }) });
          })}
        />
      }
    >
      <RecordDetails
        api={api}
        id="promo-heading"
        recordType="promo"
        chosen={chosen}
        title={chosen?.code ?? null}
        titleProps={{ fontFamily: 'mono' }}
        noun="promo code"
        emptyTitle="Promo code details"
        chooseText="Choose a promo code from the list to see and edit its details."
        missing={id !== undefined && promos.isSuccess}
      />
      {chosen && (
        <PromoEditor
          key={chosen.id}
          api={api}
          promo={chosen}
          onDeleted={() => void navigate({ search: (prev) => ({ ...prev, id: undefined }) })}
        />
      )}
    </ListDetailLayout>
  );
}

function PromoEditor({ api, promo, onDeleted }: { api: ApiClient; promo: PromoCode; onDeleted(): void }) {
  const queryClient = useQueryClient();
  const { snapshot, send, form } = usePromoEditor(api, promo);
  const deleted = snapshot.status === 'done';
  useEffect(() => {
    if (!deleted) return;
    void queryClient.invalidateQueries({ queryKey: promoQueries.all });
    onDeleted();
  }, [deleted, onDeleted, queryClient]);
  return (
    <RecordEditorFrame
      snapshot={snapshot}
      send={send}
      confirmDelete={{ title: 'Delete promo code', message: PEOPLE_MESSAGES.confirmDeletePromo(promo.code) }}
    >
      <PromoForm
        {...form}
        type={snapshot.context.promo?.type ?? 'PER_USER'}
        saving={snapshot.hasTag('saving')}
        submitLabel="Save"
        onDelete={() => send({ type: 'promo.delete' })}
      />
    </RecordEditorFrame>
  );
}
