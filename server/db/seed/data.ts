/**
 * The demo data, as plain values. Names are the natural keys the seed uses to find rows it already made,
 * so they must stay unique within their kind. Prices are integer cents.
 */
import type { ClaimRole } from '../../../src/domain/auth/roles';
import type { APPOINTMENT_STATUSES } from '../schema';

interface ItemSeed {
  name: string;
  subCategory?: string;
  priceInCents: number;
  timeInMins: number;
  isPricePerUnit?: boolean;
  unitsDescriptor?: string;
  descriptionTitle?: string;
  description?: string;
  isFinancingEnabled?: boolean;
  redemptionPoints?: number;
}

interface CategorySeed {
  name: string;
  /** False leaves display_order null, as for a category nobody has ordered yet. */
  ordered: boolean;
  items: ItemSeed[];
}

// prettier-ignore
export const CATEGORIES: CategorySeed[] = [
  {
    name: 'Injectables',
    ordered: true,
    items: [
      { name: 'Botox', subCategory: 'Botox', priceInCents: 1_400, timeInMins: 30, isPricePerUnit: true, unitsDescriptor: 'units', redemptionPoints: 14, descriptionTitle: 'Smooth fine lines', description: 'Botulinum toxin for forehead lines, frown lines and crow’s feet.' },
      { name: 'Dysport', subCategory: 'Botox', priceInCents: 550, timeInMins: 30, isPricePerUnit: true, unitsDescriptor: 'units', redemptionPoints: 5, descriptionTitle: 'Soften expression lines', description: 'A fast-spreading neuromodulator, dosed in units.' },
      { name: 'Xeomin', subCategory: 'Botox', priceInCents: 1_300, timeInMins: 30, isPricePerUnit: true, unitsDescriptor: 'units', redemptionPoints: 13 },
      { name: 'Juvederm', subCategory: 'Fillers', priceInCents: 75_000, timeInMins: 45, isPricePerUnit: true, unitsDescriptor: 'syringes', isFinancingEnabled: true, descriptionTitle: 'Restore volume', description: 'Hyaluronic acid filler for lips and cheeks.' },
      { name: 'Restylane', subCategory: 'Filler', priceInCents: 70_000, timeInMins: 45, isPricePerUnit: true, unitsDescriptor: 'syringes', isFinancingEnabled: true },
    ],
  },
  {
    name: 'Facials',
    ordered: true,
    items: [
      { name: 'HydraFacial', priceInCents: 19_900, timeInMins: 60, redemptionPoints: 20, descriptionTitle: 'Deep clean and hydrate', description: 'Cleansing, exfoliation, extraction and hydration in one treatment.' },
      { name: 'Chemical Peel', priceInCents: 15_000, timeInMins: 45, redemptionPoints: 15 },
      { name: 'Dermaplaning', priceInCents: 9_900, timeInMins: 30, redemptionPoints: 10 },
      { name: 'Microneedling', priceInCents: 30_000, timeInMins: 60, isFinancingEnabled: true, redemptionPoints: 30 },
    ],
  },
  {
    name: 'Laser (Hair Removal)',
    ordered: false,
    items: [
      { name: 'Underarms', priceInCents: 9_900, timeInMins: 15 },
      { name: 'Full Legs', priceInCents: 35_000, timeInMins: 60, isFinancingEnabled: true },
      { name: 'Brazilian', priceInCents: 19_900, timeInMins: 30 },
      { name: 'Upper Lip', priceInCents: 5_000, timeInMins: 10 },
    ],
  },
  {
    name: 'Body Contour',
    ordered: true,
    items: [
      { name: 'CoolSculpting', priceInCents: 75_000, timeInMins: 60, isFinancingEnabled: true },
      { name: 'Emsculpt', priceInCents: 85_000, timeInMins: 30, isFinancingEnabled: true },
      { name: 'Lymphatic Drainage Massage', priceInCents: 14_000, timeInMins: 60 },
    ],
  },
];

// prettier-ignore
export const BUNDLES = [
  { name: 'Glow Up Facial Bundle', category: 'Facials', items: ['HydraFacial', 'Dermaplaning'] },
  { name: 'Smooth Skin Bundle', category: 'Laser (Hair Removal)', items: ['Underarms', 'Full Legs', 'Brazilian'] },
  { name: 'Refresh Injectables Bundle', category: 'Injectables', items: ['Botox', 'Juvederm'] },
];

export { AVAILABILITIES, COMMISSIONS, MAPPINGS, PROVIDERS, SPECIAL_DATES } from './provider-data';

/** The accounts anyone can sign in with locally (README). Password = the email's local part, prefixed. */
// prettier-ignore
export const DEMO_IDENTITIES: { email: string; password: string; role: ClaimRole; displayName: string; providers: string[] }[] = [
  { email: 'admin@upkeep.test', password: 'upkeep-admin', role: 'admin', displayName: 'Ada Admin', providers: [] },
  { email: 'provider@upkeep.test', password: 'upkeep-provider', role: 'provider', displayName: 'Paula Provider', providers: ['Glow Studio'] },
  { email: 'multi@upkeep.test', password: 'upkeep-multi', role: 'provider', displayName: 'Morgan Multi', providers: ['Serenity Med Spa', 'Luxe Aesthetics'] },
  { email: 'customer@upkeep.test', password: 'upkeep-customer', role: 'user', displayName: 'Casey Customer', providers: [] },
];

/** Customers known only to the database; their uids are placeholders, not sign-in accounts. */
// prettier-ignore
export const CUSTOMERS = [
  { email: 'jordan.lee@example.com', displayName: 'Jordan Lee', phone: '+13105550101', birthdate: '1990-04-12', inviteCode: 'JORDAN10', availablePoints: 120 },
  { email: 'priya.patel@example.com', displayName: 'Priya Patel', phone: '+13125550102', birthdate: '1987-09-30', availablePoints: 40 },
  { email: 'marcus.johnson@example.com', displayName: 'Marcus Johnson', phone: '+12125550103', birthdate: '1993-01-05', availablePoints: 0 },
  { email: 'sofia.garcia@example.com', displayName: 'Sofia Garcia', phone: '+15125550104', birthdate: '1985-06-21', inviteCode: 'SOFIA15', availablePoints: 300 },
  { email: 'emily.chen@example.com', displayName: 'Emily Chen', phone: '+16195550105', birthdate: '1998-11-17', availablePoints: 15 },
];

// prettier-ignore
export const CREDITS = [
  { title: 'Welcome Credit', description: 'For new members on their first booking.', totalInCents: 2_500 },
  { title: 'Referral Bonus', description: 'Thanks for bringing a friend.', totalInCents: 5_000 },
  { title: 'Service Recovery', description: 'Issued by support after a problem with a visit.', totalInCents: 10_000 },
];

// prettier-ignore
export const USER_CREDITS = [
  { email: 'jordan.lee@example.com', credit: 'Welcome Credit', spentInCents: 1_000 },
  { email: 'customer@upkeep.test', credit: 'Referral Bonus', spentInCents: 0 },
  { email: 'sofia.garcia@example.com', credit: 'Service Recovery', spentInCents: 10_000 },
];

// prettier-ignore
export const PROMO_CODES = [
  { code: 'WELCOME20', amountInCents: 2_000, quantityAbsolute: 500, quantityPerUser: 1, allowedServices: [] as string[] },
  { code: 'GLOW50', amountInCents: 5_000, quantityAbsolute: 100, quantityPerUser: 1, allowedServices: ['HydraFacial', 'Chemical Peel'] },
  { code: 'BOTOX25', amountInCents: 2_500, quantityAbsolute: 200, quantityPerUser: 2, allowedServices: ['Botox', 'Dysport'] },
];

/**
 * "Default" charges the menu prices (Botox items with a minimum of units); "Los Angeles Metro" charges more
 * for a few items and leaves the rest at the menu price, inside a polygon around central Los Angeles.
 */
export const PRICE_TIERS = [
  {
    name: 'Default',
    description: 'Menu prices everywhere not covered by another tier.',
    prices: 'menu' as const,
    polygons: [],
  },
  {
    name: 'Los Angeles Metro',
    description: 'Higher prices in central Los Angeles.',
    prices: [
      { item: 'Botox', priceInCents: 1_600, isPricePerUnit: true, minUnits: 20 },
      { item: 'HydraFacial', priceInCents: 22_900, isPricePerUnit: false },
      { item: 'Underarms', priceInCents: 11_900, isPricePerUnit: false },
    ],
    polygons: [
      {
        name: 'Central LA',
        points: [
          [-118.53, 34.1],
          [-118.2, 34.1],
          [-118.2, 33.95],
          [-118.53, 33.95],
          [-118.53, 34.1],
        ] as [number, number][],
      },
    ],
  },
];

/** Minimum units per Botox-type item in the Default tier. */
export const DEFAULT_MIN_UNITS: Record<string, number> = { Botox: 20, Dysport: 50, Xeomin: 20 };

// prettier-ignore
export const LEADS = [
  { email: 'waitlist.alex@example.com', name: 'Alex Rivera', daysAgo: 2 },
  { email: 'waitlist.sam@example.com', name: 'Sam Taylor', daysAgo: 6 },
  { email: 'waitlist.noor@example.com', name: 'Noor Hassan', daysAgo: 13 },
  { email: 'waitlist.kim@example.com', name: null, daysAgo: 25 },
];

type Status = (typeof APPOINTMENT_STATUSES)[number];

/**
 * When, relative to `now`: `days` ahead (negative = past) at `hour` in the provider's zone, or `inHours`
 * from now (for the "starts in under 24 hours" rules).
 */
type When = { days: number; hour: number } | { inHours: number };

// prettier-ignore
export const APPOINTMENTS: ({ groupId: string; email: string; provider: string; item?: string; bundle?: string; status: Status } & When)[] = [
  { groupId: 'seed-appt-01', email: 'customer@upkeep.test', provider: 'Glow Studio', item: 'HydraFacial', status: 'COMPLETED', days: -20, hour: 10 },
  { groupId: 'seed-appt-02', email: 'jordan.lee@example.com', provider: 'Glow Studio', item: 'Botox', status: 'COMPLETED', days: -9, hour: 14 },
  { groupId: 'seed-appt-03', email: 'priya.patel@example.com', provider: 'Glow Studio', item: 'Chemical Peel', status: 'LATE_CANCELLED', days: -3, hour: 11 },
  { groupId: 'seed-appt-04', email: 'emily.chen@example.com', provider: 'Glow Studio', bundle: 'Glow Up Facial Bundle', status: 'FILMING', days: -1, hour: 16 },
  { groupId: 'seed-appt-05', email: 'customer@upkeep.test', provider: 'Glow Studio', item: 'Dermaplaning', status: 'ACTIVE', days: 1, hour: 9 },
  { groupId: 'seed-appt-06', email: 'marcus.johnson@example.com', provider: 'Glow Studio', item: 'Underarms', status: 'CANCELLED', days: 4, hour: 13 },
  { groupId: 'seed-appt-07', email: 'sofia.garcia@example.com', provider: 'Glow Studio', item: 'Juvederm', status: 'ACTIVE', days: 7, hour: 15 },
  { groupId: 'seed-appt-08', email: 'jordan.lee@example.com', provider: 'Glow Studio', bundle: 'Smooth Skin Bundle', status: 'ACTIVE', days: 28, hour: 10 },
  { groupId: 'seed-appt-09', email: 'priya.patel@example.com', provider: 'Serenity Med Spa', item: 'Microneedling', status: 'COMPLETED', days: -14, hour: 12 },
  { groupId: 'seed-appt-10', email: 'customer@upkeep.test', provider: 'Serenity Med Spa', item: 'Dysport', status: 'ACTIVE', days: 3, hour: 17 },
  { groupId: 'seed-appt-11', email: 'marcus.johnson@example.com', provider: 'Luxe Aesthetics', item: 'CoolSculpting', status: 'COMPLETED', days: -5, hour: 10 },
  { groupId: 'seed-appt-12', email: 'emily.chen@example.com', provider: 'Luxe Aesthetics', item: 'Emsculpt', status: 'ACTIVE', days: 14, hour: 11 },
  { groupId: 'seed-appt-13', email: 'sofia.garcia@example.com', provider: 'Luxe Aesthetics', item: 'Restylane', status: 'CANCELLED', days: 10, hour: 14 },
  { groupId: 'seed-appt-14', email: 'jordan.lee@example.com', provider: 'Radiance Skin Bar', item: 'Dermaplaning', status: 'ACTIVE', days: 2, hour: 12 },
  { groupId: 'seed-appt-15', email: 'customer@upkeep.test', provider: 'Glow Studio', item: 'Upper Lip', status: 'ACTIVE', inHours: 5 },
];
