import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { onboardingApi } from '../../api/onboarding/onboarding';
import { providersApi } from '../../api/providers/providers';
import type { SaveAvailabilityInput } from './availability-editor.machine';
import {
  providerCreationMachine,
  type SaveCredentialsInput,
  type SaveLocationInput,
  type SaveProviderInput,
} from './provider-creation.machine';

/** Provider creation's side effects: create (no id yet) or update each record, and the rollback deletes. */
export function createProviderCreationActors(api: ApiClient) {
  const onboarding = onboardingApi(api);
  const providers = providersApi(api);
  return {
    saveCredentials: fromPromise(({ input }: { input: SaveCredentialsInput }) =>
      input.id === null
        ? onboarding.createCredentials(input.body)
        : onboarding.updateCredentials(input.id, input.body),
    ),
    saveLocation: fromPromise(({ input }: { input: SaveLocationInput }) =>
      input.id === null
        ? providers.createLocation(input.body)
        : providers.updateLocation(input.id, input.body),
    ),
    saveProvider: fromPromise(({ input }: { input: SaveProviderInput }) =>
      input.id === null ? providers.create(input.body) : providers.update(input.id, input.body),
    ),
    deleteLocation: fromPromise<unknown, { id: number }>(({ input }: { input: { id: number } }) =>
      providers.removeLocation(input.id),
    ),
    deleteCredentials: fromPromise<unknown, { id: number }>(({ input }: { input: { id: number } }) =>
      onboarding.removeCredentials(input.id),
    ),
  };
}

/** The availability editor's save: POST the first time for a category, PUT once it has an id. */
export function createAvailabilityEditorActors(api: ApiClient) {
  const onboarding = onboardingApi(api);
  return {
    saveAvailability: fromPromise(({ input }: { input: SaveAvailabilityInput }) =>
      input.id === null
        ? onboarding.createAvailability(input.body)
        : onboarding.updateAvailability(input.id, input.body),
    ),
  };
}

/** The wizard invokes provider creation as a child machine, bound here to its real side effects. */
export function createOnboardingWizardActors(api: ApiClient) {
  return { providerCreation: providerCreationMachine.provide({ actors: createProviderCreationActors(api) }) };
}
