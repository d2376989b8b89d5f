import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { crossesAntimeridian, cutAtAntimeridian } from '../../../../src/domain/pricing-tiers/antimeridian';
import type { Position } from '../../../../src/domain/pricing-tiers/geometry';

const allWithin = (pieces: Position[][][]) =>
  pieces.every((polygon) => polygon.every((ring) => ring.every(([lng]) => lng >= -180 && lng <= 180)));

describe('cutting at the antimeridian', () => {
  it('leaves a ring that does not cross it untouched', () => {
    const ring: Position[] = [
      [10, 10],
      [20, 10],
      [20, 20],
      [10, 10],
    ];
    expect(cutAtAntimeridian([ring])).toEqual([[ring]]);
  });

  it('splits an island across it (like Fiji) into one piece on each side', () => {
    const fiji: Position[] = [
      [178, -17],
      [-179, -17],
      [-179, -16],
      [178, -16],
      [178, -17],
    ];
    const pieces = cutAtAntimeridian([fiji]);
    expect(pieces).toHaveLength(2);
    expect(allWithin(pieces)).toBe(true);
    for (const [ring] of pieces) expect(crossesAntimeridian(ring!)).toBe(false);
    const lngs = pieces.map(([ring]) => ring!.map(([lng]) => lng));
    expect(lngs.some((side) => side.every((lng) => lng >= 178))).toBe(true);
    expect(lngs.some((side) => side.every((lng) => lng <= -179))).toBe(true);
  });

  it('closes a ring round the south pole (like Antarctica) over the pole', () => {
    const ring: Position[] = [];
    for (let lng = -180; lng < 180; lng += 30) ring.push([lng, -70]);
    ring.push([180, -70]);
    // Stored as it comes from the atlas: from -180 round to +180.
    const pieces = cutAtAntimeridian([[...ring.slice(1), [-150, -70]]]);
    expect(allWithin(pieces)).toBe(true);
    expect(pieces.flat(2).some(([, lat]) => lat === -90)).toBe(true);
  });

  it('every piece of any ring crossing it stays within ±180 and is closed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 150, max: 179 }),
        fc.integer({ min: 1, max: 29 }),
        fc.integer({ min: -60, max: 60 }),
        fc.integer({ min: 1, max: 10 }),
        (west, eastPast, lat, height) => {
          const east = -180 + eastPast;
          const ring: Position[] = [
            [west, lat],
            [east, lat],
            [east, lat + height],
            [west, lat + height],
            [west, lat],
          ];
          const pieces = cutAtAntimeridian([ring]);
          expect(pieces).toHaveLength(2);
          expect(allWithin(pieces)).toBe(true);
          for (const [piece] of pieces) {
            expect(piece![0]).toEqual(piece![piece!.length - 1]);
            expect(crossesAntimeridian(piece!)).toBe(false);
          }
        },
      ),
    );
  });
});

describe('the world atlas shipped through npm', () => {
  it('no country of world-atlas 50m crosses the antimeridian once cut (Fiji, Russia and Antarctica do before)', () => {
    const topology = JSON.parse(
      readFileSync(
        new URL('../../../../node_modules/world-atlas/countries-50m.json', import.meta.url),
        'utf8',
      ),
    ) as Topology<{ countries: GeometryCollection<{ name: string }> }>;
    const countries = feature(topology, topology.objects.countries);
    const crossingBefore = new Set<string>();
    for (const country of countries.features) {
      const geometry = country.geometry;
      const polygons =
        geometry.type === 'Polygon'
          ? [geometry.coordinates]
          : geometry.type === 'MultiPolygon'
            ? geometry.coordinates
            : [];
      for (const rings of polygons) {
        const typed = rings.map((ring) => ring.map(([lng, lat]) => [lng!, lat!] as const));
        if (typed.some((ring) => crossesAntimeridian(ring))) crossingBefore.add(country.properties.name);
        const pieces = cutAtAntimeridian(typed);
        expect(allWithin(pieces), country.properties.name).toBe(true);
        for (const piece of pieces)
          for (const ring of piece) expect(crossesAntimeridian(ring), country.properties.name).toBe(false);
      }
    }
    expect([...crossingBefore].sort()).toEqual(['Antarctica', 'Fiji', 'Russia']);
  });
});
