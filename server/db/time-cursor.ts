/**
 * The one keyset cursor of the lists read by a timestamp and an id, newest first (GET /audit,
 * GET /appointments/list) or oldest first (GET /appointments/list?dir=asc): an opaque text of the last row's (timestamp in microseconds, id), and the
 * condition that reads the rows after it. Microseconds, because a Date (milliseconds) would round the
 * timestamp and a page could then skip or repeat a row.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { failure, ok, type Result } from '../http/result';

export interface TimePosition {
  /** Microseconds since the epoch, as digits. */
  micros: string;
  id: number;
}

/** The column's value in microseconds since the epoch, as text (select it beside the row). */
export const microsOf = (column: AnyColumn) =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

export function encodeTimeCursor(row: TimePosition): string {
  return Buffer.from(`${row.micros}:${row.id}`).toString('base64url');
}

/** The position a cursor names, or undefined when it is not one this API wrote. */
export function decodeTimeCursor(cursor: string): TimePosition | undefined {
  const match = /^(\d{1,17}):(\d{1,18})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match?.[1] || !match[2]) return undefined;
  return { micros: match[1], id: Number(match[2]) };
}

/**
 * A list's `cursor` query parameter: none reads the first page; one this API did not write is a 400 naming
 * it (the same words on every list that pages by time).
 */
export function cursorPosition(cursor: string | undefined): Result<TimePosition | undefined> {
  if (cursor === undefined) return ok(undefined);
  const position = decodeTimeCursor(cursor);
  return position
    ? ok(position)
    : failure(
        400,
        API_ERROR_CODES.invalidQuery,
        'cursor must be a nextCursor from a previous page',
        'cursor',
      );
}

const positionOf = (position: TimePosition) =>
  sql`(timestamptz 'epoch' + ${position.micros}::bigint * interval '1 microsecond', ${position.id})`;

/** Rows after the position in the order (time desc, id desc): `(time, id) < (position)`. */
export function olderThan(time: AnyColumn, id: AnyColumn, position: TimePosition): SQL {
  return sql`(${time}, ${id}) < ${positionOf(position)}`;
}

/** Rows after the position in the order (time asc, id asc): `(time, id) > (position)`. */
export function newerThan(time: AnyColumn, id: AnyColumn, position: TimePosition): SQL {
  return sql`(${time}, ${id}) > ${positionOf(position)}`;
}

/** A page as the list answers it: its items, and the cursor after the last one (null at the end). */
export interface TimePage<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * The page from `limit + 1` rows read in the list's order (the one extra row tells that more follow): the
 * first `limit` as items, and the cursor after the last of them when more follow.
 */
export function timePage<R extends TimePosition, T>(
  rows: R[],
  limit: number,
  toItem: (row: R) => T,
): TimePage<T> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(toItem), nextCursor: rows.length > limit && last ? encodeTimeCursor(last) : null };
}
