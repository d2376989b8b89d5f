/**
 * The providers list (spec 02 §2, /providers without a selection): its columns that sort, its yes/no facets,
 * the labels of the scheduling systems, and a provider's onboarding stage for the status badge.
 */
import type { OnboardingStrategy } from '../onboarding/strategies';
import type { OnboardingState } from '../overview/onboarding-states';

import type { ProviderSortColumn, YesNo } from './provider-list-params';

export {
  PROVIDER_SORT_COLUMNS,
  SORT_DIRECTIONS,
  YES_NO,
  type ProviderSortColumn,
  type SortDirection,
  type YesNo,
} from './provider-list-params';
export const YES_NO_LABELS: Readonly<Record<YesNo, string>> = { yes: 'Yes', no: 'No' };

/** Each scheduling system by its vendor's own name; MANUAL is a provider who books in Upkeep. */
export const STRATEGY_LABELS: Readonly<Record<OnboardingStrategy, string>> = {
  MANUAL: 'Manual (books in Upkeep)',
  MINDBODY: 'MINDBODY',
  BOOKER: 'Booker',
  BOULEVARD: 'Boulevard',
  SQUARE: 'Square',
};

/** A scheduling system's name on screen, for a value that comes as text (a route's prop, a notification). */
export function strategyLabel(value: string): string | undefined {
  return (STRATEGY_LABELS as Readonly<Record<string, string>>)[value];
}

/** The checks a provider has passed (server/providers/onboarding-states.ts). */
export interface OnboardingChecks {
  connected: boolean;
  mapped: boolean;
  payoutsReady: boolean;
}

/**
 * How far along onboarding a provider is, for its badge: live when every check passes, otherwise the last of
 * connected → mapped reached in order (payouts ready has its own column).
 */
export function onboardingStageOf(checks: OnboardingChecks): Exclude<OnboardingState, 'payoutsReady'> {
  if (checks.connected && checks.mapped && checks.payoutsReady) return 'live';
  if (checks.connected && checks.mapped) return 'mapped';
  if (checks.connected) return 'connected';
  return 'started';
}

/** The stage's rank in sort order (the server sorts by the same rank). */
export const ONBOARDING_STAGE_RANK = { started: 0, connected: 1, mapped: 2, live: 3 } as const;

export const SORT_COLUMN_LABELS: Readonly<Record<ProviderSortColumn, string>> = {
  name: 'Provider',
  place: 'Place',
  strategy: 'Scheduling system',
  onboarding: 'Onboarding',
  payoutsReady: 'Payouts ready',
  public: 'Public',
};
