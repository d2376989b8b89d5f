import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { Identity } from '../../api/auth/identity';
import { invitesApi } from '../../api/providers/invites';
import type { RegisterInput } from '../../api/contract/invite';

/** Registration with an invite: check the invite, register, then sign in with the new account. */
export function createRegistrationActors(api: ApiClient, identity: Identity) {
  const invites = invitesApi(api);
  return {
    checkInvite: fromPromise(({ input }: { input: { code: string; email: string } }) =>
      invites.check(input.code, input.email),
    ),
    register: fromPromise(({ input }: { input: RegisterInput }) => invites.register(input)),
    signIn: fromPromise(({ input }: { input: { email: string; password: string } }) =>
      identity.signIn(input.email, input.password),
    ),
  };
}
