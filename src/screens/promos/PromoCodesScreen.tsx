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
import { nextSort, type SortOrder } from '../../domain/shared/sort';
import { RecordDetailsHeading, RecordEditorFrame } from '../shared/record-editor';
import { usePromoEditor } from './use-promo-editor';
import { ChangedBy } from '../audit/ChangedBy';

/**
 * Promo codes (01 §2): the codes as a table to pick one from (its order in the URL) plus the chosen code's
 * details; Create New.
 */
export function PromoCodesScreen({
  api,
  id,
  order,
}: {
  api: ApiClient;
  id: number | undefined;
  order: SortOrder<PromoSortColumn>;
}) {
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
          loading={promos.isPending}
          failure={promos.isError ? PEOPLE_MESSAGES.promosLoadFailed : null}
          busy={promos.isPlaceholderData}
          sort={order}
          onSort={(column) => void navigate({ search: (prev) => ({ ...prev, ...nextSort(order, column) }) })}
          chosenId={chosen?.id ?? null}
          onChoose={(promoId) => void navigate({ search: (prev) => ({ ...prev, id: promoId }) })}
          onRetry={() => void promos.refetch()}
        />
      }
    >
      <RecordDetailsHeading
        id="promo-heading"
        title={chosen?.code ?? null}
        titleProps={{ fontFamily: 'mono' }}
        emptyTitle="Promo code details"
        emptyText={
          id !== undefined && promos.isSuccess
            ? 'That promo code does not exist. Choose one from the list.'
            : 'Choose a promo code from the list to see and edit its details.'
        }
      />
      {chosen && (
        <ChangedBy api={api} recordType="promo" recordId={chosen.id} version={chosen.version} isAdmin />
      )}
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
