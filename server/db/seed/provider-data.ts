/** Demo providers (several per strategy, some without a location), their special dates and commissions. */
import type { PROVIDER_STRATEGIES } from '../schema';

type Strategy = (typeof PROVIDER_STRATEGIES)[number];

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

// prettier-ignore
export const PROVIDERS: ProviderSeed[] = [
  {
    name: 'Glow Studio',
    strategy: 'MANUAL',
    description: 'A bright, friendly studio for facials, injectables and laser treatments.',
    phoneNumber: '+13105550142',
    availableAfterDays: 1,
    location: { streetAddress: '1234 Montana Ave', city: 'Santa Monica', state: 'CA', zip: '90403', lat: 34.0336, lng: -118.4979, timezone: 'America/Los_Angeles', taxRate: 0.1025 },
  },
  {
    name: 'Serenity Med Spa',
    strategy: 'MINDBODY',
    externalId: '-99',
    description: 'Medical spa on the Magnificent Mile.',
    phoneNumber: '+13125550187',
    availableAfterDays: 0,
    credentials: { username: 'serenity-demo', password: 'demo-password', siteId: '-99' },
    location: { streetAddress: '455 N Michigan Ave', city: 'Chicago', state: 'IL', zip: '60611', lat: 41.8902, lng: -87.624, timezone: 'America/Chicago', externalLocationId: '1', taxRate: 0.1025 },
  },
  {
    name: 'Luxe Aesthetics',
    strategy: 'BOULEVARD',
    externalId: '3f7c2a9e-5b1d-4c8e-9a6f-2d4b8e1c7a05',
    description: 'Injectables and body contouring near Union Square.',
    phoneNumber: '+12125550163',
    availableAfterDays: 2,
    credentials: { businessId: '3f7c2a9e-5b1d-4c8e-9a6f-2d4b8e1c7a05' },
    location: { streetAddress: '200 Park Ave S', city: 'New York', state: 'NY', zip: '10003', lat: 40.737, lng: -73.9897, timezone: 'America/New_York', externalLocationId: 'urn:blvd:Location:8a1e', taxRate: 0.08875 },
  },
  {
    name: 'Radiance Skin Bar',
    strategy: 'SQUARE',
    externalId: 'MLQW8Z3V1X2Y4',
    description: 'Walk-in friendly skin bar on South Congress.',
    phoneNumber: '+15125550119',
    availableAfterDays: 0,
    credentials: { accessToken: 'sandbox-access-token', tokenType: 'bearer', refreshToken: 'sandbox-refresh-token', merchantId: 'MLQW8Z3V1X2Y4' },
    location: { streetAddress: '1100 S Congress Ave', city: 'Austin', state: 'TX', zip: '78704', lat: 30.2515, lng: -97.7494, timezone: 'America/Chicago', externalLocationId: 'L8Z3V1X2Y4QW', taxRate: 0.0825 },
  },
  {
    name: 'Harbor Wellness',
    strategy: 'BOOKER',
    externalId: '48211',
    description: 'Wellness and laser clinic in the Gaslamp Quarter.',
    phoneNumber: '+16195550174',
    availableAfterDays: 7,
    location: { streetAddress: '750 B St', city: 'San Diego', state: 'CA', zip: '92101', lat: 32.7173, lng: -117.1593, timezone: 'America/Los_Angeles', externalLocationId: '48211-1', taxRate: 0.0775 },
  },
  // More of every strategy, across states and time zones; a few have not finished onboarding (no location).
  {
    name: 'Bloom Beauty Lounge',
    strategy: 'MANUAL',
    description: 'Brows, lashes and facials in RiNo.',
    phoneNumber: '+13035550131',
    availableAfterDays: 1,
    location: { streetAddress: '2901 Larimer St', city: 'Denver', state: 'CO', zip: '80205', lat: 39.7617, lng: -104.9817, timezone: 'America/Denver', taxRate: 0.0881 },
  },
  {
    name: 'Saguaro Skin Clinic',
    strategy: 'MANUAL',
    description: 'Sun-damage repair and laser care in downtown Phoenix.',
    phoneNumber: '+16025550148',
    availableAfterDays: 2,
    location: { streetAddress: '1 E Washington St', city: 'Phoenix', state: 'AZ', zip: '85004', lat: 33.4484, lng: -112.074, timezone: 'America/Phoenix', taxRate: 0.086 },
  },
  {
    name: 'Aloha Facial Spa',
    strategy: 'MANUAL',
    description: 'Island-botanical facials near Ala Moana.',
    phoneNumber: '+18085550126',
    availableAfterDays: 0,
    location: { streetAddress: '1450 Ala Moana Blvd', city: 'Honolulu', state: 'HI', zip: '96814', lat: 21.2911, lng: -157.8437, timezone: 'Pacific/Honolulu', taxRate: 0.045 },
  },
  {
    name: 'Pearl Day Spa',
    strategy: 'MANUAL',
    description: 'A day spa that has not set up its location yet.',
    phoneNumber: '+15035550190',
    availableAfterDays: 0,
  },
  {
    name: 'Evergreen Med Spa',
    strategy: 'MINDBODY',
    externalId: '-101',
    description: 'Medical aesthetics by Pike Place.',
    phoneNumber: '+12065550153',
    availableAfterDays: 1,
    credentials: { username: 'evergreen-demo', password: 'demo-password', siteId: '-101' },
    location: { streetAddress: '1501 Pike Pl', city: 'Seattle', state: 'WA', zip: '98101', lat: 47.6097, lng: -122.3422, timezone: 'America/Los_Angeles', externalLocationId: '1', taxRate: 0.1035 },
  },
  {
    name: 'Magnolia Skin Institute',
    strategy: 'MINDBODY',
    externalId: '-102',
    description: 'Dermatologist-led skin care in Midtown Atlanta.',
    phoneNumber: '+14045550162',
    availableAfterDays: 2,
    credentials: { username: 'magnolia-demo', password: 'demo-password', siteId: '-102' },
    location: { streetAddress: '1100 Peachtree St NE', city: 'Atlanta', state: 'GA', zip: '30309', lat: 33.7849, lng: -84.3833, timezone: 'America/New_York', externalLocationId: '2', taxRate: 0.089 },
  },
  {
    name: 'Cedar Wellness Co',
    strategy: 'MINDBODY',
    externalId: '-103',
    description: 'Connected its scheduling system; location still to choose.',
    phoneNumber: '+19075550117',
    availableAfterDays: 0,
    credentials: { username: 'cedar-demo', password: 'demo-password', siteId: '-103' },
  },
  {
    name: 'Brickell Aesthetics',
    strategy: 'BOULEVARD',
    externalId: '7b2e4c1d-9f3a-4e5b-8c6d-1a2b3c4d5e6f',
    description: 'Injectables and skin boosters in Brickell.',
    phoneNumber: '+13055550144',
    availableAfterDays: 1,
    credentials: { businessId: '7b2e4c1d-9f3a-4e5b-8c6d-1a2b3c4d5e6f' },
    location: { streetAddress: '801 Brickell Ave', city: 'Miami', state: 'FL', zip: '33131', lat: 25.7663, lng: -80.1918, timezone: 'America/New_York', externalLocationId: 'urn:blvd:Location:9c2f', taxRate: 0.07 },
  },
  {
    name: 'Beacon Hill Skin',
    strategy: 'BOULEVARD',
    externalId: '0d9c8b7a-6e5f-4d3c-2b1a-0f9e8d7c6b5a',
    description: 'Facials and peels on Charles Street.',
    phoneNumber: '+16175550158',
    availableAfterDays: 0,
    credentials: { businessId: '0d9c8b7a-6e5f-4d3c-2b1a-0f9e8d7c6b5a' },
    location: { streetAddress: '120 Charles St', city: 'Boston', state: 'MA', zip: '02114', lat: 42.3588, lng: -71.0707, timezone: 'America/New_York', externalLocationId: 'urn:blvd:Location:4d7a', taxRate: 0.0625 },
  },
  {
    name: 'Music Row Beauty Bar',
    strategy: 'SQUARE',
    externalId: 'MLNASH7Q2W3E4',
    description: 'Blowouts, brows and glow facials off Music Row.',
    phoneNumber: '+16155550121',
    availableAfterDays: 0,
    credentials: { accessToken: 'sandbox-access-token-2', tokenType: 'bearer', refreshToken: 'sandbox-refresh-token-2', merchantId: 'MLNASH7Q2W3E4' },
    location: { streetAddress: '1610 Division St', city: 'Nashville', state: 'TN', zip: '37203', lat: 36.1512, lng: -86.7923, timezone: 'America/Chicago', externalLocationId: 'LNASH7Q2W3E4', taxRate: 0.0925 },
  },
  {
    name: 'Alpine Laser Studio',
    strategy: 'SQUARE',
    externalId: 'MLSLC5T6Y7U8I',
    description: 'Laser hair removal downtown.',
    phoneNumber: '+18015550136',
    availableAfterDays: 7,
    credentials: { accessToken: 'sandbox-access-token-3', tokenType: 'bearer', refreshToken: 'sandbox-refresh-token-3', merchantId: 'MLSLC5T6Y7U8I' },
    location: { streetAddress: '50 S Main St', city: 'Salt Lake City', state: 'UT', zip: '84101', lat: 40.7683, lng: -111.8911, timezone: 'America/Denver', externalLocationId: 'LSLC5T6Y7U8I', taxRate: 0.0775 },
  },
  {
    name: 'Juniper Skin Co',
    strategy: 'SQUARE',
    externalId: 'MLJUN9O0P1A2S',
    description: 'Connected to Square; location still to choose.',
    phoneNumber: '+15055550109',
    availableAfterDays: 1,
    credentials: { accessToken: 'sandbox-access-token-4', tokenType: 'bearer', refreshToken: 'sandbox-refresh-token-4', merchantId: 'MLJUN9O0P1A2S' },
  },
  {
    name: 'Pearl District Wellness',
    strategy: 'BOOKER',
    externalId: '48377',
    description: 'Massage, facials and body contouring in the Pearl District.',
    phoneNumber: '+15035550172',
    availableAfterDays: 1,
    location: { streetAddress: '1209 NW Lovejoy St', city: 'Portland', state: 'OR', zip: '97209', lat: 45.5299, lng: -122.6848, timezone: 'America/Los_Angeles', externalLocationId: '48377-1', taxRate: 0 },
  },
  {
    name: 'French Quarter Laser',
    strategy: 'BOOKER',
    externalId: '48412',
    description: 'Laser and injectables on Royal Street.',
    phoneNumber: '+15045550185',
    availableAfterDays: 2,
    location: { streetAddress: '701 Royal St', city: 'New Orleans', state: 'LA', zip: '70116', lat: 29.9584, lng: -90.0649, timezone: 'America/Chicago', externalLocationId: '48412-1', taxRate: 0.0945 },
  },
];

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
