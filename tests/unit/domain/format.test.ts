import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatDay,
  formatPercent,
  formatPhone,
  phoneFieldText,
  phoneOfField,
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

describe('formatPhone', () => {
  it.each([
    ['2065550134', '(206) 555-0134'],
    ['+12065550134', '(206) 555-0134'],
    ['+1 206-555-0134', '(206) 555-0134'],
    ['1 (206) 555 0134', '(206) 555-0134'],
    ['(206) 555-0134', '(206) 555-0134'],
    ['206.555.0134', '(206) 555-0134'],
    ['+44 20  7946 0958', '+44 20 7946 0958'],
    ['+4420794609', '+4420794609'],
    ['206-555-0134 ext. 12', '206-555-0134 ext. 12'],
    ['555-0134', '555-0134'],
    ['  ', '—'],
    [null, '—'],
    [undefined, '—'],
  ])('%s reads as %s', (phone, shown) => {
    expect(formatPhone(phone)).toBe(shown);
  });
});

describe('a phone field', () => {
  it.each([
    ['+13105550142', '(310) 555-0142'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['+44 ', '+44 '],
    ['555-01', '555-01'],
    ['', ''],
  ])('shows %s as %s', (stored, shown) => {
    expect(phoneFieldText(stored)).toBe(shown);
  });

  it.each([
    ['(310) 555-0142', '+13105550142'],
    ['310.555.0142', '+13105550142'],
    ['+1 310 555 0142', '+13105550142'],
    ['(310) 555-014', '(310) 555-014'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['310-555-0142 ext. 9', '310-555-0142 ext. 9'],
  ])('stores %s as %s', (typed, stored) => {
    expect(phoneOfField(typed)).toBe(stored);
  });

  it('gives back what it shows: editing a shown number stores it in E.164 again', () => {
    expect(phoneOfField(phoneFieldText('+13105550142'))).toBe('+13105550142');
  });
});
