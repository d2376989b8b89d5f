/**
 * The users list's arithmetic (01 §2): pages of 5, 10 or 25, or every user shown in one virtual list that is
 * fetched in chunks as rows come into view; and the CSV exports of the users and the waitlist.
 */
import type { SortDirection, UserRole, UserSort } from './user-list-params';
import { toCsv } from '../shared/csv';
import { userLabel, type UserLike } from './users';

/**
 * What Download Users asks for: every user the list shows (its search, role filter and sort), on one page.
 */
export function usersExportQuery(shown: {
  search: string;
  role?: UserRole | undefined;
  sort?: UserSort | undefined;
  dir?: SortDirection | undefined;
}): { search: string; role?: UserRole; sort?: UserSort; dir?: SortDirection; pageSize: 'all' } {
  return {
    search: shown.search,
    ...(shown.role ? { role: shown.role } : {}),
    ...(shown.sort ? { sort: shown.sort } : {}),
    ...(shown.dir ? { dir: shown.dir } : {}),
    pageSize: 'all',
  };
}

/** "All" fetches the rows in view in chunks of this many. */
export const USERS_CHUNK = 100;

/** The chunks holding the rows in view; the first chunk is always wanted (it says how many match). */
export function chunkIndexes(range: { start: number; end: number }, chunk = USERS_CHUNK): number[] {
  const first = Math.floor(range.start / chunk);
  const last = Math.floor(range.end / chunk);
  const indexes = new Set([0]);
  for (let index = first; index <= last; index += 1) indexes.add(index);
  return [...indexes];
}

/** Row `index` of the whole list, from the chunks fetched so far (undefined while its chunk loads). */
export function rowInChunks<T>(
  chunks: ReadonlyMap<number, readonly T[] | undefined>,
  index: number,
  chunk = USERS_CHUNK,
) {
  return chunks.get(Math.floor(index / chunk))?.[index % chunk];
}

/** The number shown beside the first row of a page (1 for the whole list). */
export function firstRowNumber(page: number, pageSize: number | 'All'): number {
  return pageSize === 'All' ? 1 : (page - 1) * pageSize + 1;
}

/** A user as the CSV export lists them: what every user shows, and when and where the account was made. */
type ExportedUser = Pick<
  UserLike,
  | 'displayName'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'birthdate'
  | 'inviteCode'
  | 'availablePoints'
> & { role: string; firebaseUid: string | null; createdAt: string };

export function usersCsv(users: readonly ExportedUser[]): string {
  return toCsv(
    [
      'Name',
      'First name',
      'Last name',
      'Email',
      'Phone',
      'Birthdate',
      'Role',
      'Invite code',
      'Available points',
      'User id',
      'Joined',
    ],
    users.map((user) => [
      userLabel(user),
      user.firstName,
      user.lastName,
      user.email,
      user.phone,
      user.birthdate,
      user.role,
      user.inviteCode,
      user.availablePoints,
      user.firebaseUid,
      user.createdAt.slice(0, 10),
    ]),
  );
}

export function waitlistCsv(
  leads: readonly { email: string; name: string | null; createdAt: string }[],
): string {
  return toCsv(
    ['Email', 'Name', 'Signed up'],
    leads.map((lead) => [lead.email, lead.name, lead.createdAt]),
  );
}
