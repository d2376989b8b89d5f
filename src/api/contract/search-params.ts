/**
 * The rules of primitives.ts that the console's own URL checks (the routes' search params) and that the
 * first load therefore holds: an id, a free text, a calendar day. Apart from the rest of the request rules
 * so that those load with the screens that send requests; primitives.ts re-exports these.
 */
import * as v from 'valibot';

/** PostgreSQL integer ids: 1 to 2^31 − 1. */
export const MAX_ID = 2_147_483_647;

/** What a bad id is told, e.g. "locationId must be a whole number from 1 to 2147483647". */
export const idMessage = (name: string) => `${name} must be a whole number from 1 to ${MAX_ID}`;

/** An id in a JSON body: a number, whole, from 1 to MAX_ID. */
export const idField = (name: string, message = idMessage(name)) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(MAX_ID, message));

/** An id in the console's own URL (`?provider=12`): anything else is dropped, as if it were absent. */
export const SearchIdSchema = v.fallback(v.optional(idField('id')), undefined);

/** The search of a page about one provider, `?provider=12` (absent: the session's own; a bad id drops). */
export const ProviderSearchSchema = v.object({ provider: SearchIdSchema });

/**
 * A free text in the console's own URL (`?q=`, `?recordId=`). The router reads `?q=123` as the number 123 (a
 * value that reads as JSON is parsed) and writes back what the schema gives, so a whole number stays a number
 * here (the address then reads `q=123`, not the quoted `q=%22123%22`); a screen takes its text with `String`.
 * A bad value is dropped, as if it were absent.
 */
export const SearchTextSchema = (max: number) =>
  v.fallback(
    v.optional(
      v.union([v.pipe(v.string(), v.maxLength(max)), v.pipe(v.number(), v.safeInteger(), v.minValue(0))]),
      '',
    ),
    '',
  );

/** A text as SearchTextSchema holds it in the URL: a whole number goes as a number. */
export const toSearchText = (text: string): string | number =>
  /^(0|[1-9]\d{0,14})$/.test(text) ? Number(text) : text;

/** Dates and times outside these years are refused: none is meaningful here, and arithmetic stays safe. */
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2200;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True for a real calendar day within YEAR_MIN..YEAR_MAX. */
export function isRealDay(year: number, month: number, day: number): boolean {
  if (year < YEAR_MIN || year > YEAR_MAX || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0));
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A calendar day written YYYY-MM-DD (2026-03-01). */
export function isDayText(text: string): boolean {
  const match = DAY.exec(text);
  return match !== null && isRealDay(Number(match[1]), Number(match[2]), Number(match[3]));
}
