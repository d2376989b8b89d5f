import type { OnboardingStrategy } from '../../domain/onboarding/strategies';
import type { OnboardingState } from '../../domain/overview/onboarding-states';
import type { ProviderSortColumn, SortDirection, YesNo } from '../../domain/providers/provider-list';
import type { ApiClient } from '../client';
import { ProviderFacetsSchema, ProviderPageSchema } from '../contract/provider-list';
import {
  LocationListSchema,
  LocationSchema,
  ProviderChoiceListSchema,
  ProviderListSchema,
  ProviderSchema,
  type LocationInput,
  type LocationUpdate,
  type ProviderInput,
  type ProviderUpdate,
} from '../contract/provider';
import { DeletedSchema } from '../contract/primitives';

export interface ProviderFilters {
  country?: string;
  city?: string;
  name?: string;
  /** Only the providers in this onboarding state. */
  onboarding?: OnboardingState;
  strategy?: OnboardingStrategy;
  payoutsReady?: YesNo;
  public?: YesNo;
}

export interface ProviderOrder {
  sort: ProviderSortColumn;
  dir: SortDirection;
}

/** Providers and their locations (02 §7). Admins get all; a provider user gets their own. */
export function providersApi(client: ApiClient) {
  return {
    list: () => client.get(ProviderListSchema, '/providers'),
    /** Each provider's id, name and place, in name order: what a picker offers, without the whole records. */
    choices: () => client.get(ProviderChoiceListSchema, '/providers/choices'),
    /** One provider (of the caller's own, for a provider user), or undefined when there is none. */
    get: async (id: number) => (await client.get(ProviderListSchema, '/providers', { query: { id } }))[0],
    /** One page of the filtered list (country and city exact, name a substring; any case). */
    page: (filters: ProviderFilters, page: number, pageSize: number, order?: ProviderOrder) =>
      client.get(ProviderPageSchema, '/providers', { query: { ...filters, ...order, page, pageSize } }),
    /** How many providers each filter value would show, with the other filters as they are. */
    facets: (filters: ProviderFilters) =>
      client.get(ProviderFacetsSchema, '/providers/facets', { query: filters }),
    create: (input: ProviderInput) =>
      client.post(ProviderSchema, '/providers', { body: input, idempotent: true }),
    update: (id: number, input: ProviderUpdate) =>
      client.put(ProviderSchema, `/providers/${id}`, { body: input }),
    locations: (providerId?: number) =>
      client.get(LocationListSchema, '/locations', providerId === undefined ? {} : { query: { providerId } }),
    createLocation: (input: LocationInput) =>
      client.post(LocationSchema, '/locations', { body: input, idempotent: true }),
    updateLocation: (id: number, input: LocationUpdate) =>
      client.put(LocationSchema, `/locations/${id}`, { body: input }),
    removeLocation: (id: number) => client.delete(DeletedSchema, `/locations/${id}`),
  };
}
export type ProvidersApi = ReturnType<typeof providersApi>;
