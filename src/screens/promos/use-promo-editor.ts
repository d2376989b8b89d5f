import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiClient } from '../../api/client';
import type { PromoCode } from '../../api/contract/promo';
import { useFlow } from '../../app/flow';
import { serviceCategoryQueries } from '../../api/catalogue/service-categories.queries';
import { promoQueries } from '../../api/promos/promos.queries';
import { PEOPLE_MESSAGES } from '../../domain/shared/messages';
import { createPromoEditorActors } from '../../machines/promos/promo-editor.actors';
import { promoEditorMachine } from '../../machines/promos/promo-editor.machine';
import type { PromoFormProps } from '../../ui/promos/PromoForm';
import { useSavedRecordInList } from '../shared/record-editor';

/**
 * The editor for one code, or a new one (promo null), and the form's props for it (with the services it may
 * allow); shared by both screens.
 */
export function usePromoEditor(api: ApiClient, promo: PromoCode | null) {
  const services = useQuery(serviceCategoryQueries.list(api));
  const [actors] = useState(() => createPromoEditorActors(api));
  const [snapshot, send, actor] = useFlow(promoEditorMachine, { actors, input: { promo } });
  useSavedRecordInList(actor, 'promo.saved', 'promo', promoQueries.all);
  const { context } = snapshot;
  const form = {
    draft: context.draft,
    errors: context.errors,
    saveError: context.saveError,
    editable: snapshot.matches('editing'),
    services: {
      categories: services.data ?? [],
      loading: services.isPending,
      failure: services.isError ? PEOPLE_MESSAGES.serviceItemsLoadFailed : null,
      onRetry: () => void services.refetch(),
    },
    onFieldChange: (field, value) => send({ type: 'field.change', field, value }),
    onServicesChange: (ids) => send({ type: 'services.change', ids }),
    onSubmit: () => send({ type: 'promo.save' }),
  } satisfies Partial<PromoFormProps>;
  return { snapshot, send, form };
}
