/**
 * Polygon rules for pricing tiers (01 §3 Polygon; issue 13): a polygon is a closed ring of [lng, lat] points.
 * Pure functions, no units beyond degrees: the areas priced are city-sized, far from the poles, so edges are
 * treated as straight lines in longitude/latitude, as the map draws them.
 */
export type Position = readonly [number, number];
export type Ring = readonly Position[];

/** The fewest points of a closed ring: a triangle and its first point again. */
export const MIN_RING_POINTS = 4;

export function samePosition(a: Position, b: Position): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

export function isValidPosition(point: readonly unknown[]): point is Position {
  if (point.length !== 2) return false;
  const [lng, lat] = point;
  return (
    typeof lng === 'number' &&
    typeof lat === 'number' &&
    Number.isFinite(lng) &&
    Number.isFinite(lat) &&
    lng >= -180 &&
    lng <= 180 &&
    lat >= -90 &&
    lat <= 90
  );
}

export function isClosed(ring: Ring): boolean {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return ring.length > 1 && first !== undefined && last !== undefined && samePosition(first, last);
}

/** The ring with its first point repeated at the end, unless it is closed already. */
export function closeRing(points: Ring): Position[] {
  const first = points[0];
  if (first === undefined || isClosed(points)) return [...points];
  return [...points, first];
}

/** The area a ring encloses (shoelace formula, in squared degrees), whatever its winding. */
export function ringArea(ring: Ring): number {
  let twice = 0;
  for (let i = 0; i + 1 < ring.length; i += 1) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[i + 1]!;
    twice += x1 * y2 - x2 * y1;
  }
  return Math.abs(twice) / 2;
}

/** An outline's geometry as the geo interface gives it (GeoJSON Polygon or MultiPolygon, [lng, lat]). */
export type OutlineShape =
  | { type: 'Polygon'; coordinates: readonly Ring[] }
  | { type: 'MultiPolygon'; coordinates: readonly (readonly Ring[])[] };

/** The outer ring of an outline, closed; of a multipolygon, its largest part's (a county's mainland). */
export function outlineRing(shape: OutlineShape): Position[] {
  const outers = shape.type === 'Polygon' ? [shape.coordinates[0]] : shape.coordinates.map((part) => part[0]);
  let best: Ring = [];
  for (const ring of outers) if (ring && ringArea(ring) > ringArea(best)) best = ring;
  return closeRing(best);
}

/** The ring's edges, each from one point to the next. */
function edges(ring: Ring): [Position, Position][] {
  const result: [Position, Position][] = [];
  for (let i = 0; i + 1 < ring.length; i += 1) result.push([ring[i]!, ring[i + 1]!]);
  return result;
}

/** Twice the signed area of the triangle a, b, c: > 0 when c is left of a→b, 0 when on its line. */
function orient(a: Position, b: Position, c: Position): number {
  return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

function onSegment(a: Position, b: Position, p: Position): boolean {
  return (
    orient(a, b, p) === 0 &&
    Math.min(a[0], b[0]) <= p[0] &&
    p[0] <= Math.max(a[0], b[0]) &&
    Math.min(a[1], b[1]) <= p[1] &&
    p[1] <= Math.max(a[1], b[1])
  );
}

/** Whether two segments share at least one point (crossing, touching or overlapping). */
export function segmentsIntersect(a: Position, b: Position, c: Position, d: Position): boolean {
  const d1 = Math.sign(orient(c, d, a));
  const d2 = Math.sign(orient(c, d, b));
  const d3 = Math.sign(orient(a, b, c));
  const d4 = Math.sign(orient(a, b, d));
  if (d1 * d2 < 0 && d3 * d4 < 0) return true;
  return onSegment(c, d, a) || onSegment(c, d, b) || onSegment(a, b, c) || onSegment(a, b, d);
}

/**
 * Whether the closed ring's boundary meets itself anywhere other than where consecutive edges join: two
 * edges crossing or touching, an edge doubling back over the previous one, or a point visited twice.
 */
export function isSelfIntersecting(ring: Ring): boolean {
  const sides = edges(ring);
  const n = sides.length;
  for (let i = 0; i < n; i += 1) {
    const [a, b] = sides[i]!;
    for (let j = i + 1; j < n; j += 1) {
      const [c, d] = sides[j]!;
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      if (!adjacent) {
        if (segmentsIntersect(a, b, c, d)) return true;
        continue;
      }
      // Consecutive edges share one end; they meet elsewhere only when they fold back along one line.
      const [shared, farOfFirst, farOfSecond] = j === i + 1 ? [b, a, d] : [a, b, c];
      if (samePosition(a, b) || samePosition(c, d)) return true;
      if (
        orient(farOfFirst, shared, farOfSecond) === 0 &&
        (onSegment(shared, farOfFirst, farOfSecond) || onSegment(shared, farOfSecond, farOfFirst))
      ) {
        return true;
      }
    }
  }
  return false;
}

export type RingProblem = 'too-few-points' | 'invalid-coordinates' | 'not-closed' | 'self-intersecting';

export const RING_PROBLEMS: Record<RingProblem, string> = {
  'too-few-points': `A polygon needs at least three corners (${MIN_RING_POINTS} points with the first repeated at the end).`,
  'invalid-coordinates':
    'Every point must be a longitude between -180 and 180 and a latitude between -90 and 90.',
  'not-closed': 'The last point must be the same as the first, so the outline is closed.',
  'self-intersecting': 'The outline crosses itself. Redraw it so that no two edges cross.',
};

export type RingCheck = { ok: true; ring: Position[] } | { ok: false; problem: RingProblem; message: string };

/** The server's rule for a polygon's points, in the order a person would fix them. */
export function checkRing(points: readonly (readonly unknown[])[]): RingCheck {
  const fail = (problem: RingProblem): RingCheck => ({ ok: false, problem, message: RING_PROBLEMS[problem] });
  if (!points.every(isValidPosition)) return fail('invalid-coordinates');
  const ring = points as Ring;
  if (ring.length < MIN_RING_POINTS) return fail('too-few-points');
  if (!isClosed(ring)) return fail('not-closed');
  if (new Set(ring.slice(0, -1).map(([lng, lat]) => `${lng},${lat}`)).size < MIN_RING_POINTS - 1) {
    return fail('too-few-points');
  }
  if (isSelfIntersecting(ring)) return fail('self-intersecting');
  return { ok: true, ring: ring.map(([lng, lat]) => [lng, lat] as const) };
}

/**
 * Whether the point lies inside the closed ring or on its boundary (even-odd rule). Each edge is taken with
 * its ends in one fixed order, so a point a rounding error away from an edge gets the same answer whichever
 * corner the ring starts at and whichever way it runs.
 */
export function pointInRing(point: Position, ring: Ring): boolean {
  const [x, y] = point;
  let inside = false;
  for (const [first, second] of edges(ring)) {
    const [a, b] =
      first[0] < second[0] || (first[0] === second[0] && first[1] <= second[1])
        ? [first, second]
        : [second, first];
    if (onSegment(a, b, point)) return true;
    const [xa, ya] = a;
    const [xb, yb] = b;
    if (ya > y !== yb > y && x < ((xb - xa) * (y - ya)) / (yb - ya) + xa) inside = !inside;
  }
  return inside;
}

/** Whether two closed rings share any area or boundary point. */
export function ringsOverlap(first: Ring, second: Ring): boolean {
  for (const [a, b] of edges(first)) {
    for (const [c, d] of edges(second)) if (segmentsIntersect(a, b, c, d)) return true;
  }
  const a = first[0];
  const b = second[0];
  return (a !== undefined && pointInRing(a, second)) || (b !== undefined && pointInRing(b, first));
}

export interface TierArea {
  tierId: number;
  tierName: string;
  name: string;
  points: Ring;
}

/** Each pair of polygons of different tiers that overlap, once. */
export function overlapsBetweenTiers(areas: readonly TierArea[]): [TierArea, TierArea][] {
  const pairs: [TierArea, TierArea][] = [];
  for (let i = 0; i < areas.length; i += 1) {
    for (let j = i + 1; j < areas.length; j += 1) {
      const a = areas[i]!;
      const b = areas[j]!;
      if (a.tierId !== b.tierId && ringsOverlap(a.points, b.points)) pairs.push([a, b]);
    }
  }
  return pairs;
}

/** The polygons (with their tiers) that contain the point, in the order given. */
export function areasCovering(point: Position, areas: readonly TierArea[]): TierArea[] {
  return areas.filter((area) => pointInRing(point, area.points));
}
