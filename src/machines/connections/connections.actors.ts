import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { connectionsApi } from '../../api/connections/connections';
import { onboardingApi } from '../../api/onboarding/onboarding';
import { providersApi } from '../../api/providers/providers';
import type { AssociateInput } from './api-location.machine';
import type { VerifiedBusiness } from './boulevard-connection.machine';
import type { SaveMindbodyInput, VerifyMindbodyInput } from './mindbody-credentials.machine';

/**
 * MINDBODY: read the locations with the typed credentials (or the saved password), then save them: POST, or
 * a PUT with the version they were read at (read just before it when the flow does not know it).
 */
export function createMindbodyCredentialsActors(api: ApiClient) {
  const connections = connectionsApi(api);
  const onboarding = onboardingApi(api);
  return {
    fetchLocations: fromPromise(({ input }: { input: VerifyMindbodyInput }) =>
      connections.fetchLocations(input),
    ),
    saveCredentials: fromPromise(async ({ input }: { input: SaveMindbodyInput }) => {
      if (input.id === null) return onboarding.createCredentials(input.body);
      const { strategy: _strategy, ...changes } = input.body;
      const version = input.version ?? (await onboarding.credentials(input.id)).version;
      return onboarding.updateCredentials(input.id, { ...changes, version });
    }),
    reloadCredentials: fromPromise(({ input }: { input: { id: number } }) =>
      onboarding.credentials(input.id),
    ),
  };
}

/** Boulevard verification: the business's locations and the business as a provider, in one check. */
export function createBoulevardConnectionActors(api: ApiClient) {
  const connections = connectionsApi(api);
  return {
    verifyBusiness: fromPromise(
      async ({ input }: { input: { businessId: string } }): Promise<VerifiedBusiness> => {
        const connection = { strategy: 'BOULEVARD' as const, businessId: input.businessId };
        const [locations, providers] = await Promise.all([
          connections.fetchLocations(connection),
          connections.fetchProviders(connection),
        ]);
        return { locations, providers };
      },
    ),
  };
}

/** What the browser does for Square's round trip: make and keep a state, and go to the page with it. */
export interface SquareBrowser {
  newState(): Promise<string>;
  authorize(state: string): Promise<void>;
}

/** Square: the browser's part, then the code exchange and the locations read with the saved credentials. */
export function createSquareOAuthActors(api: ApiClient, browser: SquareBrowser) {
  const connections = connectionsApi(api);
  return {
    newState: fromPromise<string, void>(() => browser.newState()),
    authorize: fromPromise(({ input }: { input: { state: string } }) => browser.authorize(input.state)),
    exchangeCode: fromPromise(({ input }: { input: { code: string } }) =>
      connections.exchangeOAuthCode({ strategy: 'SQUARE', code: input.code }),
    ),
    fetchLocations: fromPromise(({ input }: { input: { credentialsId: number } }) =>
      connections.fetchLocations({ strategy: 'SQUARE', credentialsId: input.credentialsId }),
    ),
  };
}

/** API location association: the provider's system's locations, and the chosen one saved on the location. */
export function createApiLocationActors(api: ApiClient) {
  const connections = connectionsApi(api);
  const providers = providersApi(api);
  return {
    loadLocations: fromPromise(({ input }: { input: { providerId: number } }) =>
      connections.providerLocations(input.providerId),
    ),
    associateLocation: fromPromise(({ input }: { input: AssociateInput }) =>
      providers.updateLocation(input.locationId, {
        externalLocationId: input.externalLocationId,
        version: input.version,
      }),
    ),
    reloadLocation: fromPromise(async ({ input }: { input: { locationId: number } }) => {
      const location = (await providers.locations()).find((found) => found.id === input.locationId);
      if (!location) throw new Error(`Location ${input.locationId} was not found`);
      return location;
    }),
  };
}
