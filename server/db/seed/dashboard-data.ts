/**
 * Dashboard demo data (02 §2, §3): a spread of appointments for every provider with a location, settlement
 * and accounts of every status. Times are relative to the seed's `now`, in the provider's zone.
 */
import type { APPOINTMENT_STATUSES } from '../schema';

type Status = (typeof APPOINTMENT_STATUSES)[number];

/**
 * One booking: `days` from now at `hour`:`minute` local time; `items` are indexes into the provider's
 * rotation of service items (several = a group booked together, one after another); or a bundle.
 */
export interface BookingPattern {
  days: number;
  hour: number;
  minute: number;
  status: Status;
  items?: number[];
  bundle?: number;
}

// prettier-ignore
export const BOOKING_PATTERNS: BookingPattern[] = [
  { days: -27, hour: 10, minute: 0, status: 'COMPLETED', items: [0] },
  { days: -18, hour: 15, minute: 0, status: 'COMPLETED', items: [1, 2] },
  // Starts late in the evening and ends after local midnight.
  { days: -11, hour: 23, minute: 30, status: 'COMPLETED', items: [3] },
  { days: -6, hour: 12, minute: 15, status: 'LATE_CANCELLED', items: [4] },
  { days: -2, hour: 9, minute: 0, status: 'FILMING', bundle: 0 },
  { days: 2, hour: 11, minute: 0, status: 'ACTIVE', items: [0, 2, 4] },
  { days: 5, hour: 14, minute: 30, status: 'CANCELLED', items: [1] },
  { days: 9, hour: 16, minute: 0, status: 'ACTIVE', bundle: 1 },
  { days: 16, hour: 10, minute: 45, status: 'ACTIVE', items: [3] },
  { days: 24, hour: 23, minute: 15, status: 'ACTIVE', items: [2] },
  // Older than the activity window: lifetime payouts count them, the past 30 days do not.
  { days: -80, hour: 11, minute: 0, status: 'COMPLETED', items: [5] },
  { days: -45, hour: 13, minute: 30, status: 'COMPLETED', bundle: 2 },
];

/** Items each provider's bookings rotate through (offset by the provider's position). */
export const ROTATION_ITEMS = [
  'HydraFacial',
  'Botox',
  'Dermaplaning',
  'Microneedling',
  'Chemical Peel',
  'Emsculpt',
  'Juvederm',
  'Underarms',
];
export const ROTATION_BUNDLES = ['Glow Up Facial Bundle', 'Smooth Skin Bundle', 'Refresh Injectables Bundle'];

/** Customers the dashboard bookings go to (not the demo customer, whose history other screens show). */
export const BOOKING_CUSTOMERS = [
  'jordan.lee@example.com',
  'priya.patel@example.com',
  'marcus.johnson@example.com',
  'sofia.garcia@example.com',
  'emily.chen@example.com',
];

/** Settlement accounts by provider. Their payouts derive from the provider's completed appointments. */
// prettier-ignore
export const SETTLEMENT_ACCOUNTS: {
  provider: string;
  id: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  currentlyDue: string[];
}[] = [
  { provider: 'Serenity Med Spa', id: 'acct_demo_serenity', chargesEnabled: true, payoutsEnabled: true, currentlyDue: [] },
  { provider: 'Luxe Aesthetics', id: 'acct_demo_luxe', chargesEnabled: false, payoutsEnabled: false, currentlyDue: ['company.tax_id', 'tos_acceptance.date', 'tos_acceptance.ip'] },
  { provider: 'Radiance Skin Bar', id: 'acct_demo_radiance', chargesEnabled: true, payoutsEnabled: true, currentlyDue: [] },
  { provider: 'Bloom Beauty Lounge', id: 'acct_demo_bloom', chargesEnabled: false, payoutsEnabled: false, currentlyDue: ['external_account', 'individual.dob.day'] },
  { provider: 'Evergreen Med Spa', id: 'acct_demo_evergreen', chargesEnabled: true, payoutsEnabled: true, currentlyDue: [] },
  { provider: 'Pearl District Wellness', id: 'acct_demo_pearl', chargesEnabled: true, payoutsEnabled: true, currentlyDue: [] },
  { provider: 'Aloha Facial Spa', id: 'acct_demo_aloha', chargesEnabled: true, payoutsEnabled: true, currentlyDue: [] },
];
