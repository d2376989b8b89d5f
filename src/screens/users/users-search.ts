import * as v from 'valibot';
import { USER_ROLES, USER_SORTS, type UserSort } from '../../domain/users/user-list-params';
import { USERS_DEFAULT_PAGE_SIZE } from '../../domain/shared/constants';
import type { SortOrder } from '../../domain/shared/sort';
import { sortSearchEntries } from '../shared/sort-search';

export const USERS_DEFAULT_SIZE = USERS_DEFAULT_PAGE_SIZE as 10;
/** By name, A to Z, unless the person chooses another order. */
const USERS_SORT_DEFAULT = { sort: 'name', dir: 'asc' } as const satisfies SortOrder<UserSort>;

/**
 * List state in the URL (01 §2): search text, role filter, sort and direction, page, page size and the open
 * user; a bad value falls back.
 */
export const UsersSearchSchema = v.object({
  q: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(200)), ''), ''),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
  size: v.fallback(
    v.optional(v.union([v.picklist([5, 10, 25]), v.literal('all')]), USERS_DEFAULT_SIZE),
    USERS_DEFAULT_SIZE,
  ),
  role: v.fallback(v.optional(v.picklist(USER_ROLES)), undefined),
  ...sortSearchEntries(USER_SORTS, USERS_SORT_DEFAULT),
  user: v.fallback(v.optional(v.string()), undefined),
});
export type UsersSearch = v.InferOutput<typeof UsersSearchSchema>;

/** Defaults stay out of the URL: /users, not /users?q=&page=1&size=10&sort=name&dir=asc. */
export const USERS_SEARCH_DEFAULTS = {
  q: '',
  page: 1,
  size: USERS_DEFAULT_SIZE,
  ...USERS_SORT_DEFAULT,
} as const satisfies Partial<UsersSearch>;
