/**
 * The onboarding progress in stored state (the `onboarding` slice): read back on a reload, written on every
 * change (passwords blanked by the stored state), removed when the wizard finishes. Log Out clears the whole
 * stored state, which aborts the onboarding.
 */
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { AppContext } from '../../app/context';
import { emptyProfile } from '../../domain/onboarding/profile';
import { ONBOARDING_SLICE, progressFrom, type OnboardingProgress } from '../../domain/onboarding/progress';
import { DEFAULT_TIME_ZONE } from '../../domain/shared/constants';

export function useOnboardingProgress(persistence: AppContext['persistence']) {
  const ready = useSelector(persistence, (s) => !s.hasTag('pending'));
  const stored = useSelector(persistence, (s) => s.context.state.slices[ONBOARDING_SLICE]);
  const progress = ready ? progressFrom(stored, emptyProfile(DEFAULT_TIME_ZONE)) : null;
  const save = useCallback(
    (next: OnboardingProgress | null) =>
      persistence.send({ type: 'slice.update', slice: ONBOARDING_SLICE, value: next }),
    [persistence],
  );
  return { ready, progress, save };
}
