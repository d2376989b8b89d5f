import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { CreateInviteInput } from '../../api/contract/invite';
import { invitesApi } from '../../api/providers/invites';
import { usersApi } from '../../api/users/users';
import { toUserUpdate, userFormFrom, userLabel } from '../../domain/users/users';
import type { ExistingAccount } from './invite-provider.machine';

/**
 * Inviting a provider user: first a look for an account with the email (GET /user?search=, exact email
 * only, sign-in accounts only); then the invite is created (and its email logged) by the API, or the
 * account is given the Provider role by the same update as the user drawer's role change, keeping its
 * other details and adding the chosen providers to any it has.
 */
export function createInviteProviderActors(api: ApiClient) {
  const users = usersApi(api);
  return {
    createInvite: fromPromise(({ input }: { input: CreateInviteInput }) => invitesApi(api).create(input)),
    findAccount: fromPromise(
      async ({ input }: { input: { email: string } }): Promise<ExistingAccount | null> => {
        const email = input.email.toLowerCase();
        const { users: found } = await users.list({ search: input.email, pageSize: 25 });
        const match = found.find((user) => user.firebaseUid && user.email.toLowerCase() === email);
        if (!match?.firebaseUid) return null;
        return {
          firebaseUid: match.firebaseUid,
          email: match.email,
          name: userLabel(match),
          role: match.role,
        };
      },
    ),
    grantProviderRole: fromPromise(
      async ({ input }: { input: { firebaseUid: string; providerIds: number[] } }) => {
        const user = await users.get(input.firebaseUid);
        const form = userFormFrom(user);
        const providerIds = [...new Set([...form.providerIds, ...input.providerIds])];
        await users.update(input.firebaseUid, {
          ...toUserUpdate({ ...form, role: 'PROVIDER', providerIds }, input.firebaseUid),
          version: user.version,
        });
      },
    ),
  };
}
