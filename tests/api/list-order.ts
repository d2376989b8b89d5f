/**
 * A list's rows in the order asked (docs/design.md "Lists"): each row's key after the previous one's in the
 * direction, ties allowed (the tie-breakers are checked by the tests that know them); an empty key (null)
 * last in either direction.
 */
import { expect } from 'vitest';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { SORT_DIRECTIONS, type SortDirection } from '../../src/domain/shared/sort';
import { expectRejected } from './support';

export function expectOrdered<T>(
  rows: readonly T[],
  key: (row: T) => string | number | null,
  dir: SortDirection,
  label = '',
): void {
  const sign = dir === 'asc' ? 1 : -1;
  for (let i = 1; i < rows.length; i += 1) {
    const a = key(rows[i - 1] as T);
    const b = key(rows[i] as T);
    if (a === null) expect(b, `${label}: empty keys last (row ${i})`).toBeNull();
    else if (b !== null) {
      const compared = a < b ? -1 : a > b ? 1 : 0;
      expect(compared * sign, `${label}: ${String(a)} then ${String(b)} (row ${i})`).toBeLessThanOrEqual(0);
    }
  }
}

/**
 * Every column both ways (`?sort=column&dir=asc|desc`): all `count` rows, each after the previous by the
 * column's key, and read twice in the same order (ties are broken the same way each time).
 */
export async function expectEveryOrder<T>(
  read: (query: string) => Promise<readonly T[]>,
  keys: Readonly<Record<string, (row: T) => string | number | null>>,
  count: number,
): Promise<void> {
  for (const [sort, key] of Object.entries(keys))
    for (const dir of SORT_DIRECTIONS) {
      const query = `?sort=${sort}&dir=${dir}`;
      const rows = await read(query);
      expect(rows, query).toHaveLength(count);
      expectOrdered(rows, key, dir, query);
      expect(await read(query), query).toEqual(rows);
    }
}

/** Each bad order (query, the parameter it names, the plain words said) is a 400 naming it. */
export async function expectOrderRefused(
  fetch: (query: string) => Promise<Response>,
  cases: readonly (readonly [query: string, field: string, message: string])[],
): Promise<void> {
  for (const [query, field, message] of cases)
    expect(await expectRejected(await fetch(query), 400, API_ERROR_CODES.invalidQuery, field), query).toMatch(
      message,
    );
}
