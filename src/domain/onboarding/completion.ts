/**
 * The wizard's completion screen (spec 02 §2 Step 3): what the onboarding set up (the business, its
 * location, its services) and what is left before the dashboard's checklist is complete (02 §4), each with
 * where it is done.
 */
import {
  checklistOf,
  type ChecklistItemId,
  type ChecklistLink,
  type OpeningHoursTexts,
  type SettlementStatus,
} from '../dashboard/checklist';
import type { OnboardingStrategy } from './strategy-names';

/** What step 2 saved: MANUAL's time slots per category, or the mapped service items. */
export type ServicesSetUp = { kind: 'timeSlots' | 'mappings'; count: number };

export interface CompletionInput {
  provider: { name: string; coverImageURL: string | null; strategy: OnboardingStrategy };
  location: (OpeningHoursTexts & { fullAddress: string | null }) | null;
  settlementAccount: SettlementStatus | null;
  /** Null for a strategy whose step 2 saves nothing here (BOULEVARD). */
  services: ServicesSetUp | null;
}

export interface SetUpItem {
  id: 'business' | 'location' | 'services';
  label: string;
  detail: string;
}

/** Where a thing left is done: a checklist section, or the wizard's own step 2. */
export type LeftLink = ChecklistLink | { to: '/provider/onboarding/location'; step: 2 };

export interface LeftItem {
  id: ChecklistItemId | 'services';
  label: string;
  /** What to do, as a sentence. */
  missing: string;
  /** The link's text: the place it opens. */
  action: string;
  link: LeftLink;
}

const ACTIONS: Readonly<Record<LeftItem['id'], string>> = {
  services: 'Back to services',
  availability: 'Open the hours editor',
  payments: 'Set up payouts',
  verified: 'Open your profile',
  cover: 'Upload a cover photo',
};

export interface CompletionSummary {
  setUp: SetUpItem[];
  left: LeftItem[];
}

/** How many categories have at least one time slot offered (a saved category may have none checked). */
export function categoriesWithTimeSlots(
  availabilities: readonly { timeslots: Readonly<Record<string, readonly { checked: boolean }[]>> }[],
): number {
  return availabilities.filter((each) =>
    Object.values(each.timeslots).some((day) => day.some((slot) => slot.checked)),
  ).length;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function servicesLine(services: ServicesSetUp): string {
  return services.kind === 'timeSlots'
    ? `Time slots for ${plural(services.count, 'service category', 'service categories')}`
    : `${plural(services.count, 'service item', 'service items')} mapped to Upkeep service items`;
}

export function completionSummary(input: CompletionInput): CompletionSummary {
  const setUp: SetUpItem[] = [{ id: 'business', label: 'Business', detail: input.provider.name }];
  if (input.location?.fullAddress) {
    setUp.push({ id: 'location', label: 'Location', detail: input.location.fullAddress });
  }
  const left: LeftItem[] = [];
  if (input.services && input.services.count > 0) {
    setUp.push({ id: 'services', label: 'Services', detail: servicesLine(input.services) });
  } else if (input.services) {
    left.push({
      id: 'services',
      label: 'Services',
      missing:
        input.services.kind === 'timeSlots'
          ? 'Choose your services and the time slots you are available'
          : 'Map your service items to Upkeep service items',
      action: ACTIONS.services,
      link: { to: '/provider/onboarding/location', step: 2 },
    });
  }
  const checklist = checklistOf({
    strategy: input.provider.strategy,
    location: input.location,
    settlementAccount: input.settlementAccount,
    coverImageURL: input.provider.coverImageURL,
  });
  for (const item of checklist.items) {
    if (item.missing !== null) {
      left.push({
        id: item.id,
        label: item.id === 'payments' ? 'Payouts' : item.label,
        missing: item.missing,
        action: ACTIONS[item.id],
        link: item.link,
      });
    }
  }
  return { setUp, left };
}
