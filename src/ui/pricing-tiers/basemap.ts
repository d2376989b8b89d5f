/**
 * The offline basemap (issue 13): a maplibre style built from geometry shipped through npm — world-atlas
 * countries (cut at the antimeridian), us-atlas states and counties — so the map renders with no network.
 * The atlas files are static assets of the build, fetched from the console's own origin.
 *
 * Each file is fetched when the map first draws at a zoom that shows it (issue 34), so the Map tab's first open
 * (the United States at zoom 3) fetches only countries-110m and the states, about 75 kB gzip instead of 517:
 *
 * - Countries below zoom 4 come from countries-110m, from zoom 4 on from countries-50m, which is fetched with
 *   the first tile there; until it is in, the map keeps showing the coarser tiles, scaled.
 * - Counties (drawn from zoom 5) are fetched with the first tile at zoom 5.
 * - The states are drawn at every zoom and fetched with the style.
 *
 * Countries and counties are vector tiles the map asks this module for (`addProtocol`): each file becomes
 * tiles the way maplibre's own GeoJSON source tiles it (geojson-vt with the same extent, buffer and
 * simplification), so they look as they did as GeoJSON sources.
 */
import { addProtocol, type StyleSpecification } from 'maplibre-gl';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countiesUrl from 'us-atlas/counties-10m.json?url';
import statesUrl from 'us-atlas/states-10m.json?url';
import countries110mUrl from 'world-atlas/countries-110m.json?url';
import countries50mUrl from 'world-atlas/countries-50m.json?url';
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

/** The zoom from which countries come from countries-50m, and from which counties are drawn. */
export const BASEMAP_ZOOMS = { detailedCountries: 4, counties: 5 } as const;

const PROTOCOL = 'upkeep-atlas';
/** The one layer of each of this module's vector tiles. */
const TILE_LAYER = 'atlas';
/** maplibre's tile extent and its GeoJSON source's defaults in it (128 px buffer, 0.375 px tolerance of 512). */
const EXTENT = 8192;
const TILING = { extent: EXTENT, buffer: 2048, tolerance: 6, maxZoom: 14 } as const;

interface TileSet {
  /** The file for tiles at this zoom and above, up to the next entry's zoom. */
  levels: readonly { fromZoom: number; url: string; object: string; cut?: boolean }[];
}

const TILE_SETS: Record<'countries' | 'counties', TileSet> = {
  countries: {
    levels: [
      { fromZoom: 0, url: countries110mUrl, object: 'countries', cut: true },
      { fromZoom: BASEMAP_ZOOMS.detailedCountries, url: countries50mUrl, object: 'countries', cut: true },
    ],
  },
  counties: { levels: [{ fromZoom: BASEMAP_ZOOMS.counties, url: countiesUrl, object: 'counties' }] },
};

async function fetchAtlas(url: string): Promise<Atlas> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The basemap could not load ${url} (${response.status})`);
  return (await response.json()) as Atlas;
}

type TileMaker = (z: number, x: number, y: number) => Uint8Array;

/** Each file's tiler, made once, when its first tile is asked for (a failed fetch is tried again next time). */
const tilers = new Map<string, Promise<TileMaker>>();

function tilerFor(level: TileSet['levels'][number]): Promise<TileMaker> {
  const known = tilers.get(level.url);
  if (known) return known;
  const made = (async () => {
    const [atlas, { GeoJSONVT }, { fromGeojsonVt }] = await Promise.all([
      fetchAtlas(level.url),
      import('@maplibre/geojson-vt'),
      import('@maplibre/vt-pbf'),
    ]);
    const features = collection(atlas, level.object);
    const index = new GeoJSONVT(level.cut ? cutCountries(features) : features, TILING);
    return (z: number, x: number, y: number) => {
      const tile = index.getTile(z, x, y);
      return tile ? fromGeojsonVt({ [TILE_LAYER]: tile }, { version: 2, extent: EXTENT }) : new Uint8Array();
    };
  })();
  tilers.set(level.url, made);
  made.catch(() => tilers.delete(level.url));
  return made;
}

let registered = false;

/** Serves `upkeep-atlas://<tile set>/{z}/{x}/{y}` to the map, from the tile set's file for that zoom. */
function registerTiles() {
  if (registered) return;
  registered = true;
  addProtocol(PROTOCOL, async (params) => {
    const match = /^upkeep-atlas:\/\/(\w+)\/(\d+)\/(\d+)\/(\d+)$/.exec(params.url);
    const set = match ? TILE_SETS[match[1] as keyof typeof TILE_SETS] : undefined;
    if (!match || !set) throw new Error(`No basemap tiles at ${params.url}`);
    const [z, x, y] = [Number(match[2]), Number(match[3]), Number(match[4])];
    const level = set.levels.findLast((candidate) => candidate.fromZoom <= z);
    if (!level) return { data: new ArrayBuffer(0) };
    const bytes = (await tilerFor(level))(z, x, y);
    return { data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer };
  });
}

const tiles = (set: keyof typeof TILE_SETS) => ({
  type: 'vector' as const,
  tiles: [`${PROTOCOL}://${set}/{z}/{x}/{y}`],
  tileSize: 512,
  minzoom: TILE_SETS[set].levels[0]!.fromZoom,
  maxzoom: TILING.maxZoom,
});

export function buildBasemapStyle(atlas: { states: Atlas }): StyleSpecification {
  return {
    version: 8,
    sources: {
      countries: tiles('countries'),
      states: { type: 'geojson', data: collection(atlas.states, 'states') },
      counties: tiles('counties'),
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': BASEMAP_COLORS.water } },
      {
        id: 'land',
        type: 'fill',
        source: 'countries',
        'source-layer': TILE_LAYER,
        paint: { 'fill-color': BASEMAP_COLORS.land },
      },
      {
        id: 'counties',
        type: 'line',
        source: 'counties',
        'source-layer': TILE_LAYER,
        minzoom: BASEMAP_ZOOMS.counties,
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
        'source-layer': TILE_LAYER,
        paint: { 'line-color': BASEMAP_COLORS.border, 'line-width': 1 },
      },
    ],
  };
}

/** The offline style, or the configured style URL of a real tile provider when there is one. */
export async function loadBasemap(styleUrl: string | undefined): Promise<string | StyleSpecification> {
  if (styleUrl) return styleUrl;
  registerTiles();
  // The coarse countries are fetched beside the states: the first view draws both, and a map that cannot
  // have them says so instead of showing water.
  const [states] = await Promise.all([fetchAtlas(statesUrl), tilerFor(TILE_SETS.countries.levels[0]!)]);
  return buildBasemapStyle({ states });
}
