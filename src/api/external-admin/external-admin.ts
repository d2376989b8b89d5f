import type { ApiClient } from '../client';
import { ExternalAdminCodeSchema, type ExternalAdminCodeInput } from '../contract/external-admin';

/** The hand-over to the external admin site: a one-time code for one page and record (POST /external-admin/codes). */
export function externalAdminApi(client: ApiClient) {
  return {
    code: (input: ExternalAdminCodeInput) =>
      client.post(ExternalAdminCodeSchema, '/external-admin/codes', { body: input }),
  };
}
export type ExternalAdminApi = ReturnType<typeof externalAdminApi>;
