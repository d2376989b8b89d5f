/**
 * The calendar's bulk conversion (src/domain/dashboard/local-time.ts) against Temporal: the same local day,
 * hour and minute for any instant in any zone, DST changes, half- and quarter-hour offsets included, and
 * however the ISO text writes the instant.
 */
import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { epochMsOf, localParts, offsetReader } from '../../../../src/domain/dashboard/local-time';

const ZONES = [
  'UTC',
  'America/Chicago',
  'America/New_York',
  'America/Los_Angeles',
  'America/St_Johns',
  'Europe/London',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Pacific/Apia',
];

function temporalParts(epochMs: number, zone: string) {
  const local = Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(zone);
  return { day: local.toPlainDate().toString(), hour: local.hour, minute: local.minute };
}

/** 1900-01-01 to 2100-01-01. */
const instants = fc.integer({ min: -2_208_988_800_000, max: 4_102_444_800_000 });

describe('local time in bulk', () => {
  it('parses ISO instants as Temporal does: Z or an offset, with or without seconds and fractions', () => {
    fc.assert(
      fc.property(instants, fc.integer({ min: -14 * 60, max: 14 * 60 }), (ms, offsetMinutes) => {
        const instant = Temporal.Instant.fromEpochMilliseconds(ms);
        expect(epochMsOf(instant.toString())).toBe(ms);
        const offset = `${offsetMinutes < 0 ? '-' : '+'}${String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0')}:${String(Math.abs(offsetMinutes) % 60).padStart(2, '0')}`;
        const withOffset = instant.toString({ timeZone: offset });
        expect(epochMsOf(withOffset)).toBe(Temporal.Instant.from(withOffset).epochMilliseconds);
      }),
    );
    expect(epochMsOf('2026-11-01T07:30Z')).toBe(Temporal.Instant.from('2026-11-01T07:30Z').epochMilliseconds);
    expect(epochMsOf('2026-03-08T08:00:00.57Z')).toBe(
      Temporal.Instant.from('2026-03-08T08:00:00.57Z').epochMilliseconds,
    );
    expect(epochMsOf('2026-03-08T08:00:00.123456789+05:30')).toBe(
      Temporal.Instant.from('2026-03-08T08:00:00.123456789+05:30').epochMilliseconds,
    );
    // Text the pattern does not take is left to Temporal.
    expect(epochMsOf('2026-03-08T08:00:00Z[UTC]')).toBe(
      Temporal.Instant.from('2026-03-08T08:00:00Z[UTC]').epochMilliseconds,
    );
  });

  it('gives the day, hour and minute Temporal gives, for any instant in any zone', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...ZONES), (ms, zone) => {
        expect(localParts(ms, offsetReader(zone)(ms))).toEqual(temporalParts(ms, zone));
      }),
    );
  });

  it('one reader walking ascending instants across DST changes matches Temporal at every step', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.array(fc.integer({ min: 1_761_955_200_000, max: 1_798_761_600_000 }), { maxLength: 300 }),
        (zone, list) => {
          const offsetAt = offsetReader(zone);
          for (const ms of [...list].sort((a, b) => a - b))
            expect(localParts(ms, offsetAt(ms))).toEqual(temporalParts(ms, zone));
        },
      ),
    );
  });

  it('places the minutes around the March and November changes in Chicago on the right local clock', () => {
    const offsetAt = offsetReader('America/Chicago');
    const at = (iso: string) => {
      const ms = epochMsOf(iso);
      return localParts(ms, offsetAt(ms));
    };
    // Spring forward: 1:59 CST is followed by 3:00 CDT.
    expect(at('2026-03-08T07:59:00Z')).toEqual({ day: '2026-03-08', hour: 1, minute: 59 });
    expect(at('2026-03-08T08:00:00Z')).toEqual({ day: '2026-03-08', hour: 3, minute: 0 });
    // Fall back: 1:30 happens twice, then 23:30 CST is still the same day.
    expect(at('2026-11-01T06:30:00Z')).toEqual({ day: '2026-11-01', hour: 1, minute: 30 });
    expect(at('2026-11-01T07:30:00Z')).toEqual({ day: '2026-11-01', hour: 1, minute: 30 });
    expect(at('2026-11-02T05:30:00Z')).toEqual({ day: '2026-11-01', hour: 23, minute: 30 });
    expect(at('2026-11-02T06:00:00Z')).toEqual({ day: '2026-11-02', hour: 0, minute: 0 });
  });
});
