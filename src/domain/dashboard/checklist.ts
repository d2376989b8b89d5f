/**
 * The dashboard checklist (02 §4 Checklist completion): availability, connect to the payment provider,
 * verified MINDBODY/BOOKER (always shown complete) and the cover photo. Complete only when all are done.
 * The verified item names the provider's own scheduling system ("Verified Booker connection"); a MANUAL
 * provider has none to verify, so its checklist leaves the item out rather than show one that is not true.
 */
import type { OnboardingStrategy } from '../onboarding/strategy-names';
import { STRATEGY_LABELS } from '../providers/provider-list';

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

/** Where an item is completed: a page, and the section of it (an element id) when it has one. */
export interface ChecklistLink {
  to: '/provider/profile' | '/provider/onboarding/stripe';
  hash?: 'hours' | 'cover';
}

export interface ChecklistItem {
  id: ChecklistItemId;
  label: string;
  done: boolean;
  /** What is still missing, as a sentence saying what to do; null when the item is done. */
  missing: string | null;
  /** Where the Required link goes: the page and section that complete the item. */
  link: ChecklistLink;
}

export interface Checklist {
  items: ChecklistItem[];
  doneCount: number;
  /** 0 to 100, whole. */
  percent: number;
  complete: boolean;
}

export interface ChecklistInput {
  /** The provider's scheduling system: it names the verified item, which MANUAL does not have. */
  strategy: OnboardingStrategy;
  location: OpeningHoursTexts | null;
  settlementAccount: SettlementStatus | null;
  coverImageURL: string | null;
}

export const CHECKLIST_LINKS = {
  availability: { to: '/provider/profile', hash: 'hours' },
  payments: { to: '/provider/onboarding/stripe' },
  verified: { to: '/provider/profile' },
  cover: { to: '/provider/profile', hash: 'cover' },
} as const satisfies Record<ChecklistItemId, ChecklistLink>;

/** Why a provider closed on some day still sees availability as not done (02 §4 counts all 14 fields). */
export const AVAILABILITY_RULE =
  'Availability is done when every day of the week, Monday to Sunday, has an opening and a closing time.';

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** 'Sunday', 'Saturday and Sunday', 'Monday, Tuesday and Sunday'. */
export function listOfNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

const isSet = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/**
 * What the availability item still needs, naming the days: "Set opening and closing times for Sunday", or
 * "Set a closing time for Friday" when only one of a day's times is missing; null when all 14 are set.
 */
export function missingAvailability(location: OpeningHoursTexts | null): string | null {
  if (!location) return 'Add a location, then set opening and closing times for every day';
  const both: string[] = [];
  const openOnly: string[] = [];
  const closeOnly: string[] = [];
  DAY_NAMES.forEach((name, index) => {
    const open = isSet(location[`day${index + 1}open`]);
    const close = isSet(location[`day${index + 1}close`]);
    if (!open && !close) both.push(name);
    else if (!open) openOnly.push(name);
    else if (!close) closeOnly.push(name);
  });
  const parts = [
    both.length === DAY_NAMES.length
      ? 'opening and closing times for every day'
      : both.length > 0
        ? `opening and closing times for ${listOfNames(both)}`
        : null,
    openOnly.length > 0 ? `an opening time for ${listOfNames(openOnly)}` : null,
    closeOnly.length > 0 ? `a closing time for ${listOfNames(closeOnly)}` : null,
  ].filter((part): part is string => part !== null);
  return parts.length === 0 ? null : `Set ${listOfNames(parts)}`;
}

/** What the payment item still needs: an account, its bank account, or the rest of its details. */
export function missingPayments(account: SettlementStatus | null): string | null {
  if (isPaymentsDone(account)) return null;
  if (!account) return 'Connect a Stripe account to get paid';
  if (account.requirements.currently_due.includes('external_account'))
    return 'Connect a bank account to your Stripe account';
  return 'Finish your Stripe account details';
}

/** The verified item's label for a connected scheduling system, by its name from the label catalogue. */
export function verifiedLabel(strategy: Exclude<OnboardingStrategy, 'MANUAL'>): string {
  return `Verified ${STRATEGY_LABELS[strategy]} connection`;
}

export function missingCover(coverImageURL: string | null | undefined): string | null {
  return isCoverDone(coverImageURL) ? null : 'Upload a cover photo';
}

export function checklistOf(input: ChecklistInput): Checklist {
  const item = (id: ChecklistItemId, label: string, missing: string | null): ChecklistItem => ({
    id,
    label,
    done: missing === null,
    missing,
    link: CHECKLIST_LINKS[id],
  });
  const items: ChecklistItem[] = [
    item('availability', 'Availability', missingAvailability(input.location)),
    item('payments', 'Connect to payment provider', missingPayments(input.settlementAccount)),
    // Verified MINDBODY/BOOKER is always shown complete (02 §2), for a provider with a system to verify.
    ...(input.strategy === 'MANUAL' ? [] : [item('verified', verifiedLabel(input.strategy), null)]),
    item('cover', 'Cover photo', missingCover(input.coverImageURL)),
  ];
  const doneCount = items.filter((each) => each.done).length;
  return {
    items,
    doneCount,
    percent: Math.round((doneCount / items.length) * 100),
    complete: doneCount === items.length,
  };
}
