import { describe, expect, it } from 'vitest';
import { boundsOf, shouldFocus, type MapBounds } from '../../../../src/domain/pricing-tiers/map';

const US: MapBounds = [
  [-125, 25],
  [-66, 49],
];

describe('boundsOf', () => {
  it('is the box around the points', () => {
    expect(
      boundsOf([
        [-105, 39],
        [-111.8, 40.7],
        [-104, 41],
      ]),
    ).toEqual([
      [-111.8, 39],
      [-104, 41],
    ]);
  });
  it('is null without points', () => {
    expect(boundsOf([])).toBeNull();
  });
});

describe('shouldFocus', () => {
  it('moves to a city picked from the whole country: it is a dot there', () => {
    expect(
      shouldFocus(US, [
        [-105.4, 39.9],
        [-105.1, 40.2],
      ]),
    ).toBe(true);
  });
  it('moves to an outline out of sight, even a large one', () => {
    expect(
      shouldFocus(US, [
        [-160, 18],
        [-154, 23],
      ]),
    ).toBe(true);
    expect(
      shouldFocus(US, [
        [-130, 30],
        [-100, 45],
      ]),
    ).toBe(true);
  });
  it('stays on an outline drawn in sight at a size that reads', () => {
    expect(
      shouldFocus(US, [
        [-110, 35],
        [-100, 42],
      ]),
    ).toBe(false);
    // Narrow but tall enough to read.
    expect(
      shouldFocus(US, [
        [-100, 30],
        [-99.5, 45],
      ]),
    ).toBe(false);
  });
});
