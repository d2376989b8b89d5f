/**
 * Cutting world polygons at the antimeridian (±180° longitude) for the offline basemap: a ring that jumps
 * from +179° to -179° (Fiji, Chukotka) or goes round a pole (Antarctica) would otherwise be filled across
 * the whole map. Each polygon becomes one or more polygons whose rings stay within [-180, 180].
 */
import type { Position } from './geometry';

type Ring = Position[];
/** A polygon: its outer ring first, then its holes. */
export type PolygonRings = Ring[];

/** Beyond this latitude the web map shows nothing (Web Mercator stops at about 85.05°). */
const OFF_MAP_LAT = 85.06;

/**
 * Whether consecutive points jump by more than half the globe: the ring crosses the antimeridian. A jump
 * along the very edge of the world near a pole (how the atlas closes Antarctica) is off the map and harmless.
 */
export function crossesAntimeridian(ring: readonly Position[]): boolean {
  for (let i = 1; i < ring.length; i += 1) {
    const [a, b] = [ring[i - 1]!, ring[i]!];
    const offMap = Math.abs(a[1]) > OFF_MAP_LAT && Math.abs(b[1]) > OFF_MAP_LAT;
    if (Math.abs(b[0] - a[0]) > 180 && !offMap) return true;
  }
  return false;
}

/** Longitudes made continuous (each step under 180°), possibly leaving [-180, 180]. */
function unwrap(ring: readonly Position[]): Ring {
  const result: Ring = [];
  let offset = 0;
  ring.forEach(([lng, lat], i) => {
    if (i > 0) {
      const previous = ring[i - 1]![0];
      if (lng - previous > 180) offset -= 360;
      else if (previous - lng > 180) offset += 360;
    }
    result.push([lng + offset, lat]);
  });
  return result;
}

/** Sutherland–Hodgman against one vertical line: keeps the side where `inside(lng)` holds. */
function clip(ring: Ring, line: number, keepAbove: boolean): Ring {
  const inside = ([lng]: Position) => (keepAbove ? lng >= line : lng <= line);
  const result: Ring = [];
  for (let i = 0; i < ring.length; i += 1) {
    const current = ring[i]!;
    const previous = ring[(i + ring.length - 1) % ring.length]!;
    const crossing = (): Position => {
      const t = (line - previous[0]) / (current[0] - previous[0]);
      return [line, previous[1] + t * (current[1] - previous[1])];
    };
    if (inside(current)) {
      if (!inside(previous)) result.push(crossing());
      result.push(current);
    } else if (inside(previous)) {
      result.push(crossing());
    }
  }
  return result;
}

function closed(ring: Ring): Ring {
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (!first || !last || (first[0] === last[0] && first[1] === last[1])) return ring;
  return [...ring, first];
}

function open(ring: readonly Position[]): Ring {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return first && last && ring.length > 1 && first[0] === last[0] && first[1] === last[1]
    ? ring.slice(0, -1)
    : [...ring];
}

/**
 * The polygon as polygons that do not cross the antimeridian. Holes are kept with an outer ring that needs no
 * cut; a hole that crosses it (one sliver near the South Pole in the atlas) is filled rather than drawn across
 * the world.
 */
export function cutAtAntimeridian(polygon: PolygonRings): PolygonRings[] {
  const outer = polygon[0];
  if (!outer) return [];
  if (!crossesAntimeridian(outer))
    return [[outer, ...polygon.slice(1).filter((hole) => !crossesAntimeridian(hole))]];
  let ring = open(unwrap(outer));
  const start = ring[0]!;
  const end = ring[ring.length - 1]!;
  // A ring that goes round a pole ends a whole turn from where it started: close it over that pole.
  const turn = Math.round((closedEnd(outer, end) - start[0]) / 360);
  if (turn !== 0) {
    const meanLat = ring.reduce((sum, [, lat]) => sum + lat, 0) / ring.length;
    const pole = meanLat < 0 ? -90 : 90;
    const last = closedEnd(outer, end);
    ring = [...ring, [last, pole], [start[0], pole]];
  }
  const pieces: PolygonRings[] = [];
  const min = Math.min(...ring.map(([lng]) => lng));
  const max = Math.max(...ring.map(([lng]) => lng));
  for (let shift = Math.floor((min + 180) / 360); shift * 360 - 180 < max; shift += 1) {
    const west = shift * 360 - 180;
    const piece = clip(clip(ring, west, true), west + 360, false);
    if (new Set(piece.map(([lng, lat]) => `${lng},${lat}`)).size < 3) continue;
    pieces.push([closed(piece.map(([lng, lat]) => [lng - shift * 360, lat] as const))]);
  }
  return pieces;
}

/** Where the unwrapped ring would close: the first point again, unwrapped from the last. */
function closedEnd(outer: readonly Position[], end: Position): number {
  const first = outer[0]!;
  let lng = first[0];
  while (lng - end[0] > 180) lng -= 360;
  while (end[0] - lng > 180) lng += 360;
  return lng;
}
