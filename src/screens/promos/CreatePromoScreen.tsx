import { Box } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { ApiClient } from '../../api/client';
import { promoQueries } from '../../app/queries';
import { PROMO_TYPE_ON_CREATE } from '../../domain/shared/constants';
import { PEOPLE_MESSAGES } from '../../domain/shared/messages';
import { PageHeader } from '../../ui/kit/PageHeader';
import { PromoForm } from '../../ui/promos/PromoForm';
import { usePromoEditor } from './use-promo-editor';
import { recordEditorView } from '../../machines/shared/record-editor';
import { useUnsavedGuard } from '../../app/unsaved-guard';
import { UnsavedChangesDialog } from '../../ui/kit/UnsavedChangesDialog';

/** Create Promocode (01 §2): type PER_USER, quantities, an amount in dollars and allowed services. */
export function CreatePromoScreen({ api }: { api: ApiClient }) {
  const navigate = useNavigate();
  const { snapshot, send, services, queryClient } = usePromoEditor(api, null);
  const output = snapshot.status === 'done' ? snapshot.output : undefined;
  const created = output && 'created' in output ? output.created : undefined;
  useEffect(() => {
    if (!created) return;
    void queryClient.invalidateQueries({ queryKey: promoQueries.all });
    void navigate({ to: '/promocodes', search: { id: created.id } });
  }, [created, navigate, queryClient]);
  const { context } = snapshot;
  const guard = useUnsavedGuard(recordEditorView(snapshot).dirty);
  return (
    <Box p="6" maxW="3xl">
      <PageHeader title="Create Promocode" back={{ to: '/promocodes', label: 'Promocodes' }} />
      <Box bg="white" p="5" rounded="md" borderWidth="1px">
        <PromoForm
          draft={context.draft}
          errors={context.errors}
          saveError={context.saveError}
          type={PROMO_TYPE_ON_CREATE}
          saving={snapshot.hasTag('saving') || snapshot.status === 'done'}
          editable={snapshot.matches('editing')}
          submitLabel="Create"
          services={{
            categories: services.data ?? [],
            loading: services.isPending,
            failure: services.isError ? PEOPLE_MESSAGES.serviceItemsLoadFailed : null,
            onRetry: () => void services.refetch(),
          }}
          onFieldChange={(field, value) => send({ type: 'field.change', field, value })}
          onServicesChange={(ids) => send({ type: 'services.change', ids })}
          onSubmit={() => send({ type: 'promo.save' })}
        />
      </Box>
      <UnsavedChangesDialog {...guard.dialog} />
    </Box>
  );
}
