/**
 * Connection strategies (spec 02 §1, §4): which ones store credentials, the step-2 title, and how a saved
 * secret is shown back (never in full).
 */
import { STRATEGY_LABELS } from '../providers/provider-list';
import type { OnboardingStrategy } from './strategy-names';

export { ONBOARDING_STRATEGIES, type OnboardingStrategy } from './strategy-names';

/** Provider creation saves credentials first for these (spec 02 §4: MINDBODY, SQUARE). */
export function strategyUsesCredentials(strategy: OnboardingStrategy): boolean {
  return strategy === 'MINDBODY' || strategy === 'SQUARE';
}

/** The legacy pointer's rule: these go from the strategy to credentials; BOOKER and MANUAL skip to location. */
export function strategyConnectsFirst(strategy: OnboardingStrategy): boolean {
  return strategy === 'MINDBODY' || strategy === 'BOULEVARD' || strategy === 'SQUARE';
}

/** Back on step 1 goes to the first step for BOOKER and MANUAL, otherwise to the previous step. */
export function backGoesToFirstStep(strategy: OnboardingStrategy): boolean {
  return strategy === 'BOOKER' || strategy === 'MANUAL';
}

/** Step 2 shows the service mapping editor for these (spec 02 §2); MANUAL and BOULEVARD pick our items. */
export function strategyMapsServiceItems(strategy: OnboardingStrategy): boolean {
  return strategy === 'MINDBODY' || strategy === 'BOOKER' || strategy === 'SQUARE';
}

/**
 * BOULEVARD's step 2 selects the Upkeep items and bundles the business supports, each mapped to the Boulevard
 * service that books it: the same mappings as the mapping editor's, shown as a selection.
 */
export function strategySelectsServiceItems(strategy: OnboardingStrategy): boolean {
  return strategy === 'BOULEVARD';
}

export function stepTwoTitle(strategy: OnboardingStrategy): string {
  return !strategyMapsServiceItems(strategy)
    ? 'Select supported Upkeep service items'
    : `Assign ${STRATEGY_LABELS[strategy]} service items to Upkeep service items`;
}

/** A stored secret as the browser may see it: masked, with at most its last 4 characters. */
export function maskSecret(secret: string | null): string | null {
  if (secret === null || secret === '') return null;
  return secret.length >= 12 ? `••••${secret.slice(-4)}` : '••••';
}

/** A line under each strategy of the first step: what it is and what the next step asks for. */
export const STRATEGY_NEXT: Readonly<Record<OnboardingStrategy, string>> = {
  MANUAL: 'No scheduling system: your services and time slots are set in Upkeep. Next, your address.',
  MINDBODY: 'Next, your MINDBODY login and site id, to read your locations.',
  BOOKER: 'Next, the Booker location to connect.',
  BOULEVARD: 'Next, your Boulevard business id, to read your locations.',
  SQUARE: 'Next, sign in to Square, to read your locations.',
};
