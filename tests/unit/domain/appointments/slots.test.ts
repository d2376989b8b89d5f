/** The slot engine: table tests for each rule, DST changes of 2026, and seeded property tests. */
import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  explainTime,
  openCells,
  openSlots,
  type ClosedDays,
  type SlotRules,
  type WeekAvailability,
} from '../../../../src/domain/appointments/slots';
import { gridTimes, WEEKDAYS, type Weekday } from '../../../../src/domain/onboarding/availability';

const LA = 'America/Los_Angeles';
const date = (text: string) => Temporal.PlainDate.from(text);
const at = (local: string, zone = LA) => Temporal.PlainDateTime.from(local).toZonedDateTime(zone).toInstant();
const localOf = (instant: Temporal.Instant, zone = LA) =>
  instant.toZonedDateTimeISO(zone).toPlainDateTime().toString({ smallestUnit: 'minute' });
const timeOfDay = (instant: Temporal.Instant, zone = LA) =>
  instant.toZonedDateTimeISO(zone).toPlainTime().toString({ smallestUnit: 'minute' });

function allTimes(): string[] {
  const times: string[] = [];
  for (let m = 0; m < 24 * 60; m += 15) {
    times.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return times;
}

/** A week open from `from` to `to` (HH:mm) on the given days. */
function week(days: readonly Weekday[], from: string, to: string, name = 'Injectables'): WeekAvailability {
  const result = {} as Record<Weekday, Array<{ time: string; checked: boolean }>>;
  for (const day of WEEKDAYS) {
    result[day] = allTimes().map((time) => ({
      time,
      checked: days.includes(day) && time >= from && time < to,
    }));
  }
  return { name, week: result };
}

const WEEKDAYS_NOT_SUNDAY = WEEKDAYS.filter((day) => day !== 'Sunday');

function rules(overrides: Partial<SlotRules> = {}): SlotRules {
  return {
    timeZone: LA,
    availabilities: [week(WEEKDAYS_NOT_SUNDAY, '09:00', '17:00')],
    durationMinutes: 45,
    appointments: [],
    closedDays: [],
    availableAfterDays: 0,
    now: at('2026-03-01T08:00'),
    ...overrides,
  };
}

describe('open slots (table)', () => {
  it('a Monday open 09:00–17:00 offers every quarter hour a 45-minute booking fits in', () => {
    const slots = openSlots(rules(), date('2026-03-02'), 1);
    expect(slots).toHaveLength(30);
    expect(timeOfDay(slots[0]!.start)).toBe('09:00');
    expect(timeOfDay(slots.at(-1)!.start)).toBe('16:15');
    expect(timeOfDay(slots.at(-1)!.end)).toBe('17:00');
  });

  it('an appointment 10:00–10:45 takes the starts that would overlap it, and says so', () => {
    const appointment = { start: at('2026-03-02T10:00'), end: at('2026-03-02T10:45') };
    const r = rules({ appointments: [appointment] });
    const starts = openSlots(r, date('2026-03-02'), 1).map((slot) => timeOfDay(slot.start));
    expect(starts).toContain('09:15');
    for (const taken of ['09:30', '09:45', '10:00', '10:15', '10:30']) expect(starts).not.toContain(taken);
    expect(starts).toContain('10:45');
    const why = explainTime(r, at('2026-03-02T10:15'));
    expect(why.open).toBe(false);
    expect(why.reasons).toEqual([{ code: 'taken', message: 'taken by an appointment 10:00–10:45' }]);
    expect(explainTime(r, at('2026-03-02T10:45'))).toMatchObject({ open: true, reasons: [] });
  });

  it('closed on Sundays', () => {
    expect(openSlots(rules(), date('2026-03-01'), 1)).toEqual([]);
    expect(explainTime(rules(), at('2026-03-01T10:00')).reasons).toEqual([
      { code: 'closed-day', message: 'closed on Sundays' },
    ]);
  });

  it('outside the day’s hours, or too long to end by closing', () => {
    expect(explainTime(rules(), at('2026-03-02T08:00')).reasons[0]?.code).toBe('outside-hours');
    const late = explainTime(rules(), at('2026-03-02T16:30'));
    expect(late.reasons[0]?.message).toBe(
      'outside the hours open on Mondays (09:00–17:00) for a 45-minute booking',
    );
  });

  it('special dates and holidays close their days', () => {
    const closedDays: ClosedDays[] = [
      { start: date('2026-03-03'), end: date('2026-03-04'), kind: 'special-date' },
      { start: date('2026-12-24'), end: date('2026-12-24'), kind: 'holiday', name: 'Christmas Eve' },
    ];
    const r = rules({ closedDays });
    const days = new Set(openSlots(r, date('2026-03-02'), 4).map((slot) => localOf(slot.start).slice(0, 10)));
    expect([...days]).toEqual(['2026-03-02', '2026-03-05']);
    expect(explainTime(r, at('2026-03-04T10:00')).reasons).toEqual([
      { code: 'special-date', message: 'closed for a special date (2026-03-03 – 2026-03-04)' },
    ]);
    expect(explainTime(r, at('2026-12-24T10:00')).reasons).toEqual([
      { code: 'holiday', message: 'closed for a holiday (Christmas Eve)' },
    ]);
  });

  it('nothing before the provider’s earliest booking day, nor in the past', () => {
    const r = rules({ availableAfterDays: 2, now: at('2026-03-02T12:00') });
    const slots = openSlots(r, date('2026-03-02'), 3);
    expect(localOf(slots[0]!.start)).toBe('2026-03-04T09:00');
    expect(explainTime(r, at('2026-03-03T10:00')).reasons).toEqual([
      {
        code: 'before-earliest-day',
        message: "before the provider's earliest booking day (Wednesday 2026-03-04)",
      },
    ]);
    const sameDay = rules({ now: at('2026-03-02T12:05') });
    expect(localOf(openSlots(sameDay, date('2026-03-02'), 1)[0]!.start)).toBe('2026-03-02T12:15');
    expect(explainTime(sameDay, at('2026-03-02T12:00')).reasons.map((r) => r.code)).toEqual(['in-the-past']);
  });

  it('off the 15-minute grid, and no availability at all', () => {
    expect(explainTime(rules(), at('2026-03-02T10:10')).reasons.map((r) => r.code)).toEqual(['off-grid']);
    const none = rules({ availabilities: [] });
    expect(openSlots(none, date('2026-03-02'), 7)).toEqual([]);
    expect(explainTime(none, at('2026-03-02T10:00')).reasons.map((r) => r.code)).toEqual(['no-availability']);
  });

  it('several categories: only the cells every one of them has open', () => {
    const r = rules({
      availabilities: [week(WEEKDAYS, '09:00', '17:00'), week(WEEKDAYS, '12:00', '20:00', 'Laser')],
      durationMinutes: 60,
    });
    const starts = openSlots(r, date('2026-03-02'), 1).map((slot) => timeOfDay(slot.start));
    expect(starts[0]).toBe('12:00');
    expect(starts.at(-1)).toBe('16:00');
  });

  it('explains every reason at once, most basic first', () => {
    const r = rules({
      availableAfterDays: 7,
      now: at('2026-03-02T12:00'),
      closedDays: [{ start: date('2026-03-01'), end: date('2026-03-01'), kind: 'special-date' }],
    });
    expect(explainTime(r, at('2026-03-01T10:07')).reasons.map((reason) => reason.code)).toEqual([
      'in-the-past',
      'before-earliest-day',
      'off-grid',
      'closed-day',
      'special-date',
    ]);
  });
});

describe('DST changes of 2026 (US)', () => {
  const everyDay = (from: string, to: string) =>
    rules({ availabilities: [week(WEEKDAYS, from, to)], durationMinutes: 15 });
  const wallTimesByDay = (r: SlotRules, from: string, days: number) => {
    const byDay = new Map<string, string[]>();
    for (const slot of openSlots(r, date(from), days)) {
      const local = localOf(slot.start);
      byDay.set(local.slice(0, 10), [...(byDay.get(local.slice(0, 10)) ?? []), local.slice(11)]);
    }
    return byDay;
  };

  it.each([
    ['spring forward, 8 March', '2026-03-07'],
    ['fall back, 1 November', '2026-10-31'],
  ])('%s: the same wall-clock times on both sides', (_label, from) => {
    const byDay = wallTimesByDay(everyDay('07:00', '22:00'), from, 3);
    const [before, change, after] = [...byDay.values()];
    expect(before).toHaveLength(60);
    expect(change).toEqual(before);
    expect(after).toEqual(before);
  });

  it('spring forward: 02:00–02:45 do not exist on 8 March and are not offered; slots are 15 real minutes', () => {
    const r = everyDay('00:00', '06:00');
    const change = wallTimesByDay(r, '2026-03-08', 1).get('2026-03-08') ?? [];
    expect(change).not.toContain('02:00');
    expect(change).not.toContain('02:45');
    expect(change).toContain('01:45');
    expect(change).toContain('03:00');
    expect(change).toHaveLength(24 - 4);
    for (const slot of openSlots(r, date('2026-03-08'), 1)) {
      expect(slot.end.since(slot.start).total('minutes')).toBe(15);
    }
  });

  it('fall back: 01:00–01:45 happen twice on 1 November and are offered once (the first)', () => {
    const r = everyDay('00:00', '06:00');
    const slots = openSlots(r, date('2026-11-01'), 1);
    const change = slots.map((slot) => localOf(slot.start).slice(11));
    expect(change).toHaveLength(24);
    expect(new Set(change).size).toBe(24);
    const first = slots.find((slot) => localOf(slot.start).endsWith('01:00'));
    expect(first?.start.toString()).toBe('2026-11-01T08:00:00Z');
    const repeated = Temporal.Instant.from('2026-11-01T09:00:00Z');
    expect(localOf(repeated)).toBe('2026-11-01T01:00');
    expect(explainTime(r, repeated).open).toBe(false);
  });

  it('an appointment across the spring-forward change blocks by real time', () => {
    const r = rules({
      availabilities: [week(WEEKDAYS, '00:00', '06:00')],
      durationMinutes: 60,
      appointments: [{ start: at('2026-03-08T01:30'), end: Temporal.Instant.from('2026-03-08T10:30:00Z') }],
    });
    const starts = openSlots(r, date('2026-03-08'), 1).map((slot) => localOf(slot.start).slice(11));
    expect(starts).toContain('00:30');
    expect(starts).not.toContain('00:45');
    expect(starts).not.toContain('03:15');
    expect(starts).toContain('03:30');
  });
});

describe('properties (seeded)', () => {
  const zones = ['America/Los_Angeles', 'America/New_York', 'Europe/London', 'Australia/Sydney', 'UTC'];
  const grid = gridTimes();
  const cellArb = fc.subarray(grid, { minLength: 0, maxLength: 40 });
  const weekArb = fc.tuple(...WEEKDAYS.map(() => cellArb)).map((days): WeekAvailability => {
    const result = {} as Record<Weekday, Array<{ time: string; checked: boolean }>>;
    WEEKDAYS.forEach((day, i) => {
      const open = new Set(days[i]);
      result[day] = grid.map((time) => ({ time, checked: open.has(time) }));
    });
    return { name: 'Category', week: result };
  });
  const start = Temporal.Instant.from('2026-01-01T00:00:00Z');
  const minuteArb = fc.integer({ min: 0, max: 365 * 24 * 4 }).map((q) => start.add({ minutes: q * 15 }));
  const rulesArb = fc
    .record({
      timeZone: fc.constantFrom(...zones),
      availabilities: fc.array(weekArb, { minLength: 1, maxLength: 2 }),
      durationMinutes: fc.constantFrom(10, 15, 30, 45, 60, 90, 120),
      appointmentStarts: fc.array(fc.integer({ min: 0, max: 14 * 24 * 4 }), { maxLength: 40 }),
      appointmentLengths: fc.array(fc.constantFrom(15, 30, 45, 60, 90), { minLength: 40, maxLength: 40 }),
      closedOffsets: fc.array(fc.integer({ min: 0, max: 13 }), { maxLength: 3 }),
      availableAfterDays: fc.constantFrom(0, 1, 2, 7),
      now: minuteArb,
      nowJitter: fc.integer({ min: 0, max: 14 }),
    })
    .map((raw) => {
      const now = raw.now.add({ minutes: raw.nowJitter });
      const from = now.toZonedDateTimeISO(raw.timeZone).toPlainDate();
      const windowStart = from.toZonedDateTime({ timeZone: raw.timeZone }).toInstant();
      return {
        from,
        rules: {
          timeZone: raw.timeZone,
          availabilities: raw.availabilities,
          durationMinutes: raw.durationMinutes,
          appointments: raw.appointmentStarts.map((q, i) => {
            const s = windowStart.add({ minutes: q * 15 });
            return { start: s, end: s.add({ minutes: raw.appointmentLengths[i] ?? 30 }) };
          }),
          closedDays: raw.closedOffsets.map((offset): ClosedDays => ({
            start: from.add({ days: offset }),
            end: from.add({ days: offset }),
            kind: 'special-date',
          })),
          availableAfterDays: raw.availableAfterDays,
          now,
        } satisfies SlotRules,
      };
    });

  it('no slot overlaps an appointment; every slot lies inside availability, after now and the earliest day, off closed days', () => {
    fc.assert(
      fc.property(rulesArb, ({ rules: r, from }) => {
        const slots = openSlots(r, from, 14);
        const cells = openCells(r.availabilities);
        const earliest = r.now
          .toZonedDateTimeISO(r.timeZone)
          .toPlainDate()
          .add({ days: r.availableAfterDays });
        for (const slot of slots) {
          for (const a of r.appointments) {
            expect(
              Temporal.Instant.compare(a.start, slot.end) < 0 &&
                Temporal.Instant.compare(slot.start, a.end) < 0,
            ).toBe(false);
          }
          const zoned = slot.start.toZonedDateTimeISO(r.timeZone);
          const day = WEEKDAYS[zoned.dayOfWeek - 1] as Weekday;
          const first = zoned.hour * 60 + zoned.minute;
          for (let m = first; m < first + r.durationMinutes; m += 15) expect(cells[day].has(m)).toBe(true);
          expect(Temporal.Instant.compare(slot.start, r.now)).toBeGreaterThanOrEqual(0);
          expect(Temporal.PlainDate.compare(zoned.toPlainDate(), earliest)).toBeGreaterThanOrEqual(0);
          expect(r.closedDays.some((c) => c.start.equals(zoned.toPlainDate()))).toBe(false);
        }
      }),
      { seed: 17, numRuns: 150 },
    );
  });

  it('the explainer agrees with the slots: open exactly for the slots offered', () => {
    fc.assert(
      fc.property(rulesArb, ({ rules: r, from }) => {
        const slots = openSlots(r, from, 3);
        const offered = new Set(slots.map((slot) => slot.start.epochNanoseconds));
        for (const slot of slots)
          expect(explainTime(r, slot.start)).toMatchObject({ open: true, reasons: [] });
        const windowStart = from.toZonedDateTime({ timeZone: r.timeZone }).toInstant();
        const windowEnd = from.add({ days: 3 }).toZonedDateTime({ timeZone: r.timeZone }).toInstant();
        for (let t = windowStart; Temporal.Instant.compare(t, windowEnd) < 0; t = t.add({ minutes: 15 })) {
          const why = explainTime(r, t);
          expect(why.open).toBe(offered.has(t.epochNanoseconds));
          if (!why.open) expect(why.reasons.length).toBeGreaterThan(0);
        }
      }),
      { seed: 42, numRuns: 40 },
    );
  });

  it('the same wall-clock times on both sides of each 2026 US change (any week, no appointments)', () => {
    fc.assert(
      fc.property(cellArb, fc.constantFrom('2026-03-07', '2026-10-31'), (cells, from) => {
        const open = new Set(cells.filter((time) => time < '01:00' || time >= '03:00'));
        const everyDay = {} as Record<Weekday, Array<{ time: string; checked: boolean }>>;
        for (const day of WEEKDAYS) everyDay[day] = grid.map((time) => ({ time, checked: open.has(time) }));
        const r = rules({ availabilities: [{ name: 'All', week: everyDay }], durationMinutes: 15 });
        const byDay = new Map<string, string[]>();
        for (const slot of openSlots(r, date(from), 3)) {
          const local = localOf(slot.start);
          byDay.set(local.slice(0, 10), [...(byDay.get(local.slice(0, 10)) ?? []), local.slice(11)]);
        }
        const lists = [...byDay.values()];
        for (const list of lists) expect(list).toEqual(lists[0]);
        expect(lists.length === 3 || open.size === 0).toBe(true);
      }),
      { seed: 8, numRuns: 100 },
    );
  });
});
