/**
 * The two request rules every contract shares, for a path, a query and a body alike (server/README.md,
 * "Requests and errors"):
 *
 * - an id is a whole number from 1 to MAX_ID, the largest database integer id: a number in a body, digits
 *   in a path or query;
 * - a date is a real calendar date from YEAR_MIN to YEAR_MAX, and a time a real time of day with a real
 *   offset (Z or ±HH:MM up to ±14:00).
 *
 * A value that fails is refused with a 400 naming its field before any database work: the database would
 * refuse it too, but as an error, not as an answer.
 */
import * as v from 'valibot';
import { SORT_DIRECTIONS } from '../../domain/shared/sort';
import { idField, idMessage, isDayText, isRealDay } from './search-params';

export {
  idField,
  idMessage,
  isDayText,
  isRealDay,
  MAX_ID,
  SearchIdSchema,
  SearchTextSchema,
  toSearchText,
  YEAR_MAX,
  YEAR_MIN,
} from './search-params';

/** A whole number in an answer (ids, cents, counts): the server wrote it, so no range is told. */
export const wholeNumber = v.pipe(v.number(), v.integer());

/** What a DELETE of one record answers: `{ id, deleted: true }`. */
/** Text that may be absent: null on the wire. */
export const nullableText = v.nullable(v.string());

export const DeletedSchema = v.object({ id: wholeNumber, deleted: v.literal(true) });
export type Deleted = v.InferOutput<typeof DeletedSchema>;

/** A required text in a body, trimmed: "name is required" when empty, "name can be at most 200 characters". */
export const requiredText = (name: string, max: number) =>
  v.pipe(
    v.string(`${name} is required`),
    v.trim(),
    v.nonEmpty(`${name} is required`),
    v.maxLength(max, `${name} can be at most ${max} characters`),
  );

/** Digits only: no sign, decimals, exponent or space; leading zeros are harmless (007 is 7). */
const ID_DIGITS = /^\d{1,10}$/;

/** An id written in digits (a path or query value), as the number it names. */
export const idText = (name: string, message = idMessage(name)) =>
  v.pipe(v.string(message), v.regex(ID_DIGITS, message), v.transform(Number), idField(name, message));

/**
 * A whole number written in digits (a query value such as `limit` or `page`), from `min` to `max`, as the
 * number it names; every fault is told `message`. At most as many digits as `max` has, so no text is read
 * past the range.
 */
export const wholeText = (min: number, max: number, message: string) =>
  v.pipe(
    v.string(message),
    v.regex(new RegExp(`^\\d{1,${String(max).length}}$`), message),
    v.transform(Number),
    v.minValue(min, message),
    v.maxValue(max, message),
  );

/** A query parameter given once (the query arrives as lists of values), as its one text. */
export const onceQuery = (name: string, required = `${name} is required`) =>
  v.pipe(
    v.array(v.string(), required),
    v.length(1, `${name} must be given once`),
    v.transform((values) => values[0] ?? ''),
  );

/** An optional query parameter, given once, that is one of these words: `?strategy=MANUAL`. */
export const oneOfQuery = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  v.optional(v.pipe(onceQuery(name), v.picklist(values, `${name} must be one of ${values.join(', ')}`)));

/**
 * A list's order in the query (docs/design.md "Lists"): `sort` one of its columns and `dir` asc or desc,
 * both optional (the list's own order without them); another column is a 400 naming the ones there are.
 */
export const sortQueryEntries = <const C extends readonly [string, ...string[]]>(columns: C) => ({
  sort: oneOfQuery('sort', columns),
  dir: oneOfQuery('dir', SORT_DIRECTIONS),
});

/**
 * A page of a list paged by cursor, spread into its answer's schema: the items and `nextCursor` (opaque:
 * the client sends it back for the next page), null at the end.
 */
export const cursorPageEntries = <const T extends v.GenericSchema>(item: T) => ({
  items: v.array(item),
  nextCursor: v.nullable(v.string()),
});

/** A required id in the query: `?locationId=12`. */
export const queryId = (name: string, required?: string) => v.pipe(onceQuery(name, required), idText(name));

/** The widest offset any time zone has (Kiribati, UTC+14:00; the furthest west is UTC−12:00). */
const OFFSET_MAX_MINUTES = 14 * 60;

const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/**
 * An instant written as ISO 8601 with its offset: 2026-03-01T08:00Z, 2026-03-01T08:00:00.000-08:00.
 * Seconds and fractions are optional; the offset is Z or ±HH:MM within ±14:00.
 */
export function isInstantText(text: string): boolean {
  const match = INSTANT.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = match
    .slice(1)
    .map((part) => Number(part ?? 0)) as [number, number, number, number, number, number, number, number];
  return (
    isRealDay(year, month, day) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetMinutes <= 59 &&
    offsetHours * 60 + offsetMinutes <= OFFSET_MAX_MINUTES
  );
}

export const instantMessage = (name: string) =>
  `${name} must be an ISO date and time with its offset, e.g. 2026-03-01T08:00:00Z`;

/** An instant in a body: required, checked with isInstantText. */
export const instantField = (name: string) =>
  v.pipe(v.string(`${name} is required`), v.check(isInstantText, instantMessage(name)));

/** A calendar day in a body, YYYY-MM-DD. */
export const dayField = (name: string, message = `${name} must be a date written YYYY-MM-DD`) =>
  v.pipe(v.string(`${name} is required`), v.check(isDayText, message));
