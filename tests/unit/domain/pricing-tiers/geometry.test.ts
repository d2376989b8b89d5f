import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { point, polygon } from '@turf/helpers';
import kinks from '@turf/kinks';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  areasCovering,
  checkRing,
  closeRing,
  isClosed,
  isSelfIntersecting,
  outlineRing,
  overlapsBetweenTiers,
  pointInRing,
  ringArea,
  ringsOverlap,
  type Position,
} from '../../../../src/domain/pricing-tiers/geometry';

const square = (x: number, y: number, half = 1): Position[] => [
  [x - half, y - half],
  [x + half, y - half],
  [x + half, y + half],
  [x - half, y + half],
  [x - half, y - half],
];

/** A convex polygon: n points on a circle, counter-clockwise, closed. Always simple. */
const convex = fc
  .record({
    cx: fc.integer({ min: -170, max: 170 }),
    cy: fc.integer({ min: -80, max: 80 }),
    r: fc.double({ min: 0.01, max: 5, noNaN: true }),
    n: fc.integer({ min: 3, max: 24 }),
    phase: fc.double({ min: 0, max: Math.PI, noNaN: true }),
  })
  .map(({ cx, cy, r, n, phase }) => {
    const ring: Position[] = [];
    for (let i = 0; i < n; i += 1) {
      const angle = phase + (2 * Math.PI * i) / n;
      ring.push([cx + r * Math.cos(angle), cy + r * Math.sin(angle)]);
    }
    return { ring: closeRing(ring), center: [cx, cy] as Position, r };
  });

/** The same closed ring started from another point. */
function rotate(ring: Position[], by: number): Position[] {
  const open = ring.slice(0, -1);
  const k = by % open.length;
  return closeRing([...open.slice(k), ...open.slice(0, k)]);
}

describe('ring closure', () => {
  it('closes an open ring once and leaves a closed one alone', () => {
    expect(
      closeRing([
        [0, 0],
        [1, 0],
        [1, 1],
      ]),
    ).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ]);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer(), fc.integer()), { minLength: 2, maxLength: 20 }),
        (points) => {
          const once = closeRing(points);
          expect(isClosed(once)).toBe(true);
          expect(closeRing(once)).toEqual(once);
        },
      ),
    );
  });
});

describe('checkRing (the server and the drawing guard use it)', () => {
  // prettier-ignore
  it.each([
    [[[0, 0], [1, 0], [0, 0]], 'too-few-points'],
    [[[0, 0], [1, 0], [0, 0], [1, 0], [0, 0]], 'too-few-points'],
    [[[0, 0], [1, 0], [1, 1], [0, 1]], 'not-closed'],
    [[[0, 0], [180.5, 0], [1, 1], [0, 0]], 'invalid-coordinates'],
    [[[0, 0], [1, -91], [1, 1], [0, 0]], 'invalid-coordinates'],
    [[[0, 0], [Number.NaN, 0], [1, 1], [0, 0]], 'invalid-coordinates'],
    [[[0, 0], [1, 1], [1, 0], [0, 1], [0, 0]], 'self-intersecting'],
  ] as const)('%j is refused as %s', (points, problem) => {
    const checked = checkRing(points as unknown as Position[]);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.problem).toBe(problem);
  });

  it('accepts every convex polygon, whatever point it starts from and in either direction', () => {
    fc.assert(
      fc.property(convex, fc.nat(), ({ ring }, by) => {
        expect(checkRing(ring).ok).toBe(true);
        expect(checkRing(rotate(ring, by)).ok).toBe(true);
        expect(checkRing([...ring].reverse()).ok).toBe(true);
      }),
    );
  });
});

describe('self-intersection', () => {
  it('finds the crossing of a bow tie however it is placed and scaled', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100, max: 100 }),
        fc.integer({ min: -60, max: 60 }),
        fc.double({ min: 0.001, max: 10, noNaN: true }),
        (x, y, size) => {
          const bowtie: Position[] = [
            [x, y],
            [x + size, y + size],
            [x + size, y],
            [x, y + size],
            [x, y],
          ];
          expect(isSelfIntersecting(bowtie)).toBe(true);
        },
      ),
    );
  });

  it('finds a spike that doubles back along its own edge and a point visited twice', () => {
    expect(
      isSelfIntersecting([
        [0, 0],
        [2, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ]),
    ).toBe(true);
    expect(
      isSelfIntersecting([
        [0, 0],
        [2, 0],
        [1, 1],
        [2, 2],
        [0, 2],
        [1, 1],
        [0, 0],
      ]),
    ).toBe(true);
  });

  it('a convex polygon never crosses itself; swapping two non-neighbouring corners of a square makes it cross', () => {
    fc.assert(
      fc.property(convex, ({ ring }) => {
        expect(isSelfIntersecting(ring)).toBe(false);
      }),
    );
    const [a, b, c, d] = square(0, 0);
    expect(isSelfIntersecting(closeRing([a!, c!, b!, d!]))).toBe(true);
  });
});

describe('point in polygon', () => {
  it('a convex polygon contains its centre and not a point beyond its radius', () => {
    fc.assert(
      fc.property(
        convex,
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        ({ ring, center, r }, angle) => {
          expect(pointInRing(center, ring)).toBe(true);
          const outside: Position = [
            center[0] + 1.01 * r * Math.cos(angle),
            center[1] + 1.01 * r * Math.sin(angle),
          ];
          expect(pointInRing(outside, ring)).toBe(false);
        },
      ),
    );
  });

  it('does not depend on the starting point or the direction of the ring', () => {
    fc.assert(
      fc.property(
        convex,
        fc.nat(),
        fc.tuple(
          fc.double({ min: -180, max: 180, noNaN: true }),
          fc.double({ min: -90, max: 90, noNaN: true }),
        ),
        ({ ring }, by, point) => {
          const inside = pointInRing(point, ring);
          expect(pointInRing(point, rotate(ring, by))).toBe(inside);
          expect(pointInRing(point, [...ring].reverse())).toBe(inside);
        },
      ),
    );
  });

  it('answers alike for a point a rounding error off an edge, whichever way the ring runs', () => {
    // Found by the property above (seed 135680804): [0, 0] lies on the edge from about [4, 4] to [-1, -1].
    const ring: Position[] = [
      [9, -1],
      [4, 3.999999999999999],
      [-0.9999999999999991, -0.9999999999999993],
      [3.999999999999999, -5.999999999999999],
      [9, -1],
    ];
    const inside = pointInRing([0, 0], ring);
    expect(pointInRing([0, 0], [...ring].reverse())).toBe(inside);
    expect(pointInRing([0, 0], rotate(ring, 1))).toBe(inside);
  });

  it('counts the boundary as inside and handles a concave ring', () => {
    expect(pointInRing([1, 0], square(0, 0))).toBe(true);
    const ell: Position[] = [
      [0, 0],
      [2, 0],
      [2, 1],
      [1, 1],
      [1, 2],
      [0, 2],
      [0, 0],
    ];
    expect(pointInRing([0.5, 1.5], ell)).toBe(true);
    expect(pointInRing([1.5, 1.5], ell)).toBe(false);
  });
});

describe('overlap', () => {
  it('is symmetric, and a polygon overlaps itself and anything containing it', () => {
    fc.assert(
      fc.property(convex, convex, ({ ring: a }, { ring: b }) => {
        expect(ringsOverlap(a, b)).toBe(ringsOverlap(b, a));
        expect(ringsOverlap(a, a)).toBe(true);
      }),
    );
    expect(ringsOverlap(square(0, 0, 0.1), square(0, 0, 5))).toBe(true);
  });

  it('squares overlap exactly when their centres are closer than their sizes on both axes', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), fc.integer({ min: -50, max: 50 }), (dx, dy) => {
        const overlaps = Math.abs(dx) <= 20 && Math.abs(dy) <= 20;
        expect(ringsOverlap(square(0, 0, 10), square(dx, dy, 10))).toBe(overlaps);
      }),
    );
  });

  it('flags overlaps only between different tiers, and says which tiers cover a point', () => {
    const areas = [
      { tierId: 1, tierName: 'Default', name: 'A', points: square(0, 0) },
      { tierId: 1, tierName: 'Default', name: 'B', points: square(1, 0) },
      { tierId: 2, tierName: 'Metro', name: 'C', points: square(0.5, 0.5) },
      { tierId: 3, tierName: 'Far', name: 'D', points: square(50, 50) },
    ];
    expect(overlapsBetweenTiers(areas).map(([a, b]) => `${a.name}-${b.name}`)).toEqual(['A-C', 'B-C']);
    expect(areasCovering([0.2, 0.2], areas).map((area) => area.name)).toEqual(['A', 'B', 'C']);
    expect(areasCovering([50, 50.5], areas).map((area) => area.tierName)).toEqual(['Far']);
    expect(areasCovering([20, 20], areas)).toEqual([]);
  });
});

describe('agrees with @turf on shapes in general position', () => {
  // Unbiased, so corners are rarely on one line (those few are skipped by fc.pre below).
  const ordinate = fc.noBias(fc.integer({ min: -1_000_000, max: 1_000_000 })).map((n) => n / 100_000);
  const coordinate = fc.tuple(ordinate, ordinate);

  it('self-intersection matches @turf/kinks for random rings of 4 to 7 corners', () => {
    fc.assert(
      fc.property(fc.array(coordinate, { minLength: 4, maxLength: 7 }), (corners) => {
        // General position: no three corners on one line (touching cases are where libraries differ).
        for (let i = 0; i < corners.length; i += 1)
          for (let j = i + 1; j < corners.length; j += 1)
            for (let k = j + 1; k < corners.length; k += 1) {
              const [a, b, c] = [corners[i]!, corners[j]!, corners[k]!];
              fc.pre(Math.abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])) > 1e-6);
            }
        const ring = closeRing(corners);
        const turf = kinks(polygon([ring.map(([x, y]) => [x, y])])).features.length > 0;
        expect(isSelfIntersecting(ring)).toBe(turf);
      }),
    );
  });

  it('point in polygon matches @turf/boolean-point-in-polygon', () => {
    fc.assert(
      fc.property(convex, coordinate, ({ ring, center }, [dx, dy]) => {
        const probe: Position = [center[0] + dx, center[1] + dy];
        const turf = booleanPointInPolygon(point([...probe]), polygon([ring.map(([x, y]) => [x, y])]));
        expect(pointInRing(probe, ring)).toBe(turf);
      }),
    );
  });
});

describe('outline rings', () => {
  it('a square of half side h has area 4h², in either direction', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 10, noNaN: true }), (half) => {
        const ring = square(3, 4, half);
        expect(ringArea(ring)).toBeCloseTo(4 * half * half, 6);
        expect(ringArea([...ring].reverse())).toBeCloseTo(4 * half * half, 6);
      }),
    );
  });

  it("takes a polygon's outer ring and a multipolygon's largest part, closed", () => {
    const hole = square(0, 0, 0.5);
    expect(outlineRing({ type: 'Polygon', coordinates: [square(0, 0, 2), hole] })).toEqual(square(0, 0, 2));
    const island = square(10, 10, 0.1);
    const mainland = square(0, 0, 3).slice(0, -1);
    expect(outlineRing({ type: 'MultiPolygon', coordinates: [[island], [mainland, hole]] })).toEqual(
      closeRing(mainland),
    );
  });
});
