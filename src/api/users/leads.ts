import type { ApiClient } from '../client';
import { LeadListSchema } from '../contract/lead';

/** The waitlist (01 §7: GET /leads). */
export function leadsApi(client: ApiClient) {
  return {
    list: () => client.get(LeadListSchema, '/leads'),
  };
}
