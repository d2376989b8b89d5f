import * as v from 'valibot';
import { SORT_DIRECTIONS, type SortOrder } from '../../domain/shared/sort';

/**
 * A list's order in its route's search (docs/design.md "Lists": `sort` and `dir` in the URL): a column of
 * the list and a direction, a bad value falling back to the list's own order. Spread into the route's
 * schema; the default goes in the route's `searchWithDefaults`, so it stays out of the URL.
 */
export function sortSearchEntries<const C extends readonly [string, ...string[]]>(
  columns: C,
  fallback: SortOrder<C[number]>,
) {
  return {
    sort: v.fallback(v.optional(v.picklist(columns), fallback.sort), fallback.sort),
    dir: v.fallback(v.optional(v.picklist(SORT_DIRECTIONS), fallback.dir), fallback.dir),
  };
}
