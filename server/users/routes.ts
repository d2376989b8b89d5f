/**
 * /user (01 §7): the users list with search and paging, one user, the account form's save, delete, a user's
 * booking history and granted credits. Admin only.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppointmentListSchema } from '../../src/api/contract/appointment';
import {
  UserCreditInputSchema,
  type UserCredit,
  type UserCreditListSchema,
} from '../../src/api/contract/credit';
import {
  MAX_PAGE_SIZE,
  PAGE_SIZE_ALL,
  SORT_DIRECTIONS,
  USER_SORTS,
  UserUpdateSchema,
  type User,
  type UserDeletedSchema,
  type UserList,
} from '../../src/api/contract/user';
import { USER_ROLES } from '../../src/domain/users/users';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { API_ERROR_CODES, fail, stale } from '../http/errors';
import type { HonoEnv } from '../http/types';
import { IdParam, jsonBody, params, query, UidParam } from '../http/validate';
import { accountAdmin, type Identity } from '../identity';
import type { IdentityOutbox } from '../identity-sync/outbox';
import { RegisterUserSchema } from '../../src/api/contract/appointment-operations';
import type { Log } from '../http/log';
import { answer } from '../http/result';
import { accountCreator } from '../identity-sync/intent';
import { registerUser } from './register.service';
import { decodeCursor, type ListCursor, listUsers } from './list';
import { listUserAppointments } from './repository';
import { grantCredit, listUserCredits, removeUserCredit } from './credits.repository';
import { deleteUser, getUser, updateUser } from './service';
import { MAX_ID, wholeText, type DeletedSchema } from '../../src/api/contract/primitives';

/** One value of a query parameter given as a list (`query(...)` passes every parameter as its values). */
const single = <S extends v.GenericSchema<string, unknown>>(schema: S, name: string) =>
  v.optional(
    v.pipe(
      v.array(v.string()),
      v.length(1, `${name} can be given once`),
      v.transform((values) => values[0] ?? ''),
      schema,
    ),
  );

const PAGE_SIZE_RULE = `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}, or ${PAGE_SIZE_ALL}`;

const ListQuery = v.object({
  search: single(
    v.pipe(v.string(), v.trim(), v.maxLength(200, 'search can be at most 200 characters')),
    'search',
  ),
  page: single(wholeText(1, MAX_ID, 'page must be a whole number from 1'), 'page'),
  pageSize: single(
    v.union([v.literal(PAGE_SIZE_ALL), wholeText(1, MAX_PAGE_SIZE, PAGE_SIZE_RULE)], PAGE_SIZE_RULE),
    'pageSize',
  ),
  role: single(v.picklist(USER_ROLES, `role must be one of ${USER_ROLES.join(', ')}`), 'role'),
  sort: single(v.picklist(USER_SORTS, `sort must be one of ${USER_SORTS.join(', ')}`), 'sort'),
  dir: single(v.picklist(SORT_DIRECTIONS, `dir must be one of ${SORT_DIRECTIONS.join(', ')}`), 'dir'),
  after: single(
    v.pipe(
      v.string(),
      v.check(
        (text) => text.length <= 1_000 && decodeCursor(text) !== null,
        'after must be the nextCursor of a previous page',
      ),
      v.transform((text) => decodeCursor(text) as ListCursor),
    ),
    'after',
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

const uidParam = params({ firebaseUid: UidParam });

const userNotFound = (c: Context<HonoEnv>, uid: string) =>
  fail(c, 404, API_ERROR_CODES.userNotFound, `No user with firebaseUid ${uid}`);

export function userRoutes({
  db,
  allow,
  identity,
  outbox,
  log,
}: {
  db: Db;
  allow: Allow;
  identity: Identity;
  outbox: IdentityOutbox;
  log: Log;
}) {
  const accounts = accountAdmin(identity);
  return (
    new Hono<HonoEnv>()
      .get('/', allow('admin'), query(ListQuery), async (c) =>
        c.json<UserList>(await listUsers(db, c.req.valid('query'))),
      )
      // Before /:firebaseUid, which would otherwise take "appointments" as a uid.
      .post('/register', allow('admin'), jsonBody(RegisterUserSchema), async (c) =>
        answer(
          c,
          await registerUser(
            db,
            accountCreator(identity),
            outbox,
            c.req.valid('json'),
            c.get('caller').uid,
            log,
          ),
          201,
        ),
      )
      .get('/appointments', allow('admin'), query(AppointmentsQuery), async (c) => {
        const { firebaseUid } = c.req.valid('query');
        const list = await listUserAppointments(db, firebaseUid);
        if (!list) return userNotFound(c, firebaseUid);
        return c.json<v.InferOutput<typeof AppointmentListSchema>>(list);
      })
      .get('/:firebaseUid', allow('admin'), uidParam, async (c) => {
        const uid = c.req.valid('param').firebaseUid;
        const user = await getUser(db, accounts, uid);
        return user ? c.json<User>(user) : userNotFound(c, uid);
      })
      .put('/:firebaseUid', allow('admin'), uidParam, jsonBody(UserUpdateSchema), async (c) => {
        const uid = c.req.valid('param').firebaseUid;
        const result = await updateUser(db, accounts, outbox, uid, c.req.valid('json'), c.get('caller').uid);
        if (result.ok) return c.json<User>(result.user);
        switch (result.reason) {
          case 'not-found':
            return userNotFound(c, uid);
          case 'stale':
            return stale(c);
          case 'uid-mismatch':
            return fail(
              c,
              400,
              API_ERROR_CODES.userUidMismatch,
              'The firebaseUid must be the one in the path',
              'firebaseUid',
            );
          case 'own-role':
            return fail(
              c,
              409,
              API_ERROR_CODES.userOwnRole,
              'You cannot change your own role; ask another admin',
              'role',
            );
          case 'invite-code-exists':
            return fail(
              c,
              409,
              API_ERROR_CODES.userInviteCodeExists,
              `The invite code ${result.inviteCode} is already taken by another user`,
              'inviteCode',
            );
          case 'email-exists':
            return fail(
              c,
              409,
              API_ERROR_CODES.userEmailExists,
              'Another account already uses this email',
              'email',
            );
          case 'providers-not-found':
            return fail(
              c,
              404,
              API_ERROR_CODES.providerNotFound,
              `No provider with id ${result.missing.join(', ')}`,
              'providers',
            );
          case 'identity-rejected':
            return fail(
              c,
              400,
              API_ERROR_CODES.userIdentityRejected,
              `The identity service refused the change (${result.code}): ${result.message}`,
            );
        }
      })
      .delete('/:firebaseUid', allow('admin'), uidParam, async (c) => {
        const uid = c.req.valid('param').firebaseUid;
        const result = await deleteUser(db, outbox, uid, c.get('caller').uid);
        if (result.ok)
          return c.json<v.InferOutput<typeof UserDeletedSchema>>({ firebaseUid: uid, deleted: true });
        return result.reason === 'self'
          ? fail(c, 409, API_ERROR_CODES.userDeleteSelf, 'You cannot delete your own account')
          : userNotFound(c, uid);
      })
      .get('/:firebaseUid/credits', allow('admin'), uidParam, async (c) => {
        const uid = c.req.valid('param').firebaseUid;
        const list = await listUserCredits(db, uid);
        return list ? c.json<v.InferOutput<typeof UserCreditListSchema>>(list) : userNotFound(c, uid);
      })
      .post('/:firebaseUid/credits', allow('admin'), uidParam, jsonBody(UserCreditInputSchema), async (c) => {
        const uid = c.req.valid('param').firebaseUid;
        const result = await grantCredit(db, uid, c.req.valid('json').creditId);
        if (result.ok) return c.json<UserCredit>(result.userCredit, 201);
        return result.reason === 'user-not-found'
          ? userNotFound(c, uid)
          : fail(
              c,
              404,
              API_ERROR_CODES.creditNotFound,
              `No credit with id ${c.req.valid('json').creditId}`,
              'creditId',
            );
      })
      // {id} is the user's firebaseUid, like the other /user routes; {creditId} is the granted credit's id.
      .delete(
        '/:firebaseUid/credits/:creditId',
        allow('admin'),
        params({ firebaseUid: UidParam, creditId: IdParam }),
        async (c) => {
          const uid = c.req.valid('param').firebaseUid;
          const id = c.req.valid('param').creditId;
          const result = await removeUserCredit(db, uid, id);
          if (result.ok) return c.json<v.InferOutput<typeof DeletedSchema>>({ id, deleted: true });
          return result.reason === 'user-not-found'
            ? userNotFound(c, uid)
            : fail(c, 404, API_ERROR_CODES.userCreditNotFound, `This user has no credit with id ${id}`);
        },
      )
  );
}
