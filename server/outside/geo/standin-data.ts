/**
 * The map stand-ins' data (server/outside/geo/standin.routes.ts answers from it): read-only, real data shipped
 * through npm, nothing kept between requests.
 * - Places and coordinates: the `zipcodes` package (every US ZIP code with its city, state and centroid).
 *   A city is the set of its ZIP codes; its coordinates are the mean of their centroids.
 * - Outlines: the US Census Bureau's county boundaries in `us-atlas` (counties-10m), read with
 *   `topojson-client`: a place's outline is the county that contains it. No shape is made up.
 * A street cannot be looked up offline: a typed street number and name are kept as typed, in front of the
 * city or ZIP code that was found, and the coordinates are those of that ZIP code or city.
 *
 * Place ids: `zip:90403`, `city:CA:Santa Monica`, and for an address `addr:<street>|zip:…` or
 * `addr:<street>|city:…` (the street URI-encoded).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type ZipcodesModule from 'zipcodes';
import type { OutlineGeometry, Place, PlaceSuggestion } from '../../../src/api/contract/geo';
import { boundsOf, containsPoint } from '../../geo/geometry';

interface City {
  city: string;
  state: string;
  country: string;
  zips: string[];
  lat: number;
  lng: number;
}

export interface County {
  name: string;
  state: string;
  geometry: OutlineGeometry;
  bounds: [number, number, number, number];
}

const MAX_SUGGESTIONS = 5;
const round = (value: number) => Math.round(value * 1e6) / 1e6;
const key = (city: string, state: string) => `${city.toLowerCase()}|${state.toLowerCase()}`;

type Gazetteer = typeof ZipcodesModule;
let gazetteer: Gazetteer | undefined;

/** The ZIP code table, loaded on the first geo request (about a second), not when the API starts. */
async function loadGazetteer(): Promise<Gazetteer> {
  gazetteer ??= ((await import('zipcodes')) as { default: Gazetteer }).default;
  return gazetteer;
}

let citiesCache: Map<string, City> | undefined;

/** Every US city of the gazetteer, by "city|state" in lower case. */
function cities(zipcodes: Gazetteer): Map<string, City> {
  if (citiesCache) return citiesCache;
  const byKey = new Map<
    string,
    { city: string; state: string; country: string; zips: string[]; lat: number[]; lng: number[] }
  >();
  for (const code of Object.values(zipcodes.codes)) {
    if (code.country !== 'US') continue;
    const k = key(code.city, code.state);
    let entry = byKey.get(k);
    if (!entry) {
      entry = { city: code.city, state: code.state, country: 'US', zips: [], lat: [], lng: [] };
      byKey.set(k, entry);
    }
    entry.zips.push(code.zip);
    entry.lat.push(code.latitude);
    entry.lng.push(code.longitude);
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  citiesCache = new Map(
    [...byKey].map(([k, entry]) => [
      k,
      {
        city: entry.city,
        state: entry.state,
        country: entry.country,
        zips: entry.zips.sort(),
        lat: round(mean(entry.lat)),
        lng: round(mean(entry.lng)),
      },
    ]),
  );
  return citiesCache;
}

let countiesCache: County[] | undefined;

// A county-equivalent's kind in its state: parishes in Louisiana, boroughs and census areas in Alaska.
const COUNTY_WORD: Readonly<Record<string, string>> = { '22': 'Parish', '02': '' };

function counties(): County[] {
  if (countiesCache) return countiesCache;
  const require = createRequire(import.meta.url);
  const topology = JSON.parse(
    readFileSync(require.resolve('us-atlas/counties-10m.json'), 'utf8'),
  ) as Topology<{
    counties: GeometryCollection<{ name: string }>;
    states: GeometryCollection<{ name: string }>;
  }>;
  const states = new Map(
    feature(topology, topology.objects.states).features.map((state) => [
      String(state.id),
      state.properties.name,
    ]),
  );
  countiesCache = [];
  for (const county of feature(topology, topology.objects.counties).features) {
    const geometry = county.geometry as OutlineGeometry | null;
    if (!geometry || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) continue;
    const stateFips = String(county.id).slice(0, 2);
    const word = COUNTY_WORD[stateFips] ?? 'County';
    countiesCache.push({
      name: word ? `${county.properties.name} ${word}` : county.properties.name,
      state: states.get(stateFips) ?? '',
      geometry,
      bounds: boundsOf(geometry),
    });
  }
  return countiesCache;
}

/** The county containing the point, if any. */
export function countyAt(lat: number, lng: number): County | undefined {
  return counties().find(
    (county) =>
      lng >= county.bounds[0] &&
      lat >= county.bounds[1] &&
      lng <= county.bounds[2] &&
      lat <= county.bounds[3] &&
      containsPoint(county.geometry, lng, lat),
  );
}

function zipPlace(zipcodes: Gazetteer, zip: string, street: string | null): Place | null {
  const code = zipcodes.lookup(zip);
  if (!code || code.country !== 'US') return null;
  const placeId = street ? `addr:${encodeURIComponent(street)}|zip:${code.zip}` : `zip:${code.zip}`;
  return {
    placeId,
    formattedAddress: [street, code.city, `${code.state} ${code.zip}`, 'US'].filter(Boolean).join(', '),
    streetAddress: street,
    city: code.city,
    state: code.state,
    zip: code.zip,
    country: 'US',
    coordinates: { lat: code.latitude, lng: code.longitude },
  };
}

function cityPlace(city: City, street: string | null): Place {
  const cityId = `city:${city.state}:${city.city}`;
  return {
    placeId: street ? `addr:${encodeURIComponent(street)}|${cityId}` : cityId,
    formattedAddress: [street, city.city, city.state, 'US'].filter(Boolean).join(', '),
    streetAddress: street,
    city: city.city,
    state: city.state,
    // A city with one ZIP code has that one; otherwise which of them the street is in is not known offline.
    zip: city.zips.length === 1 ? (city.zips[0] ?? null) : null,
    country: 'US',
    coordinates: { lat: city.lat, lng: city.lng },
  };
}

function suggestionOf(place: Place): PlaceSuggestion {
  const main = place.streetAddress ?? place.city ?? place.formattedAddress;
  const secondary = place.streetAddress
    ? place.formattedAddress.slice(place.streetAddress.length + 2)
    : [place.state, place.zip, place.country].filter(Boolean).join(', ');
  return {
    placeId: place.placeId,
    description: place.formattedAddress,
    mainText: main,
    secondaryText: secondary,
  };
}

const STREET_FIRST = /^(\d+[A-Za-z]?(?:-\d+)?\s+[^,]+?)\s*,\s*(.*)$/;
const ZIP = /\b(\d{5})(?:-\d{4})?\b/;
const COUNTRY_SUFFIX = /,?\s*(US|USA|United States(?: of America)?)\s*$/i;

interface Parsed {
  street: string | null;
  zip: string | null;
  city: string;
  state: string;
}

/** "1234 Montana Ave, Santa Monica, CA 90403, US" → its parts (any of them may be missing). */
function parse(text: string): Parsed {
  let rest = text.trim().replace(COUNTRY_SUFFIX, '').trim();
  let street: string | null = null;
  const streetMatch = STREET_FIRST.exec(rest);
  if (streetMatch?.[1] && !/^\d{5}$/.test(streetMatch[1])) {
    street = streetMatch[1].replace(/\s+/g, ' ');
    rest = streetMatch[2] ?? '';
  }
  const zip = ZIP.exec(rest)?.[1] ?? null;
  if (zip) rest = rest.replace(ZIP, '');
  const [city = '', state = ''] = rest
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  // "Santa Monica CA": a trailing two-letter word is the state when no comma separates it.
  const tail = /^(.*\S)\s+([A-Za-z]{2})$/.exec(city);
  if (!state && tail?.[1] && tail[2]) return { street, zip, city: tail[1], state: tail[2] };
  return { street, zip, city, state };
}

function matchingCities(zipcodes: Gazetteer, cityText: string, stateText: string): City[] {
  const cityLower = cityText.toLowerCase();
  const stateLower = stateText.toLowerCase();
  if (!cityLower) return [];
  const found: City[] = [];
  for (const city of cities(zipcodes).values()) {
    if (!city.city.toLowerCase().startsWith(cityLower)) continue;
    if (stateLower && !city.state.toLowerCase().startsWith(stateLower)) continue;
    found.push(city);
  }
  // Exact names first, then the larger cities (more ZIP codes), then by name.
  return found.sort(
    (a, b) =>
      Number(b.city.toLowerCase() === cityLower) - Number(a.city.toLowerCase() === cityLower) ||
      b.zips.length - a.zips.length ||
      a.city.localeCompare(b.city) ||
      a.state.localeCompare(b.state),
  );
}

/** The place an id names (a ZIP code or a city, with a street in front or not); null when unknown. */
export async function placeById(placeId: string): Promise<Place | null> {
  const zipcodes = await loadGazetteer();
  let street: string | null = null;
  let id = placeId;
  if (id.startsWith('addr:')) {
    const bar = id.indexOf('|');
    if (bar < 0) return null;
    try {
      street = decodeURIComponent(id.slice('addr:'.length, bar)).trim() || null;
    } catch {
      return null;
    }
    id = id.slice(bar + 1);
  }
  if (id.startsWith('zip:')) return zipPlace(zipcodes, id.slice('zip:'.length), street);
  if (id.startsWith('city:')) {
    const [state = '', ...name] = id.slice('city:'.length).split(':');
    const city = cities(zipcodes).get(key(name.join(':'), state));
    return city ? cityPlace(city, street) : null;
  }
  return null;
}

/** Suggestions for what has been typed so far: the ZIP code, ZIP codes from their first digits, or cities. */
export async function suggestionsFor(text: string): Promise<PlaceSuggestion[]> {
  const zipcodes = await loadGazetteer();
  const { street, zip, city, state } = parse(text);
  if (zip) {
    const place = zipPlace(zipcodes, zip, street);
    return place ? [suggestionOf(place)] : [];
  }
  if (/^\d{3,4}$/.test(text.trim())) {
    const prefix = text.trim();
    return Object.keys(zipcodes.codes)
      .filter((code) => code.startsWith(prefix))
      .sort()
      .slice(0, MAX_SUGGESTIONS)
      .map((code) => zipPlace(zipcodes, code, null))
      .filter((place): place is Place => place !== null)
      .map(suggestionOf);
  }
  return matchingCities(zipcodes, city, state)
    .slice(0, MAX_SUGGESTIONS)
    .map((found) => suggestionOf(cityPlace(found, street)));
}

/** An address typed in full: by its ZIP code, else by its exact city and state; null when not found. */
export async function geocodeAddress(address: string): Promise<Place | null> {
  const zipcodes = await loadGazetteer();
  const { street, zip, city, state } = parse(address);
  if (zip) return zipPlace(zipcodes, zip, street);
  const exact = matchingCities(zipcodes, city, state).find(
    (found) =>
      found.city.toLowerCase() === city.toLowerCase() &&
      (!state || found.state.toLowerCase() === state.toLowerCase()),
  );
  return exact ? cityPlace(exact, street) : null;
}

/** The street-search answer for a free-form query: the county around the place it names, if any. */
export async function outlinesFor(query: string): Promise<{ place: Place; county: County }[]> {
  const place = await geocodeAddress(query);
  if (!place) return [];
  const county = countyAt(place.coordinates.lat, place.coordinates.lng);
  return county ? [{ place, county }] : [];
}
