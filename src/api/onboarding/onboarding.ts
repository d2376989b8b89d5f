import type { ApiClient } from '../client';
import {
  AvailabilityListSchema,
  AvailabilitySchema,
  CredentialsSchema,
  StrategyListSchema,
  type AvailabilityInput,
  type AvailabilityUpdate,
  type CredentialsInput,
  type CredentialsUpdate,
} from '../contract/onboarding';
import { DeletedSchema } from '../contract/primitives';

/** Onboarding (02 §7): strategies, credentials and weekly availability. */
export function onboardingApi(client: ApiClient) {
  return {
    strategies: () => client.get(StrategyListSchema, '/strategies'),
    createCredentials: (input: CredentialsInput) =>
      client.post(CredentialsSchema, '/credentials', { body: input, idempotent: true }),
    /** The credentials (secrets masked) with their version. */
    credentials: (id: number) => client.get(CredentialsSchema, `/credentials/${id}`),
    /** The credentials a provider connects with (404 credentials/not-found when it has none). */
    providerCredentials: (providerId: number) =>
      client.get(CredentialsSchema, '/credentials', { query: { provider: providerId } }),
    /** Versioned: `version` is the one the credentials were read at (409 record/stale otherwise). */
    updateCredentials: (id: number, input: CredentialsUpdate) =>
      client.put(CredentialsSchema, `/credentials/${id}`, { body: input }),
    removeCredentials: (id: number) => client.delete(DeletedSchema, `/credentials/${id}`),
    availabilities: (locationId: number) =>
      client.get(AvailabilityListSchema, '/availabilities', { query: { locationId } }),
    createAvailability: (input: AvailabilityInput) =>
      client.post(AvailabilitySchema, '/availabilities', { body: input, idempotent: true }),
    updateAvailability: (id: number, input: AvailabilityUpdate) =>
      client.put(AvailabilitySchema, `/availabilities/${id}`, { body: input }),
  };
}
export type OnboardingApi = ReturnType<typeof onboardingApi>;
