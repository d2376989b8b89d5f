import type { ApiClient } from '../client';
import {
  MarketplaceSettingsSchema,
  type MarketplaceSettings,
  type SettingsUpdate,
} from '../contract/settings';

/** GET /settings (any console user) and PUT /settings (admin, with the version read). */
export function settingsApi(client: ApiClient) {
  return {
    get: (): Promise<MarketplaceSettings> => client.get(MarketplaceSettingsSchema, '/settings'),
    update: (input: SettingsUpdate): Promise<MarketplaceSettings> =>
      client.put(MarketplaceSettingsSchema, '/settings', { body: input }),
  };
}
