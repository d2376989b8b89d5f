/** The map stand-ins' data: the shipped gazetteer (zipcodes) and county outlines (us-atlas). */
import zipcodes from 'zipcodes';
import { describe, expect, it } from 'vitest';
import { containsPoint } from '../../../server/geo/geometry';
import {
  geocodeAddress,
  outlinesFor,
  placeById,
  suggestionsFor,
} from '../../../server/outside/geo/standin-data';

/** The data's answers under the geo interface's names, as the stand-in's routes give them out. */
const geo = {
  autocomplete: suggestionsFor,
  place: placeById,
  geocode: geocodeAddress,
  async outline(placeId: string) {
    const place = await placeById(placeId);
    const [found] = place ? await outlinesFor([place.city, place.state].join(', ')) : [];
    return found
      ? { name: `${found.county.name}, ${found.county.state}`, geometry: found.county.geometry }
      : null;
  },
};

describe('the map stand-ins’ data', () => {
  it('suggests cities as they are typed, largest first, with their state', async () => {
    const suggestions = await geo.autocomplete('Santa Mon');
    expect(suggestions[0]).toMatchObject({ placeId: 'city:CA:Santa Monica', mainText: 'Santa Monica' });
    expect(suggestions.length).toBeLessThanOrEqual(5);
    const springfield = await geo.autocomplete('Springfield, IL');
    expect(springfield.map((s) => s.placeId)).toEqual(['city:IL:Springfield']);
  });

  it('keeps a typed street in front of the city or ZIP code it found', async () => {
    const [withZip] = await geo.autocomplete('1234 Montana Ave, Santa Monica, CA 90403');
    expect(withZip).toMatchObject({
      description: '1234 Montana Ave, Santa Monica, CA 90403, US',
      mainText: '1234 Montana Ave',
      secondaryText: 'Santa Monica, CA 90403, US',
    });
    const place = withZip && (await geo.place(withZip.placeId));
    const code = zipcodes.lookup('90403');
    expect(place).toEqual({
      placeId: withZip?.placeId,
      formattedAddress: '1234 Montana Ave, Santa Monica, CA 90403, US',
      streetAddress: '1234 Montana Ave',
      city: 'Santa Monica',
      state: 'CA',
      zip: '90403',
      country: 'US',
      coordinates: { lat: code?.latitude, lng: code?.longitude },
    });
  });

  it('suggests ZIP codes from their first digits', async () => {
    const suggestions = await geo.autocomplete('9040');
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.every((s) => s.placeId.startsWith('zip:9040'))).toBe(true);
  });

  it('geocodes an address by its ZIP code, else by city and state; nothing for an unknown place', async () => {
    const byZip = await geo.geocode('455 N Michigan Ave, Chicago, IL 60611, US');
    expect(byZip).toMatchObject({
      streetAddress: '455 N Michigan Ave',
      city: 'Chicago',
      state: 'IL',
      zip: '60611',
    });
    const byCity = await geo.geocode('1 Main St, Boise, ID');
    expect(byCity).toMatchObject({ streetAddress: '1 Main St', city: 'Boise', state: 'ID', country: 'US' });
    expect(byCity?.coordinates.lat).toBeCloseTo(43.6, 0);
    expect(await geo.geocode('1 Nowhere Rd, Atlantis, ZZ')).toBeNull();
    expect(await geo.geocode('1 Main St, Anytown, 00000')).toBeNull();
    expect(await geo.place('city:ZZ:Atlantis')).toBeNull();
    expect(await geo.place('addr:%E0%A4%A|zip:90403')).toBeNull();
    expect(await geo.place('nonsense')).toBeNull();
  });

  it('outlines a place with the real county that contains it', async () => {
    const outline = await geo.outline('city:CA:Santa Monica');
    expect(outline?.name).toBe('Los Angeles County, California');
    const place = await geo.place('city:CA:Santa Monica');
    if (!outline || !place) throw new Error('Santa Monica is in the gazetteer');
    expect(containsPoint(outline.geometry, place.coordinates.lng, place.coordinates.lat)).toBe(true);
    // Real boundaries, not a box: many points, closed rings.
    const polygons =
      outline.geometry.type === 'Polygon' ? [outline.geometry.coordinates] : outline.geometry.coordinates;
    const rings = polygons.map((polygon) => polygon[0] ?? []);
    expect(Math.max(...rings.map((ring) => ring.length))).toBeGreaterThan(30);
    for (const ring of rings) expect(ring[0]).toEqual(ring[ring.length - 1]);
    expect((await geo.outline('zip:70116'))?.name).toBe('Orleans Parish, Louisiana');
    expect(await geo.outline('nonsense')).toBeNull();
  });
});
