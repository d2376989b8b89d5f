import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../api/client';
import type { PromoCode } from '../../api/contract/promo';
import { useFlow } from '../../app/flow';
import { promoQueries, serviceCategoryQueries } from '../../app/queries';
import { createPromoEditorActors } from '../../machines/promos/promo-editor.actors';
import { promoEditorMachine } from '../../machines/promos/promo-editor.machine';

/** The editor for one code, or a new one (promo null), with the services it may allow; shared by both screens. */
export function usePromoEditor(api: ApiClient, promo: PromoCode | null) {
  const queryClient = useQueryClient();
  const services = useQuery(serviceCategoryQueries.list(api));
  const [actors] = useState(() => createPromoEditorActors(api));
  const [snapshot, send, actor] = useFlow(promoEditorMachine, { actors, input: { promo } });
  useEffect(() => {
    const subscription = actor.on('promo.saved', (event) =>
      queryClient.setQueryData<PromoCode[]>(promoQueries.all, (list) =>
        list?.map((item) => (item.id === event.promo.id ? event.promo : item)),
      ),
    );
    return () => subscription.unsubscribe();
  }, [actor, queryClient]);
  return { snapshot, send, services, queryClient };
}
