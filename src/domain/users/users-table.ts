/**
 * What the users table shows beyond the raw row: the joined date as a calendar date in the reader's time
 * zone, role names, and the next sort when a column header is chosen.
 * Pure: the zone is an argument (src/app/clock.ts gives the reader's).
 */
import { Temporal } from 'temporal-polyfill';
import { formatDate } from '../shared/format';
import { nextSort } from '../shared/sort';
import type { UserRole } from './users';

export const USERS_SORT_COLUMNS = ['name', 'email', 'joined'] as const;
export type UsersSortColumn = (typeof USERS_SORT_COLUMNS)[number];
export const USERS_SORT_LABELS: Readonly<Record<UsersSortColumn, string>> = {
  name: 'Name',
  email: 'Email',
  joined: 'Joined',
};
export type UsersSortDir = 'asc' | 'desc';

/** "Mar 4, 2025": the day an ISO instant falls on in the zone; '—' for a value that is not an instant. */
export function formatJoined(iso: string, timeZone: string): string {
  try {
    return formatDate(Temporal.Instant.from(iso).epochMilliseconds, timeZone);
  } catch {
    return '—';
  }
}

export const ROLE_LABELS: Record<UserRole, string> = { USER: 'User', PROVIDER: 'Provider', ADMIN: 'Admin' };

/** Choosing a column's header: the same column turns around; another column starts ascending (joined: newest first). */
export function nextUsersSort(
  current: { sort: UsersSortColumn; dir: UsersSortDir },
  column: UsersSortColumn,
): { sort: UsersSortColumn; dir: UsersSortDir } {
  return nextSort(current, column, ['joined']);
}
