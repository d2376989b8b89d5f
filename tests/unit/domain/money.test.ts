import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDollarInput, formatDollars, parseDollars } from '../../../src/domain/shared/money';

describe('parseDollars', () => {
  it.each([
    ['19.99', 1999],
    ['0.29', 29],
    ['0.1', 10],
    ['.5', 50],
    ['5', 500],
    ['$1,234.56', 123456],
    [' 100.00 ', 10000],
    ['-2.5', -250],
    ['1.005', undefined],
    ['abc', undefined],
    ['', undefined],
    ['.', undefined],
    ['1.2.3', undefined],
  ])('%j → %j', (text, expected) => {
    expect(parseDollars(text)).toBe(expected);
  });

  it('reads back every amount it formats, without floating-point error', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }), (amount) => {
        expect(parseDollars(formatDollars(amount))).toBe(amount);
        expect(parseDollars(centsToDollarInput(amount))).toBe(amount);
      }),
    );
  });
});

describe('formatDollars', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [1999, '$19.99'],
    [10000, '$100.00'],
    [123456789, '$1,234,567.89'],
    [-250, '-$2.50'],
  ])('%d → %s', (amount, text) => {
    expect(formatDollars(amount)).toBe(text);
  });

  it('always shows two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (amount) => /\.\d\d$/.test(formatDollars(amount))),
    );
  });
});
