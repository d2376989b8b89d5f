/** The one id rule and the one date/time rule of the wire contract (src/api/contract/primitives.ts). */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  dayField,
  idField,
  idText,
  instantField,
  isDayText,
  isInstantText,
  MAX_ID,
  queryId,
  SearchIdSchema,
} from '../../../src/api/contract/primitives';
import { SpecialDateInputSchema } from '../../../src/api/contract/special-date';

const messageOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? undefined : result.issues[0]?.message;
};

describe('ids', () => {
  it('takes whole numbers from 1 to 2147483647 in a body', () => {
    for (const id of [1, 7, MAX_ID]) expect(v.parse(idField('locationId'), id)).toBe(id);
  });

  it('refuses every other value in a body, naming the field', () => {
    for (const id of [0, -1, 1.5, MAX_ID + 1, 2 ** 53, Number.NaN, Infinity, '1', null, true]) {
      expect(messageOf(idField('locationId'), id), String(id)).toBe(
        'locationId must be a whole number from 1 to 2147483647',
      );
    }
  });

  it('reads digits in a path or query as the id they name', () => {
    expect(v.parse(idText('id'), '42')).toBe(42);
    expect(v.parse(idText('id'), '007')).toBe(7);
    expect(v.parse(idText('id'), String(MAX_ID))).toBe(MAX_ID);
    expect(v.parse(queryId('provider'), ['12'])).toBe(12);
  });

  it('refuses signs, decimals, exponents, spaces and ids past the integer range in text', () => {
    for (const text of ['0', '-1', '+1', '1.0', '1e3', ' 1', '1 ', '0x10', '', '2147483648', '99999999999']) {
      expect(messageOf(idText('provider'), text), text).toBe(
        'provider must be a whole number from 1 to 2147483647',
      );
    }
    expect(messageOf(queryId('provider'), ['1', '2'])).toBe('provider must be given once');
    expect(messageOf(queryId('provider'), undefined)).toBe('provider is required');
  });

  it("drops a bad id in the console's own URL instead of failing the page", () => {
    expect(v.parse(SearchIdSchema, 5)).toBe(5);
    for (const id of [0, -3, 2.5, MAX_ID + 1, 'abc']) expect(v.parse(SearchIdSchema, id)).toBeUndefined();
  });
});

describe('dates and times', () => {
  it('takes the instants the console and the spec write', () => {
    for (const text of [
      '2026-03-01T08:00Z',
      '2026-03-01T08:00:00Z',
      '2026-03-01T08:00:00.000Z',
      '2026-03-01T08:00:00.123456789-08:00',
      '2028-02-29T23:59:59+14:00',
      '2026-12-31T00:00:00-12:00',
      '1900-01-01T00:00Z',
      '2200-12-31T23:59Z',
    ])
      expect(isInstantText(text), text).toBe(true);
  });

  it('refuses texts shaped like instants that are not real ones', () => {
    for (const text of [
      '2026-13-45T25:61Z',
      '2026-02-29T08:00Z',
      '2026-04-31T08:00Z',
      '2026-03-01T24:00Z',
      '2026-03-01T08:60Z',
      '2026-03-01T08:00:60Z',
      '2026-03-01T08:00+99:99',
      '2026-03-01T08:00+14:01',
      '2026-03-01T08:00-15:00',
      '2026-03-01T08:00+05:60',
      '0000-01-01T00:00Z',
      '9999-12-31T23:59Z',
      '1899-12-31T23:59Z',
      '2026-03-01T08:00',
      '2026-03-01 08:00Z',
    ])
      expect(isInstantText(text), text).toBe(false);
    expect(messageOf(instantField('startDate'), '2026-13-45T25:61Z')).toBe(
      'startDate must be an ISO date and time with its offset, e.g. 2026-03-01T08:00:00Z',
    );
  });

  it('takes real calendar days from 1900 to 2200 and refuses the rest', () => {
    for (const text of ['2026-03-01', '2024-02-29', '2000-02-29', '1900-01-01', '2200-12-31'])
      expect(isDayText(text), text).toBe(true);
    for (const text of [
      '1900-02-29',
      '2026-02-29',
      '2026-00-10',
      '2026-01-32',
      '0000-01-01',
      '9999-12-31',
      '2026-3-1',
    ])
      expect(isDayText(text), text).toBe(false);
    expect(messageOf(dayField('startDate'), '2026-02-30')).toBe(
      'startDate must be a date written YYYY-MM-DD',
    );
  });

  it('holds special dates (YYYY/MM/DD) to the same years', () => {
    const special = (startDate: string) =>
      v.safeParse(SpecialDateInputSchema, { startDate, endDate: '2100/01/01', locationId: 1 }).success;
    expect(special('2026/05/10')).toBe(true);
    expect(special('0000/01/01')).toBe(false);
    expect(special('1899/12/31')).toBe(false);
    expect(special('2026/02/30')).toBe(false);
  });
});
