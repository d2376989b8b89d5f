/**
 * A list's order (docs/design.md "Lists"): a column and a direction, as the URL and the API take them, and
 * what choosing a column does. A module with no imports: route search schemas use it, and routes load with
 * the sign-in page.
 */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export interface SortOrder<C extends string> {
  sort: C;
  dir: SortDirection;
}

/**
 * Choosing a column (its header, or the phone's Sort by): the sorted column turns around; another starts in
 * its first direction (ascending unless named in `startsDescending`, e.g. a date read newest first).
 */
export function nextSort<C extends string>(
  current: SortOrder<C>,
  column: C,
  startsDescending: readonly C[] = [],
): SortOrder<C> {
  if (current.sort === column) return { sort: column, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { sort: column, dir: startsDescending.includes(column) ? 'desc' : 'asc' };
}
