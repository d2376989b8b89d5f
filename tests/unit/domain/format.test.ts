import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatDay,
  formatPercent,
  formatZone,
} from '../../../src/domain/shared/format';

// 2026-03-05T07:30:00Z: still March 4 in Los Angeles, March 5 in New York.
const AT = Date.UTC(2026, 2, 5, 7, 30);

describe('the one set of formats', () => {
  it('a date is the day the instant falls on in the zone', () => {
    expect(formatDate(AT, 'America/Los_Angeles')).toBe('Mar 4, 2026');
    expect(formatDate(AT, 'America/New_York')).toBe('Mar 5, 2026');
    expect(formatDate(Number.NaN, 'UTC')).toBe('—');
  });

  it('a date and time in the zone, with its short name when asked', () => {
    expect(formatDateTime(AT, 'America/Los_Angeles')).toBe('Mar 4, 2026, 11:30 PM');
    expect(formatDateTime(AT, 'America/New_York', { zoneName: true })).toBe('Mar 5, 2026, 2:30 AM EST');
    expect(formatDateTime(Number.NaN)).toBe('—');
  });

  it("a calendar day as itself, whatever the reader's zone", () => {
    expect(formatDay('2026-03-04')).toBe('Mar 4, 2026');
    expect(formatDay('2024-02-29', { year: false })).toBe('Feb 29');
    expect(formatDay('1999-12-31')).toBe('Dec 31, 1999');
    expect(formatDay('not a day')).toBe('—');
  });

  it('counts with separators, fractions as percents', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatPercent(0.2)).toBe('20%');
    expect(formatPercent(0.0825)).toBe('8.25%');
    expect(formatPercent(0)).toBe('0%');
  });
});

describe('formatZone', () => {
  it('names a zone as people do, with its place; UTC and unknown names stay as they are', () => {
    expect(formatZone('America/Los_Angeles')).toBe('Pacific Time (Los Angeles)');
    expect(formatZone('America/New_York')).toBe('Eastern Time (New York)');
    expect(formatZone('America/Argentina/Buenos_Aires')).toBe('Argentina Standard Time (Buenos Aires)');
    expect(formatZone('UTC')).toBe('UTC');
    expect(formatZone('Etc/GMT+5')).toBe('Etc/GMT+5');
    expect(formatZone('Nowhere/Zone')).toBe('Nowhere/Zone');
  });
});
