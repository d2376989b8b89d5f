import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import { serviceCategoriesApi } from './service-categories';

/** GET /svc-category: the categories with their service items (services screen, promo service picker). */
export const serviceCategoryQueries = {
  all: ['svc-category'] as const,
  list: (api: ApiClient) =>
    queryOptions({ queryKey: serviceCategoryQueries.all, queryFn: () => serviceCategoriesApi(api).list() }),
};
