/**
 * The Square stand-in's sellers (server/README.md, "Outside systems: Square"), in the vendor's shapes: the
 * sandbox merchant its authorisation page connects (MLSANDBOX0001: locations `sq-loc-1` and `sq-loc-2`, an
 * inactive `sq-loc-9` the client leaves out, and the catalogue of sandbox-catalogue.ts), and the demo
 * seed's Square merchants (server/db/seed/provider-data.ts), each with the tokens the seed saves for it, so
 * the demo's Square providers are connected for real. Ids are the sandbox's, so the console sees the same
 * ids as before (Square's own are opaque, e.g. `L32EWCFNG9JWD`).
 */
import type { ExternalLocation } from '../../../src/api/contract/strategies';
import { SANDBOX_SERVICE_ITEMS } from '../../strategies/sandbox-catalogue';
import { place, SANDBOX_LOCATIONS } from '../../strategies/sandbox';
import { SQUARE_TOKEN_PREFIX, type WireCatalogObject, type WireLocation } from './wire';
/** The merchant the authorisation page's Allow connects. */
export const SANDBOX_MERCHANT_ID = 'MLSANDBOX0001';

export interface StandinMerchant {
  id: string;
  businessName: string;
  locations: WireLocation[];
}

/** The demo seed's tokens for a merchant's login: part of the stand-in's data, they never expire. */
export const demoSquareTokens = (login: string) => ({
  accessToken: `${SQUARE_TOKEN_PREFIX}demo-access${login}`,
  refreshToken: `${SQUARE_TOKEN_PREFIX}demo-refresh${login}`,
});

const wireLocation = (
  location: ExternalLocation,
  merchantId: string,
  status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE',
): WireLocation => ({
  id: location.id,
  name: location.name,
  address: {
    address_line_1: location.streetAddress,
    address_line_2: location.addressLine2,
    locality: location.city,
    administrative_district_level_1: location.state,
    postal_code: location.zip,
    country: location.country,
  },
  timezone: location.timezone,
  status,
  country: location.country,
  coordinates: location.coordinates
    ? { latitude: location.coordinates.lat, longitude: location.coordinates.lng }
    : null,
  ...{ merchant_id: merchantId, business_name: location.name, type: 'PHYSICAL' },
});

const sandboxLocations = (merchantId: string): WireLocation[] => [
  ...SANDBOX_LOCATIONS.SQUARE.map((location) => wireLocation(location, merchantId)),
  wireLocation(
    place(
      'sq-loc-9',
      'Square Sandbox Pop-up (closed)',
      '1 Ferry Building',
      'San Francisco',
      'CA',
      '94111',
      37.7955,
      -122.3937,
    ),
    merchantId,
    'INACTIVE',
  ),
];

/** The sandbox catalogue as Square ITEMs (appointment services) and their CATEGORY objects. */
const categoryId = (name: string) => `SQ-CAT-${name.toUpperCase().replace(/[^A-Z0-9]+/g, '-')}`;
const CATEGORY_NAMES = [
  ...new Set(SANDBOX_SERVICE_ITEMS.SQUARE.flatMap((item) => (item.category ? [item.category] : []))),
];
export const STANDIN_CATALOG: readonly WireCatalogObject[] = [
  ...SANDBOX_SERVICE_ITEMS.SQUARE.map((item): WireCatalogObject => ({
    type: 'ITEM',
    id: item.id,
    is_deleted: false,
    item_data: {
      name: item.name,
      ...(item.category && { categories: [{ id: categoryId(item.category) }] }),
      ...{ product_type: 'APPOINTMENTS_SERVICE' },
    },
  })),
  ...CATEGORY_NAMES.map((name): WireCatalogObject => ({
    type: 'CATEGORY',
    id: categoryId(name),
    is_deleted: false,
    category_data: { name },
  })),
];

/** The demo seed's Square merchants: id, business name, and the login its tokens are built from. */
const DEMO_MERCHANTS: [string, string, string][] = [
  ['MLQW8Z3V1X2Y4', 'Radiance Skin Bar', ''],
  ['MLNASH7Q2W3E4', 'Music Row Beauty Bar', '-2'],
  ['MLSLC5T6Y7U8I', 'Alpine Laser Studio', '-3'],
  ['MLJUN9O0P1A2S', 'Juniper Skin Co', '-4'],
];

export const STANDIN_MERCHANTS: ReadonlyMap<string, StandinMerchant> = new Map(
  [
    { id: SANDBOX_MERCHANT_ID, businessName: 'Square Sandbox Medspa' },
    ...DEMO_MERCHANTS.map(([id, businessName]) => ({ id, businessName })),
  ].map((merchant) => [merchant.id, { ...merchant, locations: sandboxLocations(merchant.id) }]),
);

/** The demo merchants' fixed tokens (hash-free: they are test data, like MINDBODY's demo logins). */
export const DEMO_TOKENS: ReadonlyMap<string, { merchantId: string; kind: 'access' | 'refresh' }> = new Map(
  DEMO_MERCHANTS.flatMap(([merchantId, , login]) => {
    const tokens = demoSquareTokens(login);
    return [
      [tokens.accessToken, { merchantId, kind: 'access' }],
      [tokens.refreshToken, { merchantId, kind: 'refresh' }],
    ] as [string, { merchantId: string; kind: 'access' | 'refresh' }][];
  }),
);
