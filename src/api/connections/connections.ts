import type { ApiClient } from '../client';
import {
  ExchangeOAuthCodeResultSchema,
  ExternalLocationListSchema,
  ExternalProviderListSchema,
  SandboxStateSchema,
  type ExchangeOAuthCodeInput,
  type FetchLocationsInput,
  type FetchProvidersInput,
} from '../contract/strategies';

/** Scheduling-system connections (02 §7, Strategies): locations, providers and the OAuth code exchange. */
export function connectionsApi(client: ApiClient) {
  return {
    fetchLocations: (input: FetchLocationsInput) =>
      client.post(ExternalLocationListSchema, '/strategies/fetch/locations', { body: input }),
    providerLocations: (providerId: number) =>
      client.get(ExternalLocationListSchema, '/strategies/fetch/locations', {
        query: { provider: providerId },
      }),
    fetchProviders: (input: FetchProvidersInput) =>
      client.post(ExternalProviderListSchema, '/strategies/fetch/providers', { body: input }),
    exchangeOAuthCode: (input: ExchangeOAuthCodeInput) =>
      client.post(ExchangeOAuthCodeResultSchema, '/strategies/exchange-oauth-code', { body: input }),
    /** The local Square stand-in only: the state its authorisation page needs. */
    squareStandinState: () => client.post(SandboxStateSchema, '/standins/square/oauth2/state'),
    /** The local Boulevard stand-in only: the state its install page needs for this business. */
    boulevardInstallState: (businessId: string) =>
      client.post(SandboxStateSchema, '/scheduling-sandbox/boulevard/install-state', {
        body: { businessId },
      }),
  };
}
export type ConnectionsApi = ReturnType<typeof connectionsApi>;
