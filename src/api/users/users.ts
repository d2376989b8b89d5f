import type { ApiClient } from '../client';
import { AppointmentListSchema } from '../contract/appointment';
import type { RegisterUserInput } from '../contract/appointment-operations';
import { UserCreditListSchema, UserCreditSchema } from '../contract/credit';
import {
  UserDeletedSchema,
  UserListSchema,
  UserSchema,
  UserSummarySchema,
  type UserListQuery,
  type UserUpdate,
} from '../contract/user';
import { DeletedSchema } from '../contract/primitives';

const path = (firebaseUid: string) => `/user/${encodeURIComponent(firebaseUid)}`;

/** Users, their booking history and their credits (01 §7: /user…). */
export function usersApi(client: ApiClient) {
  return {
    list: (query: UserListQuery = {}, signal?: AbortSignal) =>
      client.get(UserListSchema, '/user', {
        query: {
          ...(query.search ? { search: query.search } : {}),
          ...(query.role ? { role: query.role } : {}),
          ...(query.sort ? { sort: query.sort } : {}),
          ...(query.dir ? { dir: query.dir } : {}),
          ...(query.page !== undefined ? { page: query.page } : {}),
          ...(query.pageSize !== undefined ? { pageSize: query.pageSize } : {}),
          ...(query.after ? { after: query.after } : {}),
        },
        ...(signal ? { signal } : {}),
      }),
    get: (firebaseUid: string) => client.get(UserSchema, path(firebaseUid)),
    /** Create User (02 §5, §7): a sign-in account and its user (admin). */
    register: (input: RegisterUserInput) =>
      client.post(UserSummarySchema, '/user/register', { body: input, idempotent: true }),
    update: (firebaseUid: string, input: UserUpdate) =>
      client.put(UserSchema, path(firebaseUid), { body: input }),
    remove: (firebaseUid: string) => client.delete(UserDeletedSchema, path(firebaseUid)),
    appointments: (firebaseUid: string) =>
      client.get(AppointmentListSchema, '/user/appointments', { query: { firebaseUid } }),
    credits: (firebaseUid: string) => client.get(UserCreditListSchema, `${path(firebaseUid)}/credits`),
    addCredit: (firebaseUid: string, creditId: number) =>
      client.post(UserCreditSchema, `${path(firebaseUid)}/credits`, {
        body: { creditId },
        idempotent: true,
      }),
    removeCredit: (firebaseUid: string, userCreditId: number) =>
      client.delete(DeletedSchema, `${path(firebaseUid)}/credits/${userCreditId}`),
  };
}
export type UsersApi = ReturnType<typeof usersApi>;
