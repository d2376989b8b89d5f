import type { OnboardingState } from '../../domain/overview/onboarding-states';
import type { ApiClient } from '../client';
import {
  LocationListSchema,
  LocationSchema,
  ProviderListSchema,
  ProviderPageSchema,
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
}

/** Providers and their locations (02 §7). Admins get all; a provider user gets their own. */
export function providersApi(client: ApiClient) {
  return {
    list: () => client.get(ProviderListSchema, '/providers'),
    /** One provider (of the caller's own, for a provider user), or undefined when there is none. */
    get: async (id: number) => (await client.get(ProviderListSchema, '/providers', { query: { id } }))[0],
    /** One page of the filtered list (country and city exact, name a substring; any case). */
    page: (filters: ProviderFilters, page: number, pageSize: number) =>
      client.get(ProviderPageSchema, '/providers', { query: { ...filters, page, pageSize } }),
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
