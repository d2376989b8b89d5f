import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { CreateInviteInput } from '../../api/contract/invite';
import { invitesApi } from '../../api/providers/invites';

/** Inviting a provider user: the invite is created (and its email logged) by the API. */
export function createInviteProviderActors(api: ApiClient) {
  return {
    createInvite: fromPromise(({ input }: { input: CreateInviteInput }) => invitesApi(api).create(input)),
  };
}
