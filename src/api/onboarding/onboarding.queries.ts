import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import { onboardingApi } from './onboarding';

/** GET /availabilities?locationId=: a location's weekly availability per category. */
export const availabilityQueries = {
  all: ['availabilities'] as const,
  forLocation: (api: ApiClient, locationId: number) =>
    queryOptions({
      queryKey: [...availabilityQueries.all, locationId],
      queryFn: () => onboardingApi(api).availabilities(locationId),
    }),
};
