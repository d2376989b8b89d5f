import { Text } from '@chakra-ui/react';
import type { ApiClient } from '../../api/client';
import type { OnboardingProgress } from '../../domain/onboarding/progress';
import { MappingEditorSection } from '../mappings/MappingEditorSection';
import type { StepGate } from '../shared/step-gate';

export interface ServiceSelectionStepProps {
  api: ApiClient;
  ids: OnboardingProgress['ids'];
  gate: StepGate;
}

/**
 * Step 2 for BOULEVARD, "Select supported Upkeep service items" (spec 02 §2): the mapping editor as a selection
 * of our items, each booked by a Boulevard service. Back and Get Started save the selections first (the gate).
 * Without the provider step 1 creates, there is nothing to map yet.
 */
export function ServiceSelectionStep({ api, ids, gate }: ServiceSelectionStepProps) {
  if (ids.providerId === null || ids.locationId === null) {
    return (
      <Text role="alert">
        The provider has not been created yet. Go Back to the business profile and press Next to create it.
      </Text>
    );
  }
  return (
    <MappingEditorSection api={api} providerId={ids.providerId} locationId={ids.locationId} gate={gate} />
  );
}
