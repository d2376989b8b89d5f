/**
 * The connection strategies' names (spec 02 §1), with nothing else: the providers route checks its search with
 * them, and routes load with the sign-in page. What each strategy does is in ./strategies, which re-exports
 * these.
 */
export const ONBOARDING_STRATEGIES = ['MANUAL', 'MINDBODY', 'BOOKER', 'BOULEVARD', 'SQUARE'] as const;

export type OnboardingStrategy = (typeof ONBOARDING_STRATEGIES)[number];
