import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { PROMO_SORT_DEFAULT } from '../../domain/promos/promo-list';
import type { ApiClient } from '../client';
import type { PromoCodeListQuery } from '../contract/promo';
import { promosApi } from './promos';

/** GET /promo, in an order (by code without one); a new order shows the old rows until it comes. */
export const promoQueries = {
  all: ['promo'] as const,
  list: (api: ApiClient, order: PromoCodeListQuery = PROMO_SORT_DEFAULT) =>
    queryOptions({
      queryKey: [...promoQueries.all, order] as const,
      queryFn: () => promosApi(api).list(order),
      placeholderData: keepPreviousData,
    }),
};
