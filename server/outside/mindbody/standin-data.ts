/**
 * The MINDBODY stand-in's business (server/README.md, "Outside systems: MINDBODY"): MINDBODY's own public
 * sandbox site -99 with its owner login, the two Seattle locations and the session types of the sandbox's
 * catalogue, in the vendor's shapes. Built from the sandbox's test data (server/strategies/sandbox.ts and
 * sandbox-catalogue.ts), whose ids are `mb-<MINDBODY id>`, so the console sees the same ids either way.
 * It also holds the demo seed's MINDBODY businesses (sites -101 to -103, and Serenity's login on -99).
 */
import { SANDBOX_SERVICE_ITEMS } from '../../strategies/sandbox-catalogue';
import { MINDBODY_SANDBOX, place, SANDBOX_LOCATIONS } from '../../strategies/sandbox';
import type { ExternalLocation } from '../../../src/api/contract/strategies';
import type { WireLocation, WireSessionType, WireSite } from './wire';

const mindbodyId = (id: string) => Number(id.replace(/^mb-/, ''));

export interface StandinSite {
  site: WireSite;
  staff: { username: string; password: string; id: number }[];
  locations: WireLocation[];
  sessionTypes: WireSessionType[];
}

/** The sandbox's catalogue as MINDBODY session types: every site of the stand-in offers the same ones. */
const SESSION_TYPES: WireSessionType[] = SANDBOX_SERVICE_ITEMS.MINDBODY.map((item) => ({
  Id: mindbodyId(item.id),
  Name: item.name,
  Category: item.category,
  Type: 'Appointment',
}));

const wireLocation = (location: ExternalLocation, id: number): WireLocation => ({
  Id: id,
  Name: location.name,
  Address: location.streetAddress,
  Address2: location.addressLine2,
  City: location.city,
  StateProvCode: location.state,
  PostalCode: location.zip,
  Latitude: location.coordinates?.lat ?? null,
  Longitude: location.coordinates?.lng ?? null,
});

/** The login every demo business of the seed (server/db/seed/provider-data.ts) signs in with. */
export const DEMO_STAFF_PASSWORD = 'demo-password';

/**
 * A business of the demo seed: its site, its owner's login (`<login>-demo`) and its locations, so the demo's
 * MINDBODY providers are connected for real (their location association and service items answer).
 */
function demoSite(
  siteId: string,
  name: string,
  login: string,
  timeZone: string,
  locations: ExternalLocation[],
): [string, StandinSite] {
  return [
    siteId,
    {
      site: { Id: Number(siteId), Name: name, CountryCode: 'US', TimeZone: timeZone },
      staff: [{ username: `${login}-demo`, password: DEMO_STAFF_PASSWORD, id: 1 }],
      locations: locations.map((location, index) => wireLocation(location, index + 1)),
      sessionTypes: SESSION_TYPES,
    },
  ];
}

export const STANDIN_SITES: ReadonlyMap<string, StandinSite> = new Map([
  [
    MINDBODY_SANDBOX.siteId,
    {
      site: {
        Id: Number(MINDBODY_SANDBOX.siteId),
        Name: 'Clean Slate Spa',
        CountryCode: 'US',
        TimeZone: 'Pacific Standard Time',
      },
      staff: [
        { username: MINDBODY_SANDBOX.username, password: MINDBODY_SANDBOX.password, id: 1 },
        // The demo's Serenity Med Spa signs in to the sandbox site with a login of its own.
        { username: 'serenity-demo', password: DEMO_STAFF_PASSWORD, id: 2 },
      ],
      locations: SANDBOX_LOCATIONS.MINDBODY.map((location) =>
        wireLocation(location, mindbodyId(location.id)),
      ),
      sessionTypes: SESSION_TYPES,
    },
  ],
  demoSite('-101', 'Evergreen Med Spa', 'evergreen', 'Pacific Standard Time', [
    place('', 'Evergreen Med Spa', '1501 Pike Pl', 'Seattle', 'WA', '98101', 47.6097, -122.3422),
  ]),
  demoSite('-102', 'Magnolia Skin Institute', 'magnolia', 'Eastern Standard Time', [
    place('', 'Magnolia Midtown', '1100 Peachtree St NE', 'Atlanta', 'GA', '30309', 33.7849, -84.3833),
  ]),
  demoSite('-103', 'Cedar Wellness Co', 'cedar', 'Alaskan Standard Time', [
    place('', 'Cedar Wellness Midtown', '3000 C St', 'Anchorage', 'AK', '99503', 61.1905, -149.8869),
    place(
      '',
      'Cedar Wellness Eagle River',
      '11401 Old Glenn Hwy',
      'Eagle River',
      'AK',
      '99577',
      61.3213,
      -149.5681,
    ),
  ]),
]);
