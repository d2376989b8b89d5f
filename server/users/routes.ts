/**
 * /user (01 §7): the users list with search and paging, one user, the account form's save, delete, a user's
 * booking history and granted credits. Admin only.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { UserCreditInputSchema } from '../../src/api/contract/credit';
import {
  MAX_PAGE_SIZE,
  PAGE_SIZE_ALL,
  SORT_DIRECTIONS,
  USER_SORTS,
  UserUpdateSchema,
  type UserList,
} from '../../src/api/contract/user';
import { USER_ROLES } from '../../src/domain/users/users';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import type { HonoEnv } from '../http/types';
import { IdParam, jsonBody, params, query, UidParam } from '../http/validate';
import { accountAdmin, type Identity } from '../identity';
import type { IdentityOutbox } from '../identity-sync/outbox';
import { RegisterUserSchema } from '../../src/api/contract/appointment-operations';
import type { Log } from '../http/log';
import { answer, ok } from '../http/result';
import { accountCreator } from '../identity-sync/intent';
import { registerUser } from './register.service';
import { decodeCursor, type ListCursor, listUsers } from './list';
import { listUserAppointments } from './repository';
import { grantCredit, listUserCredits, removeUserCredit } from './credits.repository';
import { deleteUser, getUser, updateUser } from './service';
import { MAX_ID, wholeText } from '../../src/api/contract/primitives';

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
        answer(c, ok<UserList>(await listUsers(db, c.req.valid('query')))),
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
      .get('/appointments', allow('admin'), query(AppointmentsQuery), async (c) =>
        answer(c, await listUserAppointments(db, c.req.valid('query').firebaseUid)),
      )
      .get('/:firebaseUid', allow('admin'), uidParam, async (c) =>
        answer(c, await getUser(db, accounts, c.req.valid('param').firebaseUid)),
      )
      .put('/:firebaseUid', allow('admin'), uidParam, jsonBody(UserUpdateSchema), async (c) => {
        const uid = c.req.valid('param').firebaseUid;
        return answer(
          c,
          await updateUser(db, accounts, outbox, uid, c.req.valid('json'), c.get('caller').uid),
        );
      })
      .delete('/:firebaseUid', allow('admin'), uidParam, async (c) =>
        answer(c, await deleteUser(db, outbox, c.req.valid('param').firebaseUid, c.get('caller').uid)),
      )
      .get('/:firebaseUid/credits', allow('admin'), uidParam, async (c) =>
        answer(c, await listUserCredits(db, c.req.valid('param').firebaseUid)),
      )
      .post('/:firebaseUid/credits', allow('admin'), uidParam, jsonBody(UserCreditInputSchema), async (c) =>
        answer(c, await grantCredit(db, c.req.valid('param').firebaseUid, c.req.valid('json').creditId), 201),
      )
      // {id} is the user's firebaseUid, like the other /user routes; {creditId} is the granted credit's id.
      .delete(
        '/:firebaseUid/credits/:creditId',
        allow('admin'),
        params({ firebaseUid: UidParam, creditId: IdParam }),
        async (c) => {
          const { firebaseUid, creditId } = c.req.valid('param');
          return answer(c, await removeUserCredit(db, firebaseUid, creditId));
        },
      )
  );
}
