import type { ApiClient } from './client';
import { ProviderListSchema } from './contract/provider';

/** Providers (02 §7: GET /providers). Admins get all; a provider user gets their own. */
export function providersApi(client: ApiClient) {
  return {
    list: () => client.get(ProviderListSchema, '/providers'),
  };
}
