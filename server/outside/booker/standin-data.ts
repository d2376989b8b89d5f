/**
 * The Booker stand-in's partner account (server/README.md, "Outside systems: Booker"), in the vendor's
 * shapes: the three Glow Studio locations its token reaches (Booker ids 101 to 103) and the treatments every
 * one of them offers (ids 501 to 542), built from the sandbox's test data (server/strategies/sandbox.ts and
 * sandbox-catalogue.ts), whose ids are `bk-<Booker id>`, so the console sees the same ids either way.
 */
import type { ExternalLocation } from '../../../src/api/contract/strategies';
import { SANDBOX_SERVICE_ITEMS } from '../../strategies/sandbox-catalogue';
import { SANDBOX_LOCATIONS } from '../../strategies/sandbox';
import type { WireLocation, WireTreatment } from './wire';

const bookerId = (id: string) => Number(id.replace(/^bk-/, ''));

/** The brand (Booker's parent account) the locations belong to. */
export const STANDIN_BRAND = 'glowstudio';

/** Booker's country ids (1 is the United States). */
const US = { ID: 1, Name: 'United States' };
const PACIFIC = {
  ID: 7,
  Name: '(GMT-08:00) Pacific Time (US & Canada)',
  StandardName: 'Pacific Standard Time',
};

const wireLocation = (location: ExternalLocation): WireLocation => ({
  ID: bookerId(location.id),
  BusinessName: location.name,
  AccountName: location.name.toLowerCase().replace(/[^a-z0-9]+/g, ''),
  BrandAccountName: STANDIN_BRAND,
  Address: {
    Street1: location.streetAddress,
    Street2: location.addressLine2,
    City: location.city,
    State: location.state,
    Zip: location.zip,
    Country: US,
  },
  TimeZone: PACIFIC,
  Latitude: location.coordinates?.lat ?? null,
  Longitude: location.coordinates?.lng ?? null,
});

export const STANDIN_LOCATIONS: readonly WireLocation[] = SANDBOX_LOCATIONS.BOOKER.map(wireLocation);

const CATEGORIES = [
  ...new Set(SANDBOX_SERVICE_ITEMS.BOOKER.flatMap((item) => (item.category ? [item.category] : []))),
];

/** The sandbox catalogue as Booker treatments: every location of the account offers the same ones. */
export const STANDIN_TREATMENTS: readonly WireTreatment[] = SANDBOX_SERVICE_ITEMS.BOOKER.map((item) => ({
  ID: bookerId(item.id),
  Name: item.name,
  Category: item.category ? { ID: CATEGORIES.indexOf(item.category) + 1, Name: item.category } : null,
  IsActive: true,
}));
