import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  checkSlashRange,
  completedRange,
  formatDisplayDate,
  formatSlashDate,
  isPastRange,
  parseIsoDate,
  parseSlashDate,
  rangeLabel,
  rangesOverlap,
  slashFromIso,
  todayIn,
} from '../../../../src/domain/providers/dates';

const date = (text: string) => Temporal.PlainDate.from(text);
const plainDates = fc
  .integer({ min: 0, max: 365 * 200 })
  .map((days) => Temporal.PlainDate.from('1950-01-01').add({ days }));

describe('YYYY/MM/DD', () => {
  it.each([
    ['2026-05-10', '2026/05/10'],
    ['2026-01-01', '2026/01/01'],
    ['0999-12-31', '0999/12/31'],
  ])('%s is written %s', (iso, slash) => {
    expect(formatSlashDate(date(iso))).toBe(slash);
  });

  it.each([
    ['2026/05/10', '2026-05-10'],
    [' 2024/02/29 ', '2024-02-29'],
    ['2026/02/30', null],
    ['2025/02/29', null],
    ['2026-05-10', null],
    ['2026/5/10', null],
    ['2026/13/01', null],
    ['', null],
  ])('%j reads as %j', (text, iso) => {
    expect(parseSlashDate(text)?.toString() ?? null).toBe(iso);
  });

  it('reads back every date it writes', () => {
    fc.assert(
      fc.property(plainDates, (day) => {
        expect(parseSlashDate(formatSlashDate(day))?.equals(day)).toBe(true);
      }),
    );
  });

  it('turns the date columns (YYYY-MM-DD) into YYYY/MM/DD', () => {
    expect(slashFromIso('2026-12-24')).toBe('2026/12/24');
    expect(slashFromIso('not a date')).toBeNull();
  });
});

describe('special-date ranges', () => {
  it('are added only once both ends are picked, in order whichever end came first', () => {
    expect(completedRange({ start: date('2026-05-10'), end: null })).toBeNull();
    expect(completedRange({ start: null, end: date('2026-05-10') })).toBeNull();
    expect(completedRange({ start: date('2026-05-12'), end: date('2026-05-10') })).toEqual({
      start: date('2026-05-10'),
      end: date('2026-05-12'),
    });
    fc.assert(
      fc.property(plainDates, plainDates, (a, b) => {
        const range = completedRange({ start: a, end: b });
        expect(range && Temporal.PlainDate.compare(range.start, range.end) <= 0).toBe(true);
      }),
    );
  });

  it.each([
    ['2026/05/10', '2026/05/12', null],
    ['2026/05/10', '2026/05/10', null],
    ['2026/05/12', '2026/05/10', 'end-before-start'],
    ['2026/02/30', '2026/03/01', 'invalid-start'],
    ['2026/03/01', 'soon', 'invalid-end'],
  ])('%s – %s: %s', (start, end, problem) => {
    const result = checkSlashRange(start, end);
    expect(result.ok ? null : result.problem).toBe(problem);
  });

  it('overlap when they share a day, both ends included, and overlap is symmetric', () => {
    const may = { start: date('2026-05-10'), end: date('2026-05-12') };
    expect(rangesOverlap(may, { start: date('2026-05-12'), end: date('2026-05-20') })).toBe(true);
    expect(rangesOverlap(may, { start: date('2026-05-13'), end: date('2026-05-20') })).toBe(false);
    fc.assert(
      fc.property(plainDates, plainDates, plainDates, plainDates, (a, b, c, d) => {
        const x = completedRange({ start: a, end: b });
        const y = completedRange({ start: c, end: d });
        if (!x || !y) return;
        expect(rangesOverlap(x, y)).toBe(rangesOverlap(y, x));
        expect(rangesOverlap(x, x)).toBe(true);
      }),
    );
  });

  it('"today" and "past" depend on the location’s zone', () => {
    // 2026-01-01 05:30 UTC is still 31 December in Los Angeles, already 1 January in New York.
    const now = Temporal.Instant.from('2026-01-01T05:30:00Z');
    expect(todayIn(now, 'America/Los_Angeles').toString()).toBe('2025-12-31');
    expect(todayIn(now, 'America/New_York').toString()).toBe('2026-01-01');
    const newYearsEve = { start: date('2025-12-31'), end: date('2025-12-31') };
    expect(isPastRange(newYearsEve, now, 'America/Los_Angeles')).toBe(false);
    expect(isPastRange(newYearsEve, now, 'America/New_York')).toBe(true);
  });

  it('labels a range for the Added/Removed Special Date toasts', () => {
    expect(rangeLabel({ start: date('2026-05-10'), end: date('2026-05-12') })).toEqual([
      '2026/05/10',
      '2026/05/12',
    ]);
  });
});

describe('date inputs and display', () => {
  it.each([
    ['2026-02-03', '2026-02-03'],
    ['2024-02-29', '2024-02-29'],
    ['2026-02-30', null],
    ['', null],
    ['2026/02/03', null],
    ['26-02-03', null],
  ])('reads the date input %j as %j', (text, expected) => {
    expect(parseIsoDate(text)?.toString() ?? null).toBe(expected);
  });

  it('shows a date with its weekday, whatever the zone of the machine running it', () => {
    expect(formatDisplayDate(date('2026-12-24'))).toBe('Thu, Dec 24, 2026');
    expect(formatDisplayDate(date('2027-01-01'))).toBe('Fri, Jan 1, 2027');
  });
});
