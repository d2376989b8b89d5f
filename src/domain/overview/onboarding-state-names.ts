/**
 * The onboarding states' names, with nothing else: the providers route checks its search with them, and
 * routes load with the sign-in page. Their labels and hints are in ./onboarding-states, which re-exports
 * these.
 */
export const ONBOARDING_STATES = ['started', 'connected', 'mapped', 'payoutsReady', 'live'] as const;
export type OnboardingState = (typeof ONBOARDING_STATES)[number];
