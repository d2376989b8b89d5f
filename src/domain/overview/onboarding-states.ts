/**
 * How providers stand in onboarding (the Overview's counts and the providers list's filter): each state but
 * `started` is a check (server/providers/onboarding-states.ts holds them as SQL), and `live` is all of them.
 * Apart from the Overview's date rules, so the providers contract does not bring the time library along.
 */
import type { OnboardingState } from './onboarding-state-names';

export { ONBOARDING_STATES, type OnboardingState } from './onboarding-state-names';

export const ONBOARDING_STATE_LABELS: Readonly<Record<OnboardingState, string>> = {
  started: 'Started',
  connected: 'Connected',
  mapped: 'Mapped',
  payoutsReady: 'Payouts ready',
  live: 'Live',
};

export const ONBOARDING_STATE_HINTS: Readonly<Record<OnboardingState, string>> = {
  started: 'Every provider that has been created',
  connected: 'Connected to their scheduling system, or booking in Upkeep',
  mapped: 'Service items mapped, or time slots offered',
  payoutsReady: 'Payout account connected and able to be paid',
  live: 'Connected, mapped and payouts ready',
};
