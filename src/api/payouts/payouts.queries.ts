import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import { payoutsApi } from './payouts';

/** GET /settlement-accounts/{id} and its payouts (admin): the manage view's Stripe account status and payouts. */
export const settlementAccountQueries = {
  all: ['settlement-account'] as const,
  account: (api: ApiClient, id: string) =>
    queryOptions({
      queryKey: [...settlementAccountQueries.all, id] as const,
      queryFn: () => payoutsApi(api).account(id),
    }),
  payouts: (api: ApiClient, id: string) =>
    queryOptions({
      queryKey: [...settlementAccountQueries.all, id, 'payouts'] as const,
      queryFn: () => payoutsApi(api).payouts(id),
    }),
};
