import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { CREDIT_SORT_DEFAULT } from '../../domain/credits/credit-list';
import type { ApiClient } from '../client';
import type { CreditListQuery } from '../contract/credit';
import { creditsApi } from './credits';

/**
 * GET /credits: the credit catalogue (credits screen, the user drawer's Add credit), in an order (by title
 * without one); a new order shows the old rows until it comes.
 */
export const creditQueries = {
  all: ['credits'] as const,
  list: (api: ApiClient, order: CreditListQuery = CREDIT_SORT_DEFAULT) =>
    queryOptions({
      queryKey: [...creditQueries.all, order] as const,
      queryFn: () => creditsApi(api).list(order),
      placeholderData: keepPreviousData,
    }),
};
