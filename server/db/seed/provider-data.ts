/** Demo providers (several per strategy, some without a location), their special dates and commissions. */
import type { Strategy } from '../../../src/api/contract/provider';
import { demoSquareTokens } from '../../outside/square/standin-data';

interface ProviderSeed {
  name: string;
  strategy: Strategy;
  externalId?: string;
  description: string;
  phoneNumber: string;
  availableAfterDays: number;
  credentials?: Record<string, string>;
  /** Absent for a provider that has not finished onboarding (no location yet). */
  location?: {
    streetAddress: string;
    city: string;
    state: string;
    zip: string;
    lat: number;
    lng: number;
    timezone: string;
    externalLocationId?: string;
    taxRate: number;
  };
}

/**
 * One provider a row: name, strategy, external id, description, phone, days before it can be booked, the login
 * its stand-in credentials are built from (Mindbody's username prefix, Square's token suffix), and its location
 * (street, city, state, zip, lat, lng, time zone, tax rate, external location id); no location for a provider
 * that has not finished onboarding.
 */
type LocationRow = [string, string, string, string, number, number, string, number, string?];
type ProviderRow = [string, Strategy, string | undefined, string, string, number, string?, LocationRow?];

// prettier-ignore
const PROVIDER_ROWS: ProviderRow[] = [
  ['Glow Studio', 'MANUAL', undefined, 'A bright, friendly studio for facials, injectables and laser treatments.', '+13105550142', 1, undefined, ['1234 Montana Ave', 'Santa Monica', 'CA', '90403', 34.0336, -118.4979, 'America/Los_Angeles', 0.1025]],
  ['Serenity Med Spa', 'MINDBODY', '-99', 'Medical spa on the Magnificent Mile.', '+13125550187', 0, 'serenity', ['455 N Michigan Ave', 'Chicago', 'IL', '60611', 41.8902, -87.624, 'America/Chicago', 0.1025, 'mb-1']],
  ['Luxe Aesthetics', 'BOULEVARD', '3f7c2a9e-5b1d-4c8e-9a6f-2d4b8e1c7a05', 'Injectables and body contouring near Union Square.', '+12125550163', 2, undefined, ['200 Park Ave S', 'New York', 'NY', '10003', 40.737, -73.9897, 'America/New_York', 0.08875, 'urn:blvd:Location:8a1e']],
  ['Radiance Skin Bar', 'SQUARE', 'MLQW8Z3V1X2Y4', 'Walk-in friendly skin bar on South Congress.', '+15125550119', 0, '', ['1100 S Congress Ave', 'Austin', 'TX', '78704', 30.2515, -97.7494, 'America/Chicago', 0.0825, 'sq-loc-1']],
  ['Harbor Wellness', 'BOOKER', '48211', 'Wellness and laser clinic in the Gaslamp Quarter.', '+16195550174', 7, undefined, ['750 B St', 'San Diego', 'CA', '92101', 32.7173, -117.1593, 'America/Los_Angeles', 0.0775, '48211-1']],
  // More of every strategy, across states and time zones; a few have not finished onboarding (no location).
  ['Bloom Beauty Lounge', 'MANUAL', undefined, 'Brows, lashes and facials in RiNo.', '+13035550131', 1, undefined, ['2901 Larimer St', 'Denver', 'CO', '80205', 39.7617, -104.9817, 'America/Denver', 0.0881]],
  ['Saguaro Skin Clinic', 'MANUAL', undefined, 'Sun-damage repair and laser care in downtown Phoenix.', '+16025550148', 2, undefined, ['1 E Washington St', 'Phoenix', 'AZ', '85004', 33.4484, -112.074, 'America/Phoenix', 0.086]],
  ['Aloha Facial Spa', 'MANUAL', undefined, 'Island-botanical facials near Ala Moana.', '+18085550126', 0, undefined, ['1450 Ala Moana Blvd', 'Honolulu', 'HI', '96814', 21.2911, -157.8437, 'Pacific/Honolulu', 0.045]],
  ['Pearl Day Spa', 'MANUAL', undefined, 'A day spa that has not set up its location yet.', '+15035550190', 0],
  ['Evergreen Med Spa', 'MINDBODY', '-101', 'Medical aesthetics by Pike Place.', '+12065550153', 1, 'evergreen', ['1501 Pike Pl', 'Seattle', 'WA', '98101', 47.6097, -122.3422, 'America/Los_Angeles', 0.1035, 'mb-1']],
  ['Magnolia Skin Institute', 'MINDBODY', '-102', 'Dermatologist-led skin care in Midtown Atlanta.', '+14045550162', 2, 'magnolia', ['1100 Peachtree St NE', 'Atlanta', 'GA', '30309', 33.7849, -84.3833, 'America/New_York', 0.089, 'mb-1']],
  ['Cedar Wellness Co', 'MINDBODY', '-103', 'Connected its scheduling system; location still to choose.', '+19075550117', 0, 'cedar'],
  ['Brickell Aesthetics', 'BOULEVARD', '7b2e4c1d-9f3a-4e5b-8c6d-1a2b3c4d5e6f', 'Injectables and skin boosters in Brickell.', '+13055550144', 1, undefined, ['801 Brickell Ave', 'Miami', 'FL', '33131', 25.7663, -80.1918, 'America/New_York', 0.07, 'urn:blvd:Location:9c2f']],
  ['Beacon Hill Skin', 'BOULEVARD', '0d9c8b7a-6e5f-4d3c-2b1a-0f9e8d7c6b5a', 'Facials and peels on Charles Street.', '+16175550158', 0, undefined, ['120 Charles St', 'Boston', 'MA', '02114', 42.3588, -71.0707, 'America/New_York', 0.0625, 'urn:blvd:Location:4d7a']],
  ['Music Row Beauty Bar', 'SQUARE', 'MLNASH7Q2W3E4', 'Blowouts, brows and glow facials off Music Row.', '+16155550121', 0, '-2', ['1610 Division St', 'Nashville', 'TN', '37203', 36.1512, -86.7923, 'America/Chicago', 0.0925, 'sq-loc-1']],
  ['Alpine Laser Studio', 'SQUARE', 'MLSLC5T6Y7U8I', 'Laser hair removal downtown.', '+18015550136', 7, '-3', ['50 S Main St', 'Salt Lake City', 'UT', '84101', 40.7683, -111.8911, 'America/Denver', 0.0775, 'sq-loc-1']],
  ['Juniper Skin Co', 'SQUARE', 'MLJUN9O0P1A2S', 'Connected to Square; location still to choose.', '+15055550109', 1, '-4'],
  ['Pearl District Wellness', 'BOOKER', '48377', 'Massage, facials and body contouring in the Pearl District.', '+15035550172', 1, undefined, ['1209 NW Lovejoy St', 'Portland', 'OR', '97209', 45.5299, -122.6848, 'America/Los_Angeles', 0, '48377-1']],
  ['French Quarter Laser', 'BOOKER', '48412', 'Laser and injectables on Royal Street.', '+15045550185', 2, undefined, ['701 Royal St', 'New Orleans', 'LA', '70116', 29.9584, -90.0649, 'America/Chicago', 0.0945, '48412-1']],
];

/** The sandbox credentials of a connected strategy, built from its external id and login. */
function credentialsOf(strategy: Strategy, externalId = '', login = ''): Record<string, string> | undefined {
  switch (strategy) {
    case 'MINDBODY':
      return { username: `${login}-demo`, password: 'demo-password', siteId: externalId };
    case 'BOULEVARD':
      return { businessId: externalId };
    case 'SQUARE':
      // Tokens the Square stand-in knows for the merchant, so the demo's Square providers are connected to it.
      return { ...demoSquareTokens(login), tokenType: 'bearer', merchantId: externalId };
    default:
      return undefined;
  }
}

function providerOf(row: ProviderRow): ProviderSeed {
  const [name, strategy, externalId, description, phoneNumber, availableAfterDays, login, place] = row;
  const credentials = credentialsOf(strategy, externalId, login);
  const seed: ProviderSeed = {
    name,
    strategy,
    ...(externalId === undefined ? {} : { externalId }),
    description,
    phoneNumber,
    availableAfterDays,
    ...(credentials ? { credentials } : {}),
  };
  if (!place) return seed;
  const [streetAddress, city, state, zip, lat, lng, timezone, taxRate, externalLocationId] = place;
  const location = { streetAddress, city, state, zip, lat, lng, timezone };
  return {
    ...seed,
    location: {
      ...location,
      ...(externalLocationId === undefined ? {} : { externalLocationId }),
      taxRate,
    },
  };
}

export const PROVIDERS: ProviderSeed[] = PROVIDER_ROWS.map(providerOf);

/**
 * Special dates per provider (days from the seed's `now`, in the location's zone), with the service items or
 * bundles on them. Seeded for a location that has no special date yet, so edits are never overwritten.
 */
// prettier-ignore
export const SPECIAL_DATES: { provider: string; fromDays: number; toDays: number; items: string[]; bundles: string[] }[] = [
  { provider: 'Glow Studio', fromDays: 10, toDays: 12, items: ['HydraFacial', 'Dermaplaning'], bundles: [] },
  { provider: 'Glow Studio', fromDays: 40, toDays: 40, items: [], bundles: ['Glow Up Facial Bundle'] },
  { provider: 'Serenity Med Spa', fromDays: 5, toDays: 5, items: ['Microneedling'], bundles: [] },
  { provider: 'Bloom Beauty Lounge', fromDays: 21, toDays: 23, items: ['Dermaplaning', 'Chemical Peel'], bundles: [] },
  { provider: 'Aloha Facial Spa', fromDays: 14, toDays: 14, items: [], bundles: ['Glow Up Facial Bundle'] },
];

/** Commission percentages per provider and category; categories not listed have none (20 by default). */
// prettier-ignore
export const COMMISSIONS: { provider: string; category: string; percentage: number }[] = [
  { provider: 'Glow Studio', category: 'Injectables', percentage: 20 },
  { provider: 'Glow Studio', category: 'Facials', percentage: 15 },
  { provider: 'Glow Studio', category: 'Laser (Hair Removal)', percentage: 12.5 },
  { provider: 'Serenity Med Spa', category: 'Injectables', percentage: 20 },
  { provider: 'Serenity Med Spa', category: 'Facials', percentage: 20 },
  { provider: 'Luxe Aesthetics', category: 'Body Contour', percentage: 15 },
  { provider: 'Bloom Beauty Lounge', category: 'Facials', percentage: 18 },
  { provider: 'Evergreen Med Spa', category: 'Injectables', percentage: 20 },
  { provider: 'Brickell Aesthetics', category: 'Injectables', percentage: 15 },
  { provider: 'Music Row Beauty Bar', category: 'Facials', percentage: 20 },
];

/**
 * Step 2 done (02 §2): the services a connected provider's system lists, mapped to ours (its service-item id
 * in that system, and our item or bundle by name), and the weekly hours a manual provider offers per category
 * (each day's first and last hour, every 15-minute slot between them offered). No mapping names Botox, Xeomin,
 * Upper Lip or the Smooth Skin Bundle, whose deletion the API tests try with only their own references.
 */
// prettier-ignore
export const MAPPINGS: { provider: string; externalId: string; item?: string; bundle?: string }[] = [
  { provider: 'Evergreen Med Spa', externalId: 'mb-1001', item: 'HydraFacial' },
  { provider: 'Evergreen Med Spa', externalId: 'mb-1002', item: 'Chemical Peel' },
  { provider: 'Evergreen Med Spa', externalId: 'mb-2002', item: 'Dysport' },
  { provider: 'Evergreen Med Spa', externalId: 'mb-2004', item: 'Juvederm' },
  { provider: 'Evergreen Med Spa', externalId: 'mb-5001', bundle: 'Glow Up Facial Bundle' },
  { provider: 'Magnolia Skin Institute', externalId: 'mb-1003', item: 'Dermaplaning' },
  { provider: 'Magnolia Skin Institute', externalId: 'mb-1004', item: 'Microneedling' },
  { provider: 'Magnolia Skin Institute', externalId: 'mb-2002', item: 'Dysport' },
  { provider: 'Pearl District Wellness', externalId: 'bk-501', item: 'HydraFacial' },
  { provider: 'Pearl District Wellness', externalId: 'bk-502', item: 'Chemical Peel' },
  { provider: 'Pearl District Wellness', externalId: 'bk-503', item: 'Dermaplaning' },
  { provider: 'Pearl District Wellness', externalId: 'bk-533', item: 'Lymphatic Drainage Massage' },
  { provider: 'Pearl District Wellness', externalId: 'bk-541', bundle: 'Glow Up Facial Bundle' },
  { provider: 'French Quarter Laser', externalId: 'bk-512', item: 'Dysport' },
  { provider: 'French Quarter Laser', externalId: 'bk-514', item: 'Juvederm' },
  { provider: 'French Quarter Laser', externalId: 'bk-521', item: 'Underarms' },
  { provider: 'French Quarter Laser', externalId: 'bk-522', item: 'Full Legs' },
  { provider: 'French Quarter Laser', externalId: 'bk-523', item: 'Brazilian' },
  { provider: 'French Quarter Laser', externalId: 'bk-515', item: 'Restylane' },
];

type Hours = [from: number, to: number] | null;
/** Monday to Sunday; null: closed that day. */
type WeekHours = [Hours, Hours, Hours, Hours, Hours, Hours, Hours];

// prettier-ignore
export const AVAILABILITIES: { provider: string; category: string; week: WeekHours }[] = [
  { provider: 'Saguaro Skin Clinic', category: 'Laser (Hair Removal)', week: [[8, 16], [8, 16], [8, 16], [8, 16], [8, 14], null, null] },
  { provider: 'Saguaro Skin Clinic', category: 'Facials', week: [[10, 18], [10, 18], [10, 18], [10, 18], [10, 18], [9, 13], null] },
  { provider: 'Aloha Facial Spa', category: 'Facials', week: [[9, 19], [9, 19], [9, 19], [9, 19], [9, 19], [9, 17], [10, 15]] },
  { provider: 'Aloha Facial Spa', category: 'Body Contour', week: [null, [11, 18], null, [11, 18], null, [10, 16], null] },
];
