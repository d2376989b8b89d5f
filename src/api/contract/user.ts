/**
 * Users (01 §3, §7): the list with search and paging, one user with their providers and role claim, and the
 * update the account form sends. Shared by the client (parsing responses) and the API (validating requests).
 */
import * as v from 'valibot';
import {
  SORT_DIRECTIONS,
  USER_SORTS,
  type SortDirection,
  type UserSort,
} from '../../domain/users/user-list-params';
import {
  isEmail,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USER_ROLES,
  MAX_POINTS,
  type UserRole,
} from '../../domain/users/users';
import { dayField, idField, nullableText, wholeNumber } from './primitives';
import { VersionInputSchema, VersionSchema } from './version';

/** A missing key is reported by the object schema; name it like an empty value ("title is required"). */
const missingKey = (what: string) => (issue: v.ObjectIssue) =>
  issue.expected?.startsWith('"') ? `${issue.expected.slice(1, -1)} is required` : `must be ${what}`;

export const UserRoleSchema = v.picklist(USER_ROLES);

/** A row of the users list: everything the table and the CSV need, without providers. */
export const UserSummarySchema = v.object({
  id: wholeNumber,
  /** Null for people known only to this database (no sign-in account). */
  firebaseUid: nullableText,
  displayName: nullableText,
  firstName: nullableText,
  lastName: nullableText,
  email: v.string(),
  phone: nullableText,
  /** YYYY-MM-DD. */
  birthdate: nullableText,
  photoURL: nullableText,
  inviteCode: nullableText,
  availablePoints: wholeNumber,
  role: UserRoleSchema,
  isDeleted: v.boolean(),
  /** ISO timestamp. */
  createdAt: v.string(),
  version: VersionSchema,
});
export type UserSummary = v.InferOutput<typeof UserSummarySchema>;

export const UserProviderSchema = v.object({ id: wholeNumber, name: v.string() });

export const UserSchema = v.object({
  ...UserSummarySchema.entries,
  /** The providers a PROVIDER user belongs to (empty for other roles). */
  providers: v.array(UserProviderSchema),
  /** The identity account's custom claims; null when the user has no sign-in account. */
  customClaims: v.nullable(v.object({ role: v.nullable(v.string()) })),
});
export type User = v.InferOutput<typeof UserSchema>;

export const PAGE_SIZE_ALL = 'all';
export const MAX_PAGE_SIZE = 500;

/** The orders of GET /user: by name (display name, else email), by email, or by the joined date. */
export { SORT_DIRECTIONS, USER_SORTS, type SortDirection, type UserSort };

/**
 * GET /user query: `search` (name, email or phone, any case), `role` (one role only), `sort` and `dir`
 * (name ascending by default), `page` from 1, `pageSize` 1–500 or all.
 */
export interface UserListQuery {
  search?: string;
  role?: UserRole;
  sort?: UserSort;
  dir?: SortDirection;
  page?: number;
  pageSize?: number | typeof PAGE_SIZE_ALL;
  /** A previous page's `nextCursor`: the page after it, read along the index (cheap at any depth). */
  after?: string;
}

export const UserListSchema = v.object({
  users: v.array(UserSummarySchema),
  /** How many users match the search, over all pages; a lower bound when `totalCapped`. */
  total: wholeNumber,
  /** True when more users match than were counted (the count stops past the page): "more than total". */
  totalCapped: v.optional(v.boolean(), false),
  page: wholeNumber,
  pageSize: v.union([wholeNumber, v.literal(PAGE_SIZE_ALL)]),
  /** `after` for the next page (keyset paging), or null on the last page. */
  nextCursor: v.optional(v.nullable(v.string()), null),
});
export type UserList = v.InferOutput<typeof UserListSchema>;

const text = (field: string, max: number) =>
  v.pipe(
    v.string(`${field} must be text`),
    v.trim(),
    v.maxLength(max, `${field} can be at most ${max} characters`),
    v.transform((value) => (value === '' ? null : value)),
  );
/** Absent, null and blank all mean "no value": the stored field is cleared. */
const optionalText = (field: string, max: number) => v.optional(v.nullable(text(field, max)), null);

/**
 * PUT /user/{firebaseUid}. The console leaves out empty values (01 §5), and this is a replacement: the
 * profile fields (displayName, firstName, lastName, phone, birthdate, photoURL, inviteCode) that are absent
 * are cleared. The account fields are changed only when present: availablePoints, password (write-only),
 * role and providers. Providers are kept only for the PROVIDER role; another role clears them.
 */
export const UserUpdateSchema = v.object(
  {
    email: v.pipe(
      v.string('email is required'),
      v.trim(),
      v.nonEmpty('email is required'),
      v.maxLength(254, 'email can be at most 254 characters'),
      v.check(isEmail, 'email must be an email address'),
    ),
    firebaseUid: v.optional(v.string('firebaseUid must be text')),
    /** The version the form was read at; a newer one in the database answers 409 record/stale. */
    version: VersionInputSchema,
    displayName: optionalText('displayName', 200),
    firstName: optionalText('firstName', 100),
    lastName: optionalText('lastName', 100),
    phone: optionalText('phone', 40),
    photoURL: optionalText('photoURL', 2048),
    birthdate: v.optional(
      v.nullable(
        v.pipe(
          v.string('birthdate must be a date (YYYY-MM-DD)'),
          v.trim(),
          v.transform((value) => (value === '' ? null : value)),
          v.nullable(dayField('birthdate', 'birthdate must be a real date (YYYY-MM-DD)')),
        ),
      ),
      null,
    ),
    inviteCode: v.optional(
      v.nullable(
        v.pipe(
          v.string('inviteCode must be text'),
          v.trim(),
          v.toUpperCase(),
          v.transform((value) => (value === '' ? null : value)),
          v.nullable(
            v.pipe(
              v.string(),
              v.regex(/^[A-Z0-9_-]{1,32}$/, 'inviteCode uses letters, digits, - and _ only (up to 32)'),
            ),
          ),
        ),
      ),
      null,
    ),
    availablePoints: v.optional(
      v.pipe(
        v.number('availablePoints must be a number'),
        v.integer('availablePoints must be a whole number'),
        v.minValue(0, 'availablePoints cannot be negative'),
        v.maxValue(MAX_POINTS, `availablePoints can be at most ${MAX_POINTS}`),
      ),
    ),
    password: v.optional(
      v.pipe(
        v.string('password must be text'),
        v.minLength(PASSWORD_MIN, `password needs at least ${PASSWORD_MIN} characters`),
        v.maxLength(PASSWORD_MAX, `password can be at most ${PASSWORD_MAX} characters`),
      ),
    ),
    role: v.optional(v.picklist(USER_ROLES, `role must be one of ${USER_ROLES.join(', ')}`)),
    providers: v.optional(
      v.pipe(
        v.array(idField('providers'), 'providers must be a list of provider ids'),
        v.maxLength(500, 'providers can list at most 500 ids'),
      ),
    ),
  },
  missingKey('an object with an email'),
);
export type UserUpdate = v.InferInput<typeof UserUpdateSchema>;
export type UserUpdateParsed = v.InferOutput<typeof UserUpdateSchema>;

/** DELETE /user/{firebaseUid}. */
export const UserDeletedSchema = v.object({ firebaseUid: v.string(), deleted: v.literal(true) });

/** The code PUT /user answers with (409) when the invite code belongs to someone else (01 §7). */
export const INVITE_CODE_EXISTS = 'user/:firebaseUid/invite-code-exists';
