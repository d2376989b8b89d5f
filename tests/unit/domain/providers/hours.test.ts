import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  checkDay,
  checkHours,
  closedWeek,
  copyDay,
  dayHours,
  formatTimeText,
  isOpenAt,
  parseTimeText,
  timeChoices,
  timeLabel,
  withDayHours,
  WEEKDAYS,
} from '../../../../src/domain/providers/hours';

describe('time texts such as 8:00am', () => {
  it.each([
    ['8:00am', 480],
    ['12:00am', 0],
    ['12:30pm', 750],
    ['7:00pm', 1140],
    ['11:59pm', 1439],
    ['08:15AM', 495],
    ['8:00 pm', 1200],
    ['13:00pm', null],
    ['8am', null],
    ['8:60am', null],
    ['', null],
  ])('%j → %j', (text, minutes) => {
    expect(parseTimeText(text)).toBe(minutes);
  });

  it('reads back every minute of the day it writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), (minute) => {
        expect(parseTimeText(formatTimeText(minute))).toBe(minute);
      }),
    );
    expect(formatTimeText(480)).toBe('8:00am');
    expect(formatTimeText(0)).toBe('12:00am');
    expect(() => formatTimeText(1440)).toThrow(RangeError);
  });
});

describe('the times picked for a day', () => {
  it('offers every quarter hour of the day, read as 8:00 AM', () => {
    const choices = timeChoices('9:00am');
    expect(choices).toHaveLength(96);
    expect(choices[0]).toEqual({ value: '12:00am', label: '12:00 AM' });
    expect(choices).toContainEqual({ value: '9:00am', label: '9:00 AM' });
    expect(choices[choices.length - 1]).toEqual({ value: '11:45pm', label: '11:45 PM' });
  });

  it('keeps a saved time that is not a quarter hour first, so it still shows', () => {
    expect(timeChoices('8:10am')[0]).toEqual({ value: '8:10am', label: '8:10 AM' });
    expect(timeChoices('8:10am')).toHaveLength(97);
    expect(timeChoices(null)).toHaveLength(96);
    expect(timeLabel('noonish')).toBe('noonish');
  });
});

describe('a day’s hours', () => {
  it.each([
    [{ isOpen: false, open: null, close: null }, null],
    [{ isOpen: false, open: '9:00pm', close: '8:00am' }, null],
    [{ isOpen: true, open: '8:00am', close: '5:00pm' }, null],
    [{ isOpen: true, open: null, close: '5:00pm' }, 'open-required'],
    [{ isOpen: true, open: '8:00am', close: null }, 'close-required'],
    [{ isOpen: true, open: 'eight', close: '5:00pm' }, 'open-invalid'],
    [{ isOpen: true, open: '8:00am', close: '17:00' }, 'close-invalid'],
    [{ isOpen: true, open: '5:00pm', close: '8:00am' }, 'close-not-after-open'],
    [{ isOpen: true, open: '8:00am', close: '8:00am' }, 'close-not-after-open'],
  ])('%j: %j', (day, problem) => {
    expect(checkDay(day)).toBe(problem);
  });

  it('an open day is fine exactly when close comes after open', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 0, max: 1439 }), (open, close) => {
        const problem = checkDay({ isOpen: true, open: formatTimeText(open), close: formatTimeText(close) });
        expect(problem === null).toBe(close > open);
      }),
    );
  });
});

describe('the week', () => {
  const week = withDayHours(closedWeek(), 1, { isOpen: true, open: '9:00am', close: '7:00pm' });

  it('copies one day to the others named, leaving the rest', () => {
    const copied = copyDay(week, 1, [2, 3, 4, 5]);
    for (const day of [1, 2, 3, 4, 5] as const) {
      expect(dayHours(copied, day)).toEqual({ isOpen: true, open: '9:00am', close: '7:00pm' });
    }
    expect(dayHours(copied, 6)).toEqual({ isOpen: false, open: null, close: null });
    expect(checkHours(copied)).toEqual([]);
  });

  it('copying a closed day closes the others and clears their times', () => {
    const copied = copyDay(copyDay(week, 1, [2]), 7, [1, 2]);
    expect(dayHours(copied, 1)).toEqual({ isOpen: false, open: null, close: null });
    expect(WEEKDAYS.every((day) => !dayHours(copied, day).isOpen)).toBe(true);
  });

  it('lists each day with a problem, Monday first', () => {
    const bad = withDayHours(withDayHours(week, 3, { isOpen: true, open: '6:00pm', close: '9:00am' }), 6, {
      isOpen: true,
      open: null,
      close: '1:00pm',
    });
    expect(checkHours(bad)).toEqual([
      { day: 3, problem: 'close-not-after-open' },
      { day: 6, problem: 'open-required' },
    ]);
  });

  it('is open at an instant by the location’s own clock', () => {
    // Monday 2026-05-11 17:30 UTC: 10:30am in Los Angeles (open), 1:30pm in New York; 8:30pm in Moscow.
    const now = Temporal.Instant.from('2026-05-11T17:30:00Z');
    expect(isOpenAt(week, now, 'America/Los_Angeles')).toBe(true);
    expect(isOpenAt(week, now, 'Europe/Moscow')).toBe(false);
    // Tuesday is closed.
    expect(isOpenAt(week, Temporal.Instant.from('2026-05-12T17:30:00Z'), 'America/Los_Angeles')).toBe(false);
  });
});
