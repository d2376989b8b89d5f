import { Button } from '@chakra-ui/react';
import { ONBOARDING_STATE_LABELS, type OnboardingState } from '../../domain/overview/onboarding-states';

/** The providers list narrowed to one onboarding state (from the Overview), and the way back to all. */
export function OnboardingFilterLine({ state, onClear }: { state: OnboardingState; onClear(): void }) {
  return (
    <>
      Onboarding state: {ONBOARDING_STATE_LABELS[state]}.{' '}
      <Button
        variant="plain"
        size="sm"
        h="auto"
        p="0"
        color="teal.700"
        textDecoration="underline"
        onClick={onClear}
      >
        Show all providers
      </Button>
    </>
  );
}
