/**
 * The offline basemap (issue 13): a maplibre style built from geometry shipped through npm — world-atlas
 * countries (cut at the antimeridian), us-atlas states and counties — so the map renders with no network.
 * The atlas files are static assets of the build, fetched from the console's own origin.
 */
import type { StyleSpecification } from 'maplibre-gl';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countiesUrl from 'us-atlas/counties-10m.json?url';
import statesUrl from 'us-atlas/states-10m.json?url';
import countriesUrl from 'world-atlas/countries-50m.json?url';
import { cutAtAntimeridian } from '../../domain/pricing-tiers/antimeridian';
import type { Position } from '../../domain/pricing-tiers/geometry';

type Atlas = Topology<Record<string, GeometryCollection>>;
type Feature = GeoJSON.Feature<GeoJSON.Geometry | null>;

function collection(topology: Atlas, name: string): GeoJSON.FeatureCollection {
  const object = topology.objects[name];
  if (!object) throw new Error(`the atlas has no "${name}" layer`);
  return feature(topology, object) as GeoJSON.FeatureCollection;
}

/** Countries with every polygon that crosses ±180° cut in two, so none is filled across the world. */
export function cutCountries(countries: GeoJSON.FeatureCollection): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: countries.features.map((country: Feature) => {
      const geometry = country.geometry;
      if (!geometry || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) return country;
      const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
      const cut = polygons.flatMap((rings) =>
        cutAtAntimeridian(rings.map((ring) => ring.map(([lng, lat]) => [lng!, lat!] as Position))),
      );
      return {
        ...country,
        geometry: {
          type: 'MultiPolygon',
          coordinates: cut.map((rings) => rings.map((ring) => ring.map(([lng, lat]) => [lng, lat]))),
        },
      };
    }) as GeoJSON.Feature[],
  };
}

export const BASEMAP_COLORS = { water: '#cfe0ea', land: '#f5f2ea', border: '#9a9385', county: '#d9d2c3' };

export function buildBasemapStyle(atlas: {
  countries: Atlas;
  states: Atlas;
  counties: Atlas;
}): StyleSpecification {
  return {
    version: 8,
    sources: {
      countries: { type: 'geojson', data: cutCountries(collection(atlas.countries, 'countries')) },
      states: { type: 'geojson', data: collection(atlas.states, 'states') },
      counties: { type: 'geojson', data: collection(atlas.counties, 'counties') },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': BASEMAP_COLORS.water } },
      { id: 'land', type: 'fill', source: 'countries', paint: { 'fill-color': BASEMAP_COLORS.land } },
      {
        id: 'counties',
        type: 'line',
        source: 'counties',
        minzoom: 5,
        paint: { 'line-color': BASEMAP_COLORS.county, 'line-width': 0.5 },
      },
      {
        id: 'states',
        type: 'line',
        source: 'states',
        paint: { 'line-color': BASEMAP_COLORS.border, 'line-width': 0.8 },
      },
      {
        id: 'countries',
        type: 'line',
        source: 'countries',
        paint: { 'line-color': BASEMAP_COLORS.border, 'line-width': 1 },
      },
    ],
  };
}

/** The offline style, or the configured style URL of a real tile provider when there is one. */
export async function loadBasemap(styleUrl: string | undefined): Promise<string | StyleSpecification> {
  if (styleUrl) return styleUrl;
  const [countries, states, counties] = await Promise.all(
    [countriesUrl, statesUrl, countiesUrl].map(async (url) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`The basemap could not load ${url} (${response.status})`);
      return (await response.json()) as Atlas;
    }),
  );
  return buildBasemapStyle({ countries: countries!, states: states!, counties: counties! });
}
