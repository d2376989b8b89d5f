import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AMOUNT_ERRORS,
  checkCreditDraft,
  isRestorable,
  CREDIT_ERRORS,
  creditDraftFrom,
  isCreditDirty,
  MAX_AMOUNT_CENTS,
  parseAmountInput,
} from '../../../src/domain/credits/credits';
import { formatDollars } from '../../../src/domain/shared/money';

describe('parseAmountInput: dollars to cents without floating-point error', () => {
  it.each([
    ['19.99', { ok: true, cents: 1999 }],
    ['0.29', { ok: true, cents: 29 }],
    ['1.10', { ok: true, cents: 110 }],
    ['$25', { ok: true, cents: 2500 }],
    ['1,000.01', { ok: true, cents: 100001 }],
    ['0', { ok: true, cents: 0 }],
    ['', { ok: false, error: AMOUNT_ERRORS.required }],
    ['  ', { ok: false, error: AMOUNT_ERRORS.required }],
    ['1.999', { ok: false, error: AMOUNT_ERRORS.invalid }],
    ['ten', { ok: false, error: AMOUNT_ERRORS.invalid }],
    ['-1', { ok: false, error: AMOUNT_ERRORS.negative }],
    ['1000000.01', { ok: false, error: AMOUNT_ERRORS.tooLarge }],
    ['1000000.00', { ok: true, cents: 100_000_000 }],
  ])('%j → %j', (text, expected) => {
    expect(parseAmountInput(text)).toEqual(expected);
  });

  it('every amount with two decimals is exactly dollars × 100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 99 }), (dollars, cents) => {
        const text = `${dollars}.${String(cents).padStart(2, '0')}`;
        expect(parseAmountInput(text)).toEqual({ ok: true, cents: dollars * 100 + cents });
      }),
    );
  });

  it('what is shown reads back to the same cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_AMOUNT_CENTS }), (amount) => {
        expect(parseAmountInput(formatDollars(amount))).toEqual({ ok: true, cents: amount });
        expect(
          parseAmountInput(creditDraftFrom({ title: 't', description: null, totalInCents: amount }).total),
        ).toEqual({ ok: true, cents: amount });
      }),
    );
  });
});

describe('checkCreditDraft', () => {
  it('a new credit needs a title and a total; description is optional', () => {
    expect(checkCreditDraft({ title: ' Gift ', description: ' ', total: '19.99' })).toEqual({
      ok: true,
      value: { title: 'Gift', description: null, totalInCents: 1999 },
    });
    expect(checkCreditDraft({ title: '', description: '', total: '' })).toEqual({
      ok: false,
      errors: { title: CREDIT_ERRORS.titleRequired, total: AMOUNT_ERRORS.required },
    });
    expect(checkCreditDraft({ title: 'x'.repeat(201), description: 'd'.repeat(2001), total: '1' })).toEqual({
      ok: false,
      errors: { title: CREDIT_ERRORS.titleLong, description: CREDIT_ERRORS.descriptionLong },
    });
  });

  it('an existing credit keeps its saved total whatever the draft says', () => {
    expect(
      checkCreditDraft({ title: 'Gift', description: 'Line 1\nLine 2', total: 'garbage' }, 2500),
    ).toEqual({
      ok: true,
      value: { title: 'Gift', description: 'Line 1\nLine 2', totalInCents: 2500 },
    });
  });

  it('dirty when title or description differ from the saved credit', () => {
    const saved = { title: 'Gift', description: null, totalInCents: 100 };
    expect(isCreditDirty(creditDraftFrom(saved), saved)).toBe(false);
    expect(isCreditDirty({ ...creditDraftFrom(saved), description: 'new' }, saved)).toBe(true);
    expect(isCreditDirty({ title: '', description: '', total: '' }, null)).toBe(false);
    expect(isCreditDirty({ title: 'a', description: '', total: '' }, null)).toBe(true);
  });
});

describe('isRestorable', () => {
  it('gives back only a credit nothing was spent of', () => {
    expect(isRestorable({ spentInCents: 0 })).toBe(true);
    expect(isRestorable({ spentInCents: 1 })).toBe(false);
  });
});
