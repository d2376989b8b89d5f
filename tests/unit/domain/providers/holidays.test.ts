import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  currentHolidays,
  holidayAsSpecialDate,
  holidayClashes,
  holidaysOfYear,
} from '../../../../src/domain/providers/holidays';

const listOf = (year: number, zone = 'America/Los_Angeles') =>
  holidaysOfYear(year, zone).map((holiday) => [holiday.date.toString(), holiday.name]);

describe('the holiday list: US public holidays plus Mother’s Day, with the spec’s renames', () => {
  it('2026: Independence Day on a Saturday keeps its substitute Friday; no substitute New Year’s day', () => {
    expect(listOf(2026)).toEqual([
      ['2026-01-01', "New Year's Eve"],
      ['2026-01-19', 'Martin Luther King Jr. Day'],
      ['2026-02-16', "Washington's Birthday"],
      ['2026-05-10', "Mother's Day"],
      ['2026-05-25', 'Memorial Day'],
      ['2026-06-19', 'Juneteenth'],
      ['2026-07-03', 'Independence Day (substitute day)'],
      ['2026-07-04', 'Independence Day'],
      ['2026-09-07', 'Labour Day'],
      ['2026-10-12', 'Columbus Day'],
      ['2026-11-11', 'Veterans Day'],
      ['2026-11-26', 'Thanksgiving Day'],
      ['2026-12-25', 'Christmas Eve'],
    ]);
  });

  it('2021: the substitute for New Year’s Day 2022 (a Saturday), observed on 31 December, is excluded', () => {
    const list = listOf(2021);
    expect(list).not.toContainEqual(['2021-12-31', "New Year's Day (substitute day)"]);
    expect(list.filter(([date]) => date === '2021-12-31')).toEqual([]);
    // Christmas on a Saturday: its substitute (Friday 24th) is not a New Year's day, so it stays.
    expect(list).toContainEqual(['2021-12-24', 'Christmas Day (substitute day)']);
    expect(list).toContainEqual(['2021-12-25', 'Christmas Eve']);
    expect(list).toContainEqual(['2021-05-09', "Mother's Day"]);
    expect(list).toContainEqual(['2021-07-05', 'Independence Day (substitute day)']);
  });

  it('2023: New Year’s Day on a Sunday; its Monday substitute is excluded', () => {
    const list = listOf(2023);
    expect(list[0]).toEqual(['2023-01-01', "New Year's Eve"]);
    expect(list.some(([date]) => date === '2023-01-02')).toBe(false);
    expect(list).toContainEqual(['2023-05-14', "Mother's Day"]);
    expect(list).toContainEqual(['2023-12-25', 'Christmas Eve']);
    // Only public holidays besides Mother's Day: the bank-holiday Veterans Day substitute is not listed.
    expect(list.some(([date]) => date === '2023-11-10')).toBe(false);
  });

  it('2022: Christmas on a Sunday keeps its Monday substitute; observances other than Mother’s Day are left out', () => {
    const list = listOf(2022);
    expect(list).toContainEqual(['2022-12-26', 'Christmas Day (substitute day)']);
    expect(list).toContainEqual(['2022-01-01', "New Year's Eve"]);
    const names = list.map(([, name]) => name);
    for (const observance of ["Valentine's Day", 'Halloween', "Father's Day", 'Easter Sunday']) {
      expect(names).not.toContain(observance);
    }
  });

  it('in every year: dates in that year and in order, all checked, renamed, and Mother’s Day the second Sunday of May', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2100 }), (year) => {
        const holidays = holidaysOfYear(year, 'America/New_York');
        expect(holidays.every((holiday) => holiday.date.year === year && holiday.checked)).toBe(true);
        for (let i = 1; i < holidays.length; i += 1) {
          expect(Temporal.PlainDate.compare(holidays[i - 1]!.date, holidays[i]!.date)).toBeLessThanOrEqual(0);
        }
        const names = holidays.map((holiday) => holiday.name);
        expect(names).not.toContain("New Year's Day");
        expect(names).not.toContain('Christmas Day');
        expect(names.some((name) => name.startsWith("New Year's Day"))).toBe(false);
        expect(holidays.find((holiday) => holiday.name === "New Year's Eve")?.date.toString()).toBe(
          `${year}-01-01`,
        );
        expect(holidays.find((holiday) => holiday.name === 'Christmas Eve')?.date.toString()).toBe(
          `${year}-12-25`,
        );
        const mothersDay = holidays.find((holiday) => holiday.name === "Mother's Day")?.date;
        expect(mothersDay?.month).toBe(5);
        expect(mothersDay?.dayOfWeek).toBe(7);
        expect(mothersDay && mothersDay.day >= 8 && mothersDay.day <= 14).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});

describe('this year’s list, in the location’s time zone', () => {
  it('on New Year’s Eve night in Los Angeles it is still the old year there, already the new one in New York', () => {
    const now = Temporal.Instant.from('2027-01-01T05:30:00Z');
    expect(currentHolidays(now, 'America/Los_Angeles')[0]?.date.toString()).toBe('2026-01-01');
    expect(currentHolidays(now, 'America/New_York')[0]?.date.toString()).toBe('2027-01-01');
  });
});

describe('adding several holidays at once', () => {
  const holidays = holidaysOfYear(2026, 'America/Los_Angeles');
  const d = (text: string) => Temporal.PlainDate.from(text);

  it('reports the checked holidays that fall on an existing special date, with the dates they clash with', () => {
    const existing = [
      { start: d('2026-07-01'), end: d('2026-07-05') },
      { start: d('2026-12-20'), end: d('2026-12-24') },
    ];
    const clashes = holidayClashes(holidays, existing);
    expect(clashes.map((clash) => clash.holiday.name)).toEqual([
      'Independence Day (substitute day)',
      'Independence Day',
    ]);
    expect(clashes[0]?.specialDates).toEqual([existing[0]]);
  });

  it('ignores the holidays the user unchecked', () => {
    const unchecked = holidays.map((holiday) => ({ ...holiday, checked: false }));
    expect(holidayClashes(unchecked, [{ start: d('2026-01-01'), end: d('2026-12-31') }])).toEqual([]);
  });

  it('turns a holiday into a one-day special date in YYYY/MM/DD', () => {
    const christmas = holidays.find((holiday) => holiday.name === 'Christmas Eve');
    expect(christmas && holidayAsSpecialDate(christmas)).toEqual({
      startDate: '2026/12/25',
      endDate: '2026/12/25',
    });
  });
});
