/**
 * The Boulevard stand-in's businesses (server/README.md, "Outside systems: Boulevard"), in the vendor's
 * shapes: any `blvd-sandbox-…` business id (once the Upkeep app is installed for it on the install page), whose
 * one location is the West Hollywood salon; `blvd-sandbox-noaddress-…`, whose locations have no address; and
 * the demo seed's Boulevard businesses (server/db/seed/provider-data.ts), installed by this data, each with its
 * seeded location. Every business offers the services of the sandbox's Boulevard catalogue.
 */
import type { ExternalLocation } from '../../../src/api/contract/strategies';
import { PROVIDERS } from '../../db/seed/provider-data';
import { SANDBOX_SERVICE_ITEMS } from '../../strategies/sandbox-catalogue';
import { place } from '../../strategies/sandbox';
import type { WireLocation, WireService } from './wire';

/** Boulevard business ids the stand-in knows: `blvd-sandbox-…`; `blvd-sandbox-noaddress-…` lacks addresses. */
export const BOULEVARD_BUSINESS = /^blvd-sandbox-[\w-]{1,100}$/;
export const BOULEVARD_NO_ADDRESS = /^blvd-sandbox-noaddress-/;
/** The name the stand-in gives every `blvd-sandbox-…` business. */
export const SANDBOX_BUSINESS_NAME = 'Boulevard Sandbox Business';

export interface StandinBusiness {
  name: string;
  /** Installed by this data (the demo's businesses); otherwise only once the install page was used. */
  installedByData: boolean;
  locations: readonly WireLocation[];
  services: readonly WireService[];
}

const SERVICES: WireService[] = SANDBOX_SERVICE_ITEMS.BOULEVARD.map((item) => ({
  id: item.id,
  name: item.name,
  active: true,
  category: item.category === null ? null : { name: item.category },
}));

const wireLocation = (location: ExternalLocation): WireLocation => ({
  id: location.id,
  name: location.name,
  tz: location.timezone,
  address: {
    line1: location.streetAddress,
    line2: location.addressLine2,
    city: location.city,
    state: location.state,
    zip: location.zip,
    country: location.country,
  },
  coordinates: location.coordinates
    ? { latitude: location.coordinates.lat, longitude: location.coordinates.lng }
    : null,
});

/** The sandbox businesses' one location. */
export const SANDBOX_LOCATION = place(
  'blvd-loc-1',
  'Boulevard Sandbox Salon',
  '8500 Melrose Ave',
  'West Hollywood',
  'CA',
  '90069',
  34.0809,
  -118.3775,
);

/** Locations without a valid address: no street, city, zip or country (the no-address business's). */
const ADDRESSLESS: WireLocation[] = [
  { id: 'blvd-loc-a', name: 'Front desk', tz: 'America/Los_Angeles', address: null, coordinates: null },
  {
    id: 'blvd-loc-b',
    name: 'Treatment rooms',
    tz: 'America/Los_Angeles',
    address: { line1: null, line2: null, city: null, state: 'CA', zip: null, country: null },
    coordinates: null,
  },
];

/** The demo seed's Boulevard providers: their business ids, names and seeded locations. */
const DEMO_BUSINESSES: ReadonlyMap<string, StandinBusiness> = new Map(
  PROVIDERS.filter((provider) => provider.strategy === 'BOULEVARD' && provider.externalId).map((provider) => {
    const seeded = provider.location;
    const locations = seeded
      ? [
          wireLocation({
            ...place(
              seeded.externalLocationId ?? '',
              provider.name,
              seeded.streetAddress,
              seeded.city,
              seeded.state,
              seeded.zip,
              seeded.lat,
              seeded.lng,
            ),
            timezone: seeded.timezone,
          }),
        ]
      : [];
    return [
      provider.externalId ?? '',
      { name: provider.name, installedByData: true, locations, services: SERVICES },
    ];
  }),
);

/** The business a Boulevard business id names on the stand-in, if any. */
export function standinBusiness(businessId: string): StandinBusiness | undefined {
  const demo = DEMO_BUSINESSES.get(businessId);
  if (demo) return demo;
  if (!BOULEVARD_BUSINESS.test(businessId)) return undefined;
  return {
    name: SANDBOX_BUSINESS_NAME,
    installedByData: false,
    locations: BOULEVARD_NO_ADDRESS.test(businessId) ? ADDRESSLESS : [wireLocation(SANDBOX_LOCATION)],
    services: SERVICES,
  };
}
