/**
 * The console's one set of formats for what people read (en-US, through Intl): a date "Nov 27, 2026", a
 * date and time "Nov 27, 2026, 3:07 PM" (with the zone's short name where the zone is not the reader's), a
 * count "12,345", a percent "20%". Instants come in as epoch milliseconds and are shown in the zone given
 * (the location's, or the reader's when none is given). Money is `formatDollars` (./money); a phone
 * number reads "(206) 555-0134" (`formatPhone`); a time zone reads "Pacific Time (Los Angeles)" (`formatZone`).
 * Screens and components never format by hand: ESLint refuses `toLocale…String`, `toISOString` and `new Intl.…` in src/ui and src/screens.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(
  kind: 'date' | 'monthDay' | 'dateTime' | 'dateTimeZone',
  timeZone: string | undefined,
) {
  const key = `${kind}|${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    const zone = timeZone ? { timeZone } : {};
    format =
      kind === 'date'
        ? new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', ...zone })
        : kind === 'monthDay'
          ? new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', ...zone })
          : kind === 'dateTime'
            ? new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', ...zone })
            : new Intl.DateTimeFormat('en-US', {
                year: 'numeric',
                month: 'short',
                day: 'numeric',
                hour: 'numeric',
                minute: '2-digit',
                timeZoneName: 'short',
                ...zone,
              });
    formats.set(key, format);
  }
  return format;
}

const shown = (epochMs: number, format: () => string) => (Number.isFinite(epochMs) ? format() : '—');

/** "Nov 27, 2026": the day an instant falls on in the zone; "—" for no instant. */
export function formatDate(epochMs: number, timeZone?: string): string {
  return shown(epochMs, () => dateTimeFormat('date', timeZone).format(epochMs));
}

/** Midnight UTC of a calendar day (YYYY-MM-DD), by the civil-calendar day count; NaN for another text. */
function utcMidnight(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return Number.NaN;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + date - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return (era * 146_097 + dayOfEra - 719_468) * 86_400_000;
}

/** A calendar day (YYYY-MM-DD) as "Nov 27, 2026", or "Nov 27" with `year: false`. */
export function formatDay(day: string, options: { year?: boolean } = {}): string {
  const at = utcMidnight(day);
  return shown(at, () => dateTimeFormat(options.year === false ? 'monthDay' : 'date', 'UTC').format(at));
}

/** "Nov 27, 2026, 3:07 PM" in the zone; with `zoneName`, "Nov 27, 2026, 3:07 PM PST". */
export function formatDateTime(
  epochMs: number,
  timeZone?: string,
  options: { zoneName?: boolean } = {},
): string {
  const kind = options.zoneName ? 'dateTimeZone' : 'dateTime';
  return shown(epochMs, () => dateTimeFormat(kind, timeZone).format(epochMs));
}

const counts = new Intl.NumberFormat('en-US');

/** "12,345". */
export function formatCount(count: number): string {
  return counts.format(count);
}

const percents = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 2 });

/** A fraction as a percent: 0.2 → "20%", 0.0825 → "8.25%". */
export function formatPercent(fraction: number): string {
  return percents.format(fraction);
}

const zoneNames = new Map<string, string>();

/**
 * A time zone as people name it: "Pacific Time (Los Angeles)" for America/Los_Angeles. A zone named by no
 * place (UTC, Etc/GMT+5), or one Intl does not know, is shown as it is.
 */
export function formatZone(timeZone: string): string {
  let name = zoneNames.get(timeZone);
  if (name === undefined) {
    const place = /^(?!Etc\/)[^/]+\/(?:.+\/)?([^/]+)$/.exec(timeZone)?.[1]?.replaceAll('_', ' ');
    try {
      const generic = place
        ? new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
            .formatToParts(0)
            .find((part) => part.type === 'timeZoneName')?.value
        : undefined;
      name = generic && place ? (generic.includes(place) ? generic : `${generic} (${place})`) : timeZone;
    } catch {
      name = timeZone;
    }
    zoneNames.set(timeZone, name);
  }
  return name;
}

/**
 * A phone number for reading, the same on every screen: a US number, typed with or without its +1, as
 * "(206) 555-0134"; any other number as it was typed (trimmed, runs of spaces made one); "—" for none.
 */
export function formatPhone(phone: string | null | undefined): string {
  const typed = phone?.trim() ?? '';
  if (typed === '') return '—';
  const national = usNational(typed);
  if (national) return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
  return typed.replace(/\s+/g, ' ');
}

/** A US number's ten digits, typed with or without its +1; null for any other (or an extension, letters). */
function usNational(typed: string): string | null {
  const digits = typed.replace(/\D/g, '');
  const international = typed.trim().startsWith('+');
  const national =
    digits.length === 10 && !international
      ? digits
      : digits.length === 11 && digits.startsWith('1')
        ? digits.slice(1)
        : null;
  // Only digits and the usual separators: an extension or letters keep the number as typed.
  return national && /^[+\d\s().-]+$/.test(typed) ? national : null;
}

/**
 * What a phone field shows for a stored number: a US number as `formatPhone` reads it, any other exactly as
 * stored (so typing a space or a partial number is never undone under the caret).
 */
export function phoneFieldText(stored: string): string {
  return usNational(stored) ? formatPhone(stored) : stored;
}

/** The number a phone field stores for what was typed: a US number in E.164 ("+13105550142"), any other as typed. */
export function phoneOfField(typed: string): string {
  const national = usNational(typed);
  return national ? `+1${national}` : typed;
}
