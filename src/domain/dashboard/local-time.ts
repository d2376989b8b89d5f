/**
 * Instants to local days and clock times in bulk: a busy month holds thousands of bookings, and converting
 * each through a Temporal ZonedDateTime costs tens of milliseconds for the month. Here each instant is parsed
 * and placed by integer arithmetic, and Temporal is asked only for a zone's offset once per stretch between
 * its transitions (so twice across a DST change). The results equal Temporal's (tests/unit/domain/dashboard/local-time.test.ts
 * checks them against it, DST changes and odd offsets included).
 */
import { Temporal } from 'temporal-polyfill';

const MS_PER_DAY = 86_400_000;
const MS_PER_MINUTE = 60_000;
const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:(Z)|([+-])(\d{2}):(\d{2}))$/i;

/** Days since 1970-01-01 of a proleptic Gregorian date (month 1–12). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The date of a count of days since 1970-01-01. */
function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: era * 400 + yoe + (month <= 2 ? 1 : 0), month, day };
}

/** Milliseconds since the epoch of an ISO instant ("2026-11-01T14:30:00.000Z", or with an offset). */
export function epochMsOf(iso: string): number {
  const m = ISO_INSTANT.exec(iso);
  if (!m) return Temporal.Instant.from(iso).epochMilliseconds;
  const [, y, mo, d, h, mi, s, fraction, zulu, sign, oh, om] = m;
  const local =
    daysFromCivil(Number(y), Number(mo), Number(d)) * MS_PER_DAY +
    Number(h) * 3_600_000 +
    Number(mi) * MS_PER_MINUTE +
    Number(s ?? 0) * 1000 +
    Number((fraction ?? '').padEnd(3, '0').slice(0, 3));
  if (zulu) return local;
  const offset = (Number(oh) * 60 + Number(om)) * MS_PER_MINUTE;
  return sign === '-' ? local + offset : local - offset;
}

/**
 * A reader of a zone's UTC offset (ms) at an instant. It asks Temporal once and reuses the answer until the
 * zone's next transition, so instants read in ascending order cost one lookup per stretch.
 */
export function offsetReader(zone: string): (epochMs: number) => number {
  let from = Number.POSITIVE_INFINITY;
  let until = Number.NEGATIVE_INFINITY;
  let offset = 0;
  return (epochMs) => {
    if (epochMs < from || epochMs >= until) {
      const local = Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(zone);
      offset = local.offsetNanoseconds / 1e6;
      from = epochMs;
      until = local.getTimeZoneTransition('next')?.epochMilliseconds ?? Number.POSITIVE_INFINITY;
    }
    return offset;
  };
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The local day (YYYY-MM-DD) and the hour and minute of an instant, given the zone's offset then. */
export function localParts(epochMs: number, offsetMs: number): { day: string; hour: number; minute: number } {
  const local = epochMs + offsetMs;
  const days = Math.floor(local / MS_PER_DAY);
  const minuteOfDay = Math.floor((local - days * MS_PER_DAY) / MS_PER_MINUTE);
  const { year, month, day } = civilFromDays(days);
  const yearText =
    year >= 0 && year <= 9999
      ? String(year).padStart(4, '0')
      : `${year < 0 ? '-' : '+'}${String(Math.abs(year)).padStart(6, '0')}`;
  return {
    day: `${yearText}-${pad2(month)}-${pad2(day)}`,
    hour: Math.floor(minuteOfDay / 60),
    minute: minuteOfDay % 60,
  };
}
