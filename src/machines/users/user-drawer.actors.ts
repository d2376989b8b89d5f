import { fromPromise } from 'xstate';
import { ApiRequestError, type ApiClient } from '../../api/client';
import { API_ERROR_CODES } from '../../api/contract/error-codes';
import type { UserUpdate } from '../../api/contract/user';
import { usersApi } from '../../api/users/users';
import { normaliseInviteCode, USER_FORM_ERRORS } from '../../domain/users/users';

/**
 * A refused save in plain words for its field: the server's text ("inviteCode: the invite code … is
 * already taken …") is for logs, the person reads a sentence. The code and field stay, so the machine
 * places it as before.
 */
function plainSaveFailure(error: unknown, update: UserUpdate): unknown {
  if (!(error instanceof ApiRequestError)) return error;
  if (error.code === API_ERROR_CODES.userInviteCodeExists) {
    const code = normaliseInviteCode(String(update.inviteCode ?? ''));
    return new ApiRequestError(
      error.status,
      error.code,
      USER_FORM_ERRORS.inviteCodeTaken(code),
      'inviteCode',
    );
  }
  if (error.code === API_ERROR_CODES.userEmailExists) {
    return new ApiRequestError(error.status, error.code, USER_FORM_ERRORS.emailTaken, 'email');
  }
  return error;
}

type ForUser<T = object> = { input: { firebaseUid: string } & T };

/** The user drawer's side effects: the account, its bookings and its credits. */
export function createUserDrawerActors(api: ApiClient) {
  const users = usersApi(api);
  return {
    loadUser: fromPromise(({ input }: ForUser) => users.get(input.firebaseUid)),
    saveUser: fromPromise(({ input }: ForUser<{ update: UserUpdate }>) =>
      users.update(input.firebaseUid, input.update).catch((error: unknown) => {
        throw plainSaveFailure(error, input.update);
      }),
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
