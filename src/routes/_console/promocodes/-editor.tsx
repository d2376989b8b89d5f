import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../../api/client';
import type { PromoCode } from '../../../api/contract/promo';
import { promosApi } from '../../../api/promos';
import { serviceCategoriesApi } from '../../../api/service-categories';
import { promoEditorMachine } from '../../../machines/promo-editor.machine';
import { notify } from '../../../ui/notify';

export const promosKey = ['promo'] as const;
const serviceItemsKey = ['promo', 'service-items'] as const;

/** The editor for one code, or a new one (promo null); shared with /promocodes/create. */
export function usePromoEditor(api: ApiClient, promo: PromoCode | null) {
  const queryClient = useQueryClient();
  const services = useQuery({ queryKey: serviceItemsKey, queryFn: () => serviceCategoriesApi(api).list() });
  const machine = useMemo(
    () =>
      promoEditorMachine.provide({
        actors: {
          savePromo: fromPromise(({ input }) =>
            input.id === null
              ? promosApi(api).create(input.values)
              : promosApi(api).update(input.id, input.values),
          ),
          deletePromo: fromPromise(async ({ input }) => {
            await promosApi(api).remove(input.id);
          }),
        },
      }),
    [api],
  );
  const [snapshot, send, actor] = useMachine(machine, { input: { promo } });
  useEffect(() => {
    const subscriptions = [
      actor.on('notify', (event) => void notify(event.status, event.message)),
      actor.on('promo.saved', (event) =>
        queryClient.setQueryData<PromoCode[]>(promosKey, (list) =>
          list?.map((item) => (item.id === event.promo.id ? event.promo : item)),
        ),
      ),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, queryClient]);
  return { snapshot, send, services, queryClient };
}
