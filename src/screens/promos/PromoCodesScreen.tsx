import { Heading, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { ApiClient } from '../../api/client';
import type { PromoCode } from '../../api/contract/promo';
import { promoQueries } from '../../app/queries';
import { PEOPLE_MESSAGES } from '../../domain/shared/messages';
import { ConfirmDialog } from '../../ui/kit/ConfirmDialog';
import { ListDetailLayout } from '../../ui/kit/ListDetailLayout';
import { PromoForm } from '../../ui/promos/PromoForm';
import { PromoPicker } from '../../ui/promos/PromoPicker';
import { usePromoEditor } from './use-promo-editor';
import { recordEditorView } from '../../machines/shared/record-editor';
import { useUnsavedGuard } from '../../app/unsaved-guard';
import { StaleNotice } from '../../ui/kit/StaleNotice';
import { UnsavedChangesDialog } from '../../ui/kit/UnsavedChangesDialog';

/** Promo codes (01 §2): a list picker by code plus the chosen code's details; Create New. */
export function PromoCodesScreen({ api, id }: { api: ApiClient; id: number | undefined }) {
  const navigate = useNavigate({ from: '/promocodes/' });
  const promos = useQuery(promoQueries.list(api));
  const chosen = promos.data?.find((promo) => promo.id === id) ?? null;

  return (
    <ListDetailLayout
      title="Promocodes"
      createTo="/promocodes/create"
      listLabel="Promo code list"
      listWidth="64"
      detailsLabelledBy="promo-heading"
      list={
        <PromoPicker
          promos={promos.data ?? []}
          loading={promos.isPending}
          failure={promos.isError ? PEOPLE_MESSAGES.promosLoadFailed : null}
          chosenId={chosen?.id ?? null}
          onChoose={(promoId) => void navigate({ search: { id: promoId } })}
          onRetry={() => void promos.refetch()}
        />
      }
    >
      {chosen ? (
        <>
          <Heading as="h2" id="promo-heading" size="lg" mb="4" fontFamily="mono">
            {chosen.code}
          </Heading>
          <PromoEditor
            key={chosen.id}
            api={api}
            promo={chosen}
            onDeleted={() => void navigate({ search: {} })}
          />
        </>
      ) : (
        <>
          <Heading as="h2" id="promo-heading" size="lg" mb="2">
            Promo code details
          </Heading>
          <Text color="gray.700">
            {id !== undefined && promos.isSuccess
              ? 'That promo code does not exist. Choose one from the list.'
              : 'Choose a promo code from the list to see and edit its details.'}
          </Text>
        </>
      )}
    </ListDetailLayout>
  );
}

function PromoEditor({ api, promo, onDeleted }: { api: ApiClient; promo: PromoCode; onDeleted(): void }) {
  const { snapshot, send, services, queryClient } = usePromoEditor(api, promo);
  const deleted = snapshot.status === 'done';
  useEffect(() => {
    if (!deleted) return;
    void queryClient.invalidateQueries({ queryKey: promoQueries.all });
    onDeleted();
  }, [deleted, onDeleted, queryClient]);
  const { context } = snapshot;
  const editable = snapshot.matches('editing');
  const view = recordEditorView(snapshot);
  // Choosing another code, leaving the page or reloading asks first while something is unsaved.
  const guard = useUnsavedGuard(view.dirty);
  return (
    <>
      {view.stale && (
        <StaleNotice
          message={view.staleMessage}
          reloading={view.reloading}
          onReload={() => send({ type: 'stale.reload' })}
          onKeepEditing={() => send({ type: 'stale.dismiss' })}
        />
      )}
      <PromoForm
        draft={context.draft}
        errors={context.errors}
        saveError={context.saveError}
        type={context.promo?.type ?? 'PER_USER'}
        saving={snapshot.hasTag('saving')}
        editable={editable}
        submitLabel="Save"
        services={{
          categories: services.data ?? [],
          loading: services.isPending,
          failure: services.isError ? PEOPLE_MESSAGES.serviceItemsLoadFailed : null,
          onRetry: () => void services.refetch(),
        }}
        onFieldChange={(field, value) => send({ type: 'field.change', field, value })}
        onServicesChange={(ids) => send({ type: 'services.change', ids })}
        onSubmit={() => send({ type: 'promo.save' })}
        onDelete={() => send({ type: 'promo.delete' })}
      />
      <ConfirmDialog
        open={snapshot.matches('confirmingDelete') || snapshot.hasTag('deleting')}
        title="Delete promo code"
        message={PEOPLE_MESSAGES.confirmDeletePromo(promo.code)}
        confirmLabel="Delete"
        busy={snapshot.hasTag('deleting')}
        onConfirm={() => send({ type: 'delete.confirm' })}
        onCancel={() => send({ type: 'delete.cancel' })}
      />
      <UnsavedChangesDialog {...guard.dialog} />
    </>
  );
}
