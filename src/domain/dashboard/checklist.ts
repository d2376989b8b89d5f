/**
 * The dashboard checklist (02 §4 Checklist completion): availability, connect to the payment provider,
 * verified MINDBODY/BOOKER (always shown complete) and the cover photo. Complete only when all are done.
 */

/** The 14 opening-hours fields the availability item needs (day1 is Monday … day7 is Sunday). */
export const OPENING_HOURS_FIELDS = [1, 2, 3, 4, 5, 6, 7].flatMap(
  (day) => [`day${day}open`, `day${day}close`] as const,
);

export type OpeningHoursTexts = Readonly<Record<string, unknown>>;

/** Done when all 14 open and close fields are set (a non-blank text). */
export function isAvailabilityDone(location: OpeningHoursTexts | null): boolean {
  if (!location) return false;
  return OPENING_HOURS_FIELDS.every((field) => {
    const value = location[field];
    return typeof value === 'string' && value.trim() !== '';
  });
}

/** What the checklist reads of a settlement account (02 §3). */
export interface SettlementStatus {
  charges_enabled: boolean;
  payouts_enabled: boolean;
  requirements: { currently_due: readonly string[] };
}

/**
 * Requirements that may stay outstanding while the account still counts as connected: business url,
 * company name, company tax id, and terms acceptance date and ip.
 */
export const TOLERATED_REQUIREMENTS: ReadonlySet<string> = new Set([
  'business_profile.url',
  'company.name',
  'company.tax_id',
  'tos_acceptance.date',
  'tos_acceptance.ip',
]);

/** Done when charges and payouts are enabled, or when only the tolerated requirements are outstanding. */
export function isPaymentsDone(account: SettlementStatus | null): boolean {
  if (!account) return false;
  if (account.charges_enabled && account.payouts_enabled) return true;
  const due = account.requirements.currently_due;
  return due.length > 0 && due.every((requirement) => TOLERATED_REQUIREMENTS.has(requirement));
}

/** Payouts are set up once the payment item is done; until then the dashboard shows the payouts banner. */
export const arePayoutsSetUp = isPaymentsDone;

export function isCoverDone(coverImageURL: string | null | undefined): boolean {
  return typeof coverImageURL === 'string' && coverImageURL.trim() !== '';
}

export type ChecklistItemId = 'availability' | 'payments' | 'verified' | 'cover';

export interface ChecklistItem {
  id: ChecklistItemId;
  label: string;
  done: boolean;
  /** Where the Required link goes (the screen that completes the item). */
  href: string;
}

export interface Checklist {
  items: ChecklistItem[];
  doneCount: number;
  /** 0 to 100, whole. */
  percent: number;
  complete: boolean;
}

export interface ChecklistInput {
  location: OpeningHoursTexts | null;
  settlementAccount: SettlementStatus | null;
  coverImageURL: string | null;
}

export const CHECKLIST_LINKS = {
  availability: '/provider/profile',
  payments: '/provider/onboarding/stripe',
  verified: '/provider/profile',
  cover: '/provider/profile',
} as const satisfies Record<ChecklistItemId, string>;

export function checklistOf(input: ChecklistInput): Checklist {
  const items: ChecklistItem[] = [
    {
      id: 'availability',
      label: 'Availability',
      done: isAvailabilityDone(input.location),
      href: CHECKLIST_LINKS.availability,
    },
    {
      id: 'payments',
      label: 'Connect to payment provider',
      done: isPaymentsDone(input.settlementAccount),
      href: CHECKLIST_LINKS.payments,
    },
    // Verified MINDBODY/BOOKER is always shown complete (02 §2).
    { id: 'verified', label: 'Verified MINDBODY/BOOKER', done: true, href: CHECKLIST_LINKS.verified },
    {
      id: 'cover',
      label: 'Cover photo',
      done: isCoverDone(input.coverImageURL),
      href: CHECKLIST_LINKS.cover,
    },
  ];
  const doneCount = items.filter((item) => item.done).length;
  return {
    items,
    doneCount,
    percent: Math.round((doneCount / items.length) * 100),
    complete: doneCount === items.length,
  };
}
