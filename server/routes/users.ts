/**
 * /user (01 §7): the users list with search and paging, one user, the account form's save, delete, a user's
 * booking history and granted credits. Admin only.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppointmentListSchema } from '../../src/api/contract/appointment';
import {
  type DeletedSchema,
  UserCreditInputSchema,
  type UserCredit,
  type UserCreditListSchema,
} from '../../src/api/contract/credit';
import {
  INVITE_CODE_EXISTS,
  MAX_PAGE_SIZE,
  PAGE_SIZE_ALL,
  UserUpdateSchema,
  type User,
  type UserDeletedSchema,
  type UserList,
} from '../../src/api/contract/user';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { fail } from '../http/errors';
import type { HonoEnv } from '../http/types';
import { jsonBody, parseQuery } from '../http/validate';
import { accountAdmin, type Identity } from '../identity';
import {
  deleteUser,
  getUser,
  grantCredit,
  listUserAppointments,
  listUserCredits,
  listUsers,
  removeUserCredit,
  updateUser,
} from '../repositories/users';

/** One value of a query parameter given as a list (parseQuery passes every parameter as its values). */
const single = <S extends v.GenericSchema<string, unknown>>(schema: S, name: string) =>
  v.optional(
    v.pipe(
      v.array(v.string()),
      v.length(1, `${name} can be given once`),
      v.transform((values) => values[0] ?? ''),
      schema,
    ),
  );

const ListQuery = v.object({
  search: single(
    v.pipe(v.string(), v.trim(), v.maxLength(200, 'search can be at most 200 characters')),
    'search',
  ),
  page: single(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,9}$/, 'page must be a whole number from 1'),
      v.transform(Number),
      v.minValue(1, 'page must be a whole number from 1'),
    ),
    'page',
  ),
  pageSize: single(
    v.union(
      [
        v.literal(PAGE_SIZE_ALL),
        v.pipe(
          v.string(),
          v.regex(/^\d{1,4}$/),
          v.transform(Number),
          v.minValue(1),
          v.maxValue(MAX_PAGE_SIZE),
        ),
      ],
      `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}, or ${PAGE_SIZE_ALL}`,
    ),
    'pageSize',
  ),
});

const AppointmentsQuery = v.object({
  firebaseUid: v.pipe(
    v.optional(v.array(v.string()), []),
    v.length(1, 'firebaseUid is required (the user whose appointments to list)'),
    v.transform((values) => values[0]?.trim() ?? ''),
    v.nonEmpty('firebaseUid is required (the user whose appointments to list)'),
    v.maxLength(128, 'firebaseUid can be at most 128 characters'),
  ),
});

const UID = /^[^/\s]{1,128}$/;
const ID = /^\d{1,9}$/;

function uidParam(c: Context<HonoEnv>): string | Response {
  const uid = c.req.param('firebaseUid') ?? '';
  return UID.test(uid)
    ? uid
    : fail(c, 400, 'request/invalid-param', 'firebaseUid must be a user id (1–128 characters)');
}

function idParam(c: Context<HonoEnv>, name: string): number | Response {
  const id = c.req.param(name) ?? '';
  return ID.test(id) && Number(id) > 0
    ? Number(id)
    : fail(c, 400, 'request/invalid-param', `${name} must be a whole-number id`);
}

const userNotFound = (c: Context<HonoEnv>, uid: string) =>
  fail(c, 404, 'user/not-found', `No user with firebaseUid ${uid}`);

export function userRoutes({ db, allow, identity }: { db: Db; allow: Allow; identity: Identity }) {
  const accounts = accountAdmin(identity);
  return (
    new Hono<HonoEnv>()
      .get('/', allow('admin'), async (c) => {
        const query = parseQuery(c, ListQuery);
        if (!query.ok) return query.response;
        return c.json<UserList>(await listUsers(db, query.value));
      })
      // Before /:firebaseUid, which would otherwise take "appointments" as a uid.
      .get('/appointments', allow('admin'), async (c) => {
        const query = parseQuery(c, AppointmentsQuery);
        if (!query.ok) return query.response;
        const list = await listUserAppointments(db, query.value.firebaseUid);
        if (!list) return userNotFound(c, query.value.firebaseUid);
        return c.json<v.InferOutput<typeof AppointmentListSchema>>(list);
      })
      .get('/:firebaseUid', allow('admin'), async (c) => {
        const uid = uidParam(c);
        if (uid instanceof Response) return uid;
        const user = await getUser(db, accounts, uid);
        return user ? c.json<User>(user) : userNotFound(c, uid);
      })
      .put('/:firebaseUid', allow('admin'), jsonBody(UserUpdateSchema), async (c) => {
        const uid = uidParam(c);
        if (uid instanceof Response) return uid;
        const result = await updateUser(db, accounts, uid, c.req.valid('json'), c.get('caller').uid);
        if (result.ok) return c.json<User>(result.user);
        switch (result.reason) {
          case 'not-found':
            return userNotFound(c, uid);
          case 'uid-mismatch':
            return fail(c, 400, 'user/uid-mismatch', 'firebaseUid: must be the firebaseUid in the path');
          case 'own-role':
            return fail(c, 409, 'user/own-role', 'You cannot change your own role; ask another admin');
          case 'invite-code-exists':
            return fail(
              c,
              409,
              INVITE_CODE_EXISTS,
              `inviteCode: the invite code ${result.inviteCode} is already taken by another user`,
            );
          case 'email-exists':
            return fail(c, 409, 'user/email-exists', 'email: another account already uses this email');
          case 'providers-not-found':
            return fail(
              c,
              404,
              'provider/not-found',
              `providers: no provider with id ${result.missing.join(', ')}`,
            );
          case 'identity-rejected':
            return fail(
              c,
              400,
              'user/identity-rejected',
              `The identity service refused the change (${result.code}): ${result.message}`,
            );
        }
      })
      .delete('/:firebaseUid', allow('admin'), async (c) => {
        const uid = uidParam(c);
        if (uid instanceof Response) return uid;
        const result = await deleteUser(db, accounts, uid, c.get('caller').uid);
        if (result.ok)
          return c.json<v.InferOutput<typeof UserDeletedSchema>>({ firebaseUid: uid, deleted: true });
        return result.reason === 'self'
          ? fail(c, 409, 'user/delete-self', 'You cannot delete your own account')
          : userNotFound(c, uid);
      })
      .get('/:firebaseUid/credits', allow('admin'), async (c) => {
        const uid = uidParam(c);
        if (uid instanceof Response) return uid;
        const list = await listUserCredits(db, uid);
        return list ? c.json<v.InferOutput<typeof UserCreditListSchema>>(list) : userNotFound(c, uid);
      })
      .post('/:firebaseUid/credits', allow('admin'), jsonBody(UserCreditInputSchema), async (c) => {
        const uid = uidParam(c);
        if (uid instanceof Response) return uid;
        const result = await grantCredit(db, uid, c.req.valid('json').creditId);
        if (result.ok) return c.json<UserCredit>(result.userCredit, 201);
        return result.reason === 'user-not-found'
          ? userNotFound(c, uid)
          : fail(c, 404, 'credit/not-found', `creditId: no credit with id ${c.req.valid('json').creditId}`);
      })
      // {id} is the user's firebaseUid, like the other /user routes; {creditId} is the granted credit's id.
      .delete('/:firebaseUid/credits/:creditId', allow('admin'), async (c) => {
        const uid = uidParam(c);
        if (uid instanceof Response) return uid;
        const id = idParam(c, 'creditId');
        if (id instanceof Response) return id;
        const result = await removeUserCredit(db, uid, id);
        if (result.ok) return c.json<v.InferOutput<typeof DeletedSchema>>({ id, deleted: true });
        return result.reason === 'user-not-found'
          ? userNotFound(c, uid)
          : fail(c, 404, 'user-credit/not-found', `This user has no credit with id ${id}`);
      })
  );
}
