/**
 * What the users table shows beyond the raw row: the joined date as a calendar date in the reader's time
 * zone, phone numbers written for reading, role names, and the next sort when a column header is chosen.
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

/**
 * A phone number for reading: North American numbers as "(310) 555-0101" ("+1 (310) 555-0101" when stored
 * with the country code); anything else as stored.
 */
export function formatPhone(phone: string | null): string {
  if (!phone?.trim()) return '—';
  const digits = phone.replace(/\D/g, '');
  const international = phone.trim().startsWith('+');
  if (digits.length === 10 && !international) {
    return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  }
  if (digits.length === 11 && digits.startsWith('1')) {
    return `+1 (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7)}`;
  }
  return phone.trim().replace(/\s+/g, ' ');
}

export const ROLE_LABELS: Record<UserRole, string> = { USER: 'User', PROVIDER: 'Provider', ADMIN: 'Admin' };

/** Choosing a column's header: the same column turns around; another column starts ascending (joined: newest first). */
export function nextUsersSort(
  current: { sort: UsersSortColumn; dir: UsersSortDir },
  column: UsersSortColumn,
): { sort: UsersSortColumn; dir: UsersSortDir } {
  return nextSort(current, column, ['joined']);
}
