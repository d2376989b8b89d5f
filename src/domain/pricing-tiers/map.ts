/**
 * Map defaults and the map's questions about saved polygons (01 §2, §9; issue 13), as pure functions.
 */
import { areasCovering, overlapsBetweenTiers, type Position, type TierArea } from './geometry';

/** 01 §9: default centre the United States, zoom 3, height 400 px. Centre as [lng, lat]. */
export const MAP_DEFAULTS = { center: [-98.5795, 39.8283] as Position, zoom: 3, heightPx: 400 } as const;

/** A box on the map: [[west, south], [east, north]], in degrees. */
export type MapBounds = readonly [Position, Position];

/** The box around the points, or null when there are none. */
export function boundsOf(points: readonly Position[]): MapBounds | null {
  if (points.length === 0) return null;
  let [west, south] = points[0]!;
  let [east, north] = points[0]!;
  for (const [lng, lat] of points) {
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return [
    [west, south],
    [east, north],
  ];
}

/** How the map fits a box: a margin in pixels, and no closer than a town's streets. */
export const MAP_FIT = { paddingPx: 40, maxZoom: 11 } as const;

/**
 * Whether the map should move to show `target` (an outline waiting for a name) from the `view` it shows:
 * when part of it is out of sight, or when it is so small there (under a tenth of the view's width and of its
 * height) that it reads as a dot, as a city picked from the whole country does. An outline just drawn on the
 * view fills enough of it and stays where it was drawn.
 */
export function shouldFocus(view: MapBounds, target: MapBounds): boolean {
  const [[west, south], [east, north]] = view;
  const [[tWest, tSouth], [tEast, tNorth]] = target;
  const inside = tWest >= west && tEast <= east && tSouth >= south && tNorth <= north;
  if (!inside) return true;
  return tEast - tWest < (east - west) / 10 && tNorth - tSouth < (north - south) / 10;
}

interface TierWithPolygons {
  id: number;
  name: string;
  polygons: readonly { name: string; points: readonly Position[] }[];
}

/** Every saved polygon of every tier, as areas. */
export function tierAreas(tiers: readonly TierWithPolygons[]): TierArea[] {
  return tiers.flatMap((tier) =>
    tier.polygons.map((polygon) => ({
      tierId: tier.id,
      tierName: tier.name,
      name: polygon.name,
      points: polygon.points,
    })),
  );
}

/** `tierId/name` of each polygon that overlaps a polygon of another tier. */
export function overlappingAreaKeys(areas: readonly TierArea[]): Set<string> {
  const keys = new Set<string>();
  for (const [a, b] of overlapsBetweenTiers(areas)) {
    keys.add(`${a.tierId}/${a.name}`);
    keys.add(`${b.tierId}/${b.name}`);
  }
  return keys;
}

const COORDINATES = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** "34.05, -118.25" (latitude, longitude, as maps print them) as a [lng, lat] position, or null. */
export function parseCoordinates(text: string): Position | null {
  const match = COORDINATES.exec(text);
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return null;
  return [lng, lat];
}

/** The answer of the "which tier covers this address?" box. */
export function coverageAnswer(point: Position, areas: readonly TierArea[]): string {
  const covering = areasCovering(point, areas);
  if (covering.length === 0) return 'No tier covers this place: it is priced by no polygon.';
  const names = [...new Set(covering.map((area) => area.tierName))];
  const polygons = covering.map((area) => `${area.name} (${area.tierName})`).join(', ');
  return names.length === 1
    ? `${names[0]} covers this place, through ${polygons}.`
    : `${names.length} tiers cover this place: ${polygons}.`;
}
