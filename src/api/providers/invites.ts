import type { ApiClient } from '../client';
import {
  CreatedInviteSchema,
  InviteCheckSchema,
  RegisterResultSchema,
  type CreateInviteInput,
  type RegisterInput,
} from '../contract/invite';

/** Provider invitations (01 §7): check, register with, and (admin) create. */
export function invitesApi(client: ApiClient) {
  return {
    check: (code: string, email: string) =>
      client.get(InviteCheckSchema, `/provider/invite/${encodeURIComponent(code)}`, { query: { email } }),
    register: (input: RegisterInput) =>
      client.post(RegisterResultSchema, '/provider/invite/user', { body: input }),
    create: (input: CreateInviteInput) =>
      client.post(CreatedInviteSchema, '/provider/invite', { body: input, idempotent: true }),
  };
}
