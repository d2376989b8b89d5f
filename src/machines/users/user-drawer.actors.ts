import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { UserUpdate } from '../../api/contract/user';
import { usersApi } from '../../api/users/users';

type ForUser<T = object> = { input: { firebaseUid: string } & T };

/** The user drawer's side effects: the account, its bookings and its credits. */
export function createUserDrawerActors(api: ApiClient) {
  const users = usersApi(api);
  return {
    loadUser: fromPromise(({ input }: ForUser) => users.get(input.firebaseUid)),
    saveUser: fromPromise(({ input }: ForUser<{ update: UserUpdate }>) =>
      users.update(input.firebaseUid, input.update),
    ),
    deleteUser: fromPromise(async ({ input }: ForUser) => {
      await users.remove(input.firebaseUid);
    }),
    loadAppointments: fromPromise(({ input }: ForUser) => users.appointments(input.firebaseUid)),
    loadCredits: fromPromise(({ input }: ForUser) => users.credits(input.firebaseUid)),
    addCredit: fromPromise(({ input }: ForUser<{ creditId: number }>) =>
      users.addCredit(input.firebaseUid, input.creditId),
    ),
    removeCredit: fromPromise(async ({ input }: ForUser<{ userCreditId: number }>) => {
      await users.removeCredit(input.firebaseUid, input.userCreditId);
      return input.userCreditId;
    }),
  };
}
