import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  calendarEntries,
  chipsOfDay,
  CHIPS_PER_DAY,
  crossesMidnight,
  entriesByDay,
  dayOf,
  listWindow,
  monthGrid,
  monthOf,
  monthTitle,
  monthWindow,
  moveDay,
  parseMonth,
  pastOf,
  placeInMonth,
  shiftMonth,
  spanIn,
  timeIn,
  upcomingOf,
  addDays,
  entriesOfWeek,
  monthsOfWeek,
  weekDays,
  weekTitle,
} from '../../../../src/domain/dashboard/appointments';

const LA = 'America/Los_Angeles';
const NY = 'America/New_York';

/** An appointment starting at a local wall time in `zone`, lasting `minutes`. */
function at(local: string, zone: string, minutes = 60, status = 'ACTIVE') {
  const start = Temporal.PlainDateTime.from(local).toZonedDateTime(zone).toInstant();
  return {
    startDate: start.toString(),
    endDate: start.add({ minutes }).toString(),
    status,
    location: { timezone: zone },
  };
}

describe('Upcoming and Past', () => {
  const now = Temporal.Instant.from('2026-03-05T18:00:00Z');
  const list = [
    { ...at('2026-03-06T09:00', LA), id: 'tomorrow' },
    { ...at('2026-03-05T09:00', LA), id: 'this morning' },
    { ...at('2026-03-20T09:00', LA, 60, 'CANCELLED'), id: 'cancelled' },
    { ...at('2026-03-21T09:00', LA, 60, 'LATE_CANCELLED'), id: 'late' },
    { ...at('2026-04-04T09:00', LA), id: 'in 30 days' },
    { ...at('2026-04-06T09:00', LA), id: 'too far' },
    { ...at('2026-02-10T09:00', LA, 60, 'COMPLETED'), id: 'weeks ago' },
    { ...at('2026-02-01T09:00', LA), id: 'too old' },
    { ...at('2026-03-01T09:00', LA, 60, 'CANCELLED'), id: 'past cancelled' },
  ];

  it('upcoming: not cancelled, now to 30 days ahead, ascending', () => {
    expect(upcomingOf(list, now, LA).map((a) => a.id)).toEqual(['tomorrow', 'in 30 days']);
  });

  it('past: started within the previous 30 days, descending (cancelled ones included)', () => {
    expect(pastOf(list, now, LA).map((a) => a.id)).toEqual(['this morning', 'past cancelled', 'weeks ago']);
  });

  it('the 30 days are calendar days in the zone across DST', () => {
    // 30 days before 2026-03-20 09:00 LA (PDT) is 2026-02-18 09:00 PST: 30 days and one hour earlier.
    const w = listWindow(Temporal.Instant.from('2026-03-20T16:00:00Z'), LA);
    expect(w.from).toBe('2026-02-18T17:00:00Z');
    expect(w.to).toBe('2026-04-19T16:00:00Z');
  });
});

describe('month grid', () => {
  it.each([
    ['2026-03', 5, 1, 31], // March 2026 starts on a Sunday
    ['2026-02', 4, 1, 28],
    ['2024-02', 5, 5, 29], // leap year, starts Thursday
    ['2025-11', 6, 7, 30], // starts Saturday
  ])('%s has %i weeks, the 1st in column %i, %i days', (month, weeks, column, days) => {
    const grid = monthGrid(month);
    expect(grid).toHaveLength(weeks);
    expect(grid[0]?.indexOf(`${month}-01`)).toBe(column - 1);
    expect(grid.flat().filter(Boolean)).toHaveLength(days);
  });

  it('parses, shifts and names months', () => {
    expect(parseMonth('2026-13')).toBeUndefined();
    expect(parseMonth('x')).toBeUndefined();
    expect(parseMonth(undefined)).toBeUndefined();
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(monthTitle('2026-03')).toBe('March 2026');
    expect(monthOf(Temporal.Instant.from('2026-04-01T05:00:00Z'), LA)).toBe('2026-03');
    expect(monthOf(Temporal.Instant.from('2026-04-01T05:00:00Z'), NY)).toBe('2026-04');
  });

  it('arrow keys move between days and stay in the month', () => {
    expect(moveDay('2026-03-10', 1, '2026-03')).toBe('2026-03-11');
    expect(moveDay('2026-03-10', -7, '2026-03')).toBe('2026-03-03');
    expect(moveDay('2026-03-02', -7, '2026-03')).toBe('2026-03-01');
    expect(moveDay('2026-03-30', 7, '2026-03')).toBe('2026-03-31');
  });
});

describe('placing appointments on their day in the location zone', () => {
  // DST in the US: second Sunday of March, first Sunday of November, for several years.
  const dstDays = [
    ['2024-03-10', '2024-11-03'],
    ['2025-03-09', '2025-11-02'],
    ['2026-03-08', '2026-11-01'],
    ['2027-03-14', '2027-11-07'],
    ['2028-03-12', '2028-11-05'],
  ] as const;

  const times = ['00:00', '00:30', '01:30', '03:00', '12:00', '16:59', '17:00', '23:00', '23:59'];

  for (const [march, november] of dstDays) {
    for (const day of [march, november]) {
      for (const zone of [LA, NY, 'Pacific/Honolulu', 'America/Phoenix']) {
        it(`${day} in ${zone}: every time of day lands on ${day}`, () => {
          for (const time of times) {
            const a = at(`${day}T${time}`, zone);
            expect(dayOf(a)).toBe(day);
            const placed = placeInMonth([a], day.slice(0, 7));
            expect([...placed.keys()]).toEqual([day]);
          }
        });
      }
    }
  }

  it('late evening in LA is the next UTC day but stays on its local day', () => {
    const a = at('2026-11-01T23:30', LA, 90);
    expect(a.startDate.slice(0, 10)).toBe('2026-11-02');
    expect(dayOf(a)).toBe('2026-11-01');
    expect(crossesMidnight(a)).toBe(true);
    expect(crossesMidnight(at('2026-11-01T22:00', LA, 60))).toBe(false);
  });

  it('the same instant can be different days in different locations', () => {
    const instant = '2026-03-08T07:30:00Z';
    const la = { startDate: instant, endDate: instant, status: 'ACTIVE', location: { timezone: LA } };
    const ny = { ...la, location: { timezone: NY } };
    expect(dayOf(la)).toBe('2026-03-07');
    expect(dayOf(ny)).toBe('2026-03-08');
    expect(dayOf({ ...la, location: null })).toBe('2026-03-07');
  });

  it('keeps only the month, each day ascending', () => {
    const list = [
      at('2026-03-31T23:00', LA),
      at('2026-03-08T10:00', LA),
      at('2026-03-08T08:00', LA),
      at('2026-04-01T00:30', LA),
    ];
    const placed = placeInMonth(list, '2026-03');
    expect([...placed.keys()].sort()).toEqual(['2026-03-08', '2026-03-31']);
    expect(placed.get('2026-03-08')?.map((a) => timeIn(a.startDate, LA))).toEqual(['8:00 AM', '10:00 AM']);
  });

  it('the month window covers the local month with a day each side', () => {
    expect(monthWindow('2026-03', LA)).toEqual({ from: '2026-02-28T08:00:00Z', to: '2026-04-02T07:00:00Z' });
    expect(monthWindow('2026-11', NY)).toEqual({ from: '2026-10-31T04:00:00Z', to: '2026-12-02T05:00:00Z' });
  });

  it('formats spans in the zone', () => {
    const a = at('2026-11-01T23:30', LA, 90);
    expect(spanIn(a.startDate, a.endDate, LA)).toBe('Sun, Nov 1, 2026, 11:30 PM – Mon, Nov 2, 2026, 1:00 AM');
    const b = at('2026-03-08T01:30', LA, 60); // 01:30 PST + 60 min = 03:30 PDT
    expect(spanIn(b.startDate, b.endDate, LA)).toBe('Sun, Mar 8, 2026, 1:30 AM – 3:30 AM');
  });

  it("works out each booking's day and time once, ascending, in its own zone", () => {
    const list = [
      at('2026-03-08T10:00', LA),
      { ...at('2026-03-08T08:00', NY), location: { timezone: NY } },
      { ...at('2026-03-07T23:30', LA), location: null },
    ];
    const entries = calendarEntries(list, LA);
    expect(entries.map((e) => [e.day, e.time])).toEqual([
      ['2026-03-07', '11:30 PM'],
      ['2026-03-08', '8:00 AM'],
      ['2026-03-08', '10:00 AM'],
    ]);
    for (const entry of entries) {
      expect(entry.day).toBe(dayOf(entry.appointment, LA));
      expect(entry.time).toBe(
        timeIn(entry.appointment.startDate, entry.appointment.location?.timezone ?? LA),
      );
    }
    const byDay = entriesByDay(entries, '2026-03');
    expect([...byDay.keys()]).toEqual(['2026-03-07', '2026-03-08']);
    expect(entriesByDay(entries, '2026-04').size).toBe(0);
  });

  it('a day cell shows every booking up to the cap, else one fewer and "+K more"', () => {
    const day = (n: number) => Array.from({ length: n }, (_, i) => i);
    expect(chipsOfDay(day(0))).toEqual({ shown: [], more: 0 });
    expect(chipsOfDay(day(CHIPS_PER_DAY))).toEqual({ shown: day(CHIPS_PER_DAY), more: 0 });
    const busy = chipsOfDay(day(70));
    expect(busy.shown).toEqual(day(CHIPS_PER_DAY - 1));
    expect(busy.shown.length + busy.more).toBe(70);
    expect(chipsOfDay(day(CHIPS_PER_DAY + 1)).more).toBe(2);
  });
});

describe('the week view', () => {
  it('gives the seven days of a date’s week, Sunday first as the month grid', () => {
    expect(weekDays('2026-03-11')).toEqual([
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
    ]);
    expect(weekDays('2026-03-08')[0]).toBe('2026-03-08');
    expect(weekDays('2026-03-14')[0]).toBe('2026-03-08');
    expect(monthGrid('2026-03')[1]).toEqual(weekDays('2026-03-11'));
    expect(weekDays('2025-12-31')).toEqual([
      '2025-12-28',
      '2025-12-29',
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
    ]);
  });

  it('names the months a week touches and titles it', () => {
    expect(monthsOfWeek('2026-03-11')).toEqual(['2026-03']);
    expect(monthsOfWeek('2026-03-31')).toEqual(['2026-03', '2026-04']);
    expect(monthsOfWeek('2026-03-01')).toEqual(['2026-03']);
    expect(monthsOfWeek('2025-12-31')).toEqual(['2025-12', '2026-01']);
    expect(weekTitle('2026-03-11')).toBe('Mar 8 – Mar 14, 2026');
    expect(weekTitle('2025-12-31')).toBe('Dec 28, 2025 – Jan 3, 2026');
    expect(addDays('2026-03-29', 7)).toBe('2026-04-05');
    expect(addDays('2026-03-04', -7)).toBe('2026-02-25');
  });

  it('gives each day of the week its bookings by local day, ascending, and the empty days too', () => {
    const LA = 'America/Los_Angeles';
    const at = (id: number, startDate: string) => ({
      id,
      startDate,
      endDate: startDate,
      status: 'ACTIVE',
      timezone: LA,
    });
    // 07:30Z on March 8 is the evening of March 7 in Los Angeles (the week before).
    const entries = calendarEntries(
      [
        at(3, '2026-03-10T20:00:00Z'),
        at(1, '2026-03-08T07:30:00Z'),
        at(2, '2026-03-10T17:00:00Z'),
        at(4, '2026-03-15T17:00:00Z'),
        at(5, '2026-03-14T18:00:00Z'),
      ],
      LA,
    );
    const week = entriesOfWeek(entries, '2026-03-12');
    expect(week.map((d) => d.day)).toEqual(weekDays('2026-03-12'));
    expect(week.map((d) => d.entries.map((e) => e.appointment.id))).toEqual([
      [],
      [],
      [2, 3],
      [],
      [],
      [],
      [5],
    ]);
    expect(week[2]?.entries.map((e) => e.time)).toEqual(['10:00 AM', '1:00 PM']);
  });
});
