/** Point-in-polygon for GeoJSON polygons ([lng, lat] positions), used to find the county around a place. */
import type { OutlineGeometry } from '../../src/api/contract/geo';

type Ring = readonly (readonly [number, number])[] | readonly number[][];

/** Ray casting: whether the point is inside the ring (points on an edge may go either way). */
export function insideRing(lng: number, lat: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Inside the outer ring and outside every hole, of any of the polygons. */
export function containsPoint(geometry: OutlineGeometry, lng: number, lat: number): boolean {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.some(
    ([outer, ...holes]) =>
      outer !== undefined && insideRing(lng, lat, outer) && !holes.some((hole) => insideRing(lng, lat, hole)),
  );
}

/** [minLng, minLat, maxLng, maxLat] of every position. */
export function boundsOf(geometry: OutlineGeometry): [number, number, number, number] {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let bounds: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const polygon of polygons) {
    for (const ring of polygon) {
      for (const [lng, lat] of ring) {
        bounds = [
          Math.min(bounds[0], lng),
          Math.min(bounds[1], lat),
          Math.max(bounds[2], lng),
          Math.max(bounds[3], lat),
        ];
      }
    }
  }
  return bounds;
}
