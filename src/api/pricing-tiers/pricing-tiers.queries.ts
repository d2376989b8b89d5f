import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import { pricingTiersApi } from './pricing-tiers';

/** GET /price-tier: every tier with its prices, cities and polygons (pricing tiers screen). */
export const priceTierQueries = {
  all: ['price-tiers'] as const,
  list: (api: ApiClient) =>
    queryOptions({ queryKey: priceTierQueries.all, queryFn: () => pricingTiersApi(api).list() }),
};
