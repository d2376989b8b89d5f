import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AMOUNT_ERRORS } from '../../../src/domain/credits/credits';
import {
  allowedServicesSummary,
  checkPromoDraft,
  EMPTY_PROMO_DRAFT,
  isPromoDirty,
  NO_RESTRICTION,
  PROMO_ERRORS,
  promoDraftFrom,
  sameCode,
  promoTypeLabel,
} from '../../../src/domain/promos/promos';

const draft = {
  code: ' SPRING-24 ',
  quantityAbsolute: '1,000',
  quantityPerUser: '2',
  amount: '19.99',
  allowedServices: [5, 2, 5],
};

describe('checkPromoDraft', () => {
  it('makes a PER_USER code with cents and sorted, unique services', () => {
    expect(checkPromoDraft(draft)).toEqual({
      ok: true,
      value: {
        code: 'SPRING-24',
        type: 'PER_USER',
        quantityAbsolute: 1000,
        quantityPerUser: 2,
        amountInCents: 1999,
        allowedServices: [2, 5],
      },
    });
  });

  it.each([
    [{ code: '' }, { code: PROMO_ERRORS.codeRequired }],
    [{ code: 'two words' }, { code: PROMO_ERRORS.codeShape }],
    [{ quantityAbsolute: '0' }, { quantityAbsolute: PROMO_ERRORS.quantity }],
    [{ quantityAbsolute: '1.5' }, { quantityAbsolute: PROMO_ERRORS.quantity }],
    [{ quantityPerUser: '' }, { quantityPerUser: PROMO_ERRORS.quantity }],
    [{ quantityAbsolute: '1', quantityPerUser: '2' }, { quantityPerUser: PROMO_ERRORS.perUserOverTotal }],
    [{ amount: '0.299' }, { amount: AMOUNT_ERRORS.invalid }],
    [{ amount: '' }, { amount: AMOUNT_ERRORS.required }],
  ])('%j → %j', (overrides, errors) => {
    expect(checkPromoDraft({ ...draft, ...overrides })).toEqual({ ok: false, errors });
  });

  it('keeps the type of a saved code', () => {
    const checked = checkPromoDraft(draft, 'LEGACY');
    expect(checked.ok && checked.value.type).toBe('LEGACY');
  });

  it('a saved code read into the form checks back to itself', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9_-]{1,50}$/),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { maxLength: 10 }),
        (code, a, b, amountInCents, services) => {
          const promo = {
            code,
            type: 'PER_USER',
            quantityAbsolute: Math.max(a, b),
            quantityPerUser: Math.min(a, b),
            amountInCents,
            allowedServices: [...services].sort((x, y) => x - y),
          };
          expect(checkPromoDraft(promoDraftFrom(promo))).toEqual({ ok: true, value: promo });
          expect(isPromoDirty(promoDraftFrom(promo), promo)).toBe(false);
        },
      ),
    );
  });
});

describe('codes and services', () => {
  it('compares codes without regard to case or edge spaces', () => {
    expect(sameCode('Spring', ' SPRING ')).toBe(true);
    expect(sameCode('Spring', 'Spring2')).toBe(false);
  });

  it('says when there is no restriction, else names the items', () => {
    const names = new Map([
      [1, 'Botox'],
      [2, 'HydraFacial'],
    ]);
    expect(allowedServicesSummary([], names)).toBe(NO_RESTRICTION);
    expect(allowedServicesSummary([2, 1], names)).toBe('HydraFacial, Botox');
    expect(allowedServicesSummary([1, 7, 8], names)).toBe('Botox, 2 other items');
  });

  it('an empty draft is not dirty against nothing saved', () => {
    expect(isPromoDirty(EMPTY_PROMO_DRAFT, null)).toBe(false);
    expect(isPromoDirty({ ...EMPTY_PROMO_DRAFT, allowedServices: [1] }, null)).toBe(true);
  });
});

describe('promoTypeLabel', () => {
  it('reads a type in plain words, never the constant', () => {
    expect(promoTypeLabel('PER_USER')).toBe('Per user');
    expect(promoTypeLabel('ONE_TIME')).toBe('One time');
  });
});
