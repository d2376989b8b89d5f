import * as v from 'valibot';
import { SORT_DIRECTIONS, USER_ROLES, USER_SORTS } from '../../domain/users/user-list-params';
import { USERS_DEFAULT_PAGE_SIZE } from '../../domain/shared/constants';

/**
 * List state in the URL (01 §2): search text, role filter, sort and direction, page, page size and the open
 * user; a bad value falls back.
 */
export const USERS_DEFAULT_SIZE = USERS_DEFAULT_PAGE_SIZE as 10;
export const UsersSearchSchema = v.object({
  q: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(200)), ''), ''),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
  size: v.fallback(
    v.optional(v.union([v.picklist([5, 10, 25]), v.literal('all')]), USERS_DEFAULT_SIZE),
    USERS_DEFAULT_SIZE,
  ),
  role: v.fallback(v.optional(v.picklist(USER_ROLES)), undefined),
  sort: v.fallback(v.optional(v.picklist(USER_SORTS), 'name'), 'name'),
  dir: v.fallback(v.optional(v.picklist(SORT_DIRECTIONS), 'asc'), 'asc'),
  user: v.fallback(v.optional(v.string()), undefined),
});
export type UsersSearch = v.InferOutput<typeof UsersSearchSchema>;
