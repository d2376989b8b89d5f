/**
 * The MINDBODY stand-in's business (server/README.md, "Outside systems: MINDBODY"): MINDBODY's own public
 * sandbox site -99 with its owner login, the two Seattle locations and the session types of the sandbox's
 * catalogue, in the vendor's shapes. Built from the sandbox's test data (server/strategies/sandbox.ts and
 * sandbox-catalogue.ts), whose ids are `mb-<MINDBODY id>`, so the console sees the same ids either way.
 */
import { SANDBOX_SERVICE_ITEMS } from '../../strategies/sandbox-catalogue';
import { MINDBODY_SANDBOX, SANDBOX_LOCATIONS } from '../../strategies/sandbox';
import type { WireLocation, WireSessionType, WireSite } from './wire';

const mindbodyId = (id: string) => Number(id.replace(/^mb-/, ''));

export interface StandinSite {
  site: WireSite;
  staff: { username: string; password: string; id: number }[];
  locations: WireLocation[];
  sessionTypes: WireSessionType[];
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
      staff: [{ username: MINDBODY_SANDBOX.username, password: MINDBODY_SANDBOX.password, id: 1 }],
      locations: SANDBOX_LOCATIONS.MINDBODY.map((location) => ({
        Id: mindbodyId(location.id),
        Name: location.name,
        Address: location.streetAddress,
        Address2: location.addressLine2,
        City: location.city,
        StateProvCode: location.state,
        PostalCode: location.zip,
        Latitude: location.coordinates?.lat ?? null,
        Longitude: location.coordinates?.lng ?? null,
      })),
      sessionTypes: SANDBOX_SERVICE_ITEMS.MINDBODY.map((item) => ({
        Id: mindbodyId(item.id),
        Name: item.name,
        Category: item.category,
        Type: 'Appointment',
      })),
    },
  ],
]);
