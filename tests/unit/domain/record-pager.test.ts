import { describe, expect, it } from 'vitest';
import { recordPlace } from '../../../src/domain/shared/record-pager';

describe('recordPlace', () => {
  const page = (number: number, total: number) => ({ number, size: 3, total });

  it('names the neighbours on the page and the place among every match', () => {
    expect(recordPlace([4, 9, 2], 9, page(1, 3))).toEqual({ position: 2, total: 3, previous: 4, next: 2 });
    expect(recordPlace([4, 9, 2], 4, page(1, 3))).toEqual({ position: 1, total: 3, previous: null, next: 9 });
    expect(recordPlace([4, 9, 2], 2, page(1, 3))).toEqual({ position: 3, total: 3, previous: 9, next: null });
  });

  it('points across a page edge when a page lies that way', () => {
    expect(recordPlace([4, 9, 2], 2, page(1, 7))).toMatchObject({ position: 3, next: 'page' });
    expect(recordPlace([5, 6, 8], 5, page(2, 7))).toMatchObject({ position: 4, previous: 'page', next: 6 });
    expect(recordPlace([7], 7, page(3, 7))).toEqual({ position: 7, total: 7, previous: 'page', next: null });
  });

  it('has no place for a record the page does not hold, nor for one alone in its list', () => {
    expect(recordPlace([4, 9, 2], 11, page(1, 3))).toBeNull();
    expect(recordPlace([4], 4, page(1, 1))).toBeNull();
  });
});
