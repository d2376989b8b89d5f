import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AVAILABLE_AFTER_DAYS_OPTIONS,
  isAvailableAfterDays,
} from '../../../../src/domain/providers/available-after';
import {
  choiceOf,
  COMMISSION_PRESETS,
  customCommissionInput,
  DEFAULT_COMMISSION,
  isValidCommission,
  percentageOf,
} from '../../../../src/domain/providers/commission';

describe('commission presets and custom input', () => {
  it('has the presets 15 and 20, 20 by default', () => {
    expect(COMMISSION_PRESETS).toEqual([15, 20]);
    expect(DEFAULT_COMMISSION).toBe(20);
    expect(choiceOf(null)).toEqual({ kind: 'preset', percentage: 20 });
    expect(choiceOf(15)).toEqual({ kind: 'preset', percentage: 15 });
    expect(choiceOf(12.5)).toEqual({ kind: 'custom', percentage: 12.5 });
    expect(percentageOf({ kind: 'custom', percentage: null })).toBeNull();
  });

  it.each([
    ['150', 100],
    ['100', 100],
    ['0', 0],
    ['12.5', 12.5],
    [' 30 ', 30],
    ['-5', null],
    ['-0.1', null],
    ['', null],
    ['abc', null],
  ])('custom %j → %j', (text, value) => {
    expect(customCommissionInput(text)).toBe(value);
  });

  it('every typed number ends up cleared or within 0–100, capped rather than refused', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000, max: 100_000 }).map((hundredths) => hundredths / 100),
        (typed) => {
          const value = customCommissionInput(String(typed));
          if (typed < 0) expect(value).toBeNull();
          else expect(value).toBe(Math.min(typed, 100));
          if (value !== null) expect(isValidCommission(value)).toBe(true);
        },
      ),
    );
  });
});

describe('available-after days', () => {
  it('offers 0 same day, 1 next day, 2 two days and 7 one week', () => {
    expect(AVAILABLE_AFTER_DAYS_OPTIONS.map((option) => [option.days, option.label])).toEqual([
      [0, 'Same day'],
      [1, 'Next day'],
      [2, 'Two days'],
      [7, 'One week'],
    ]);
    expect([0, 1, 2, 7].every(isAvailableAfterDays)).toBe(true);
    expect([3, 5, -1, 1.5].some(isAvailableAfterDays)).toBe(false);
  });
});
