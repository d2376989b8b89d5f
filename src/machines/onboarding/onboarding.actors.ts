import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { onboardingApi } from '../../api/onboarding/onboarding';
import { providersApi } from '../../api/providers/providers';
import { createAvailabilityEditorActors } from '../availability/availability-editor.actors';
import { availabilityEditorMachine } from '../availability/availability-editor.machine';
import {
  providerCreationMachine,
  type SaveCredentialsInput,
  type SaveLocationInput,
  type SaveProviderInput,
} from './provider-creation.machine';

/**
 * Provider creation's side effects: create (no id yet) or update each record, and the rollback deletes. An
 * update without a known version (after a stale save, or progress stored before versions) reads it first;
 * the credentials, which the wizard alone writes while it runs, are always read just before their update.
 */
export function createProviderCreationActors(api: ApiClient) {
  const onboarding = onboardingApi(api);
  const providers = providersApi(api);
  return {
    saveCredentials: fromPromise(async ({ input }: { input: SaveCredentialsInput }) => {
      if (input.id === null) return onboarding.createCredentials(input.body);
      const { version } = await onboarding.credentials(input.id);
      return onboarding.updateCredentials(input.id, { ...input.body, version });
    }),
    saveLocation: fromPromise(async ({ input }: { input: SaveLocationInput }) => {
      if (input.id === null) return providers.createLocation(input.body);
      const id = input.id;
      const version =
        input.version ?? (await providers.locations()).find((location) => location.id === id)?.version;
      return providers.updateLocation(id, { ...input.body, version: version ?? 0 });
    }),
    saveProvider: fromPromise(async ({ input }: { input: SaveProviderInput }) => {
      if (input.id === null) return providers.create(input.body);
      const version = input.version ?? (await providers.get(input.id))?.version;
      return providers.update(input.id, { ...input.body, version: version ?? 0 });
    }),
    deleteLocation: fromPromise<unknown, { id: number }>(({ input }: { input: { id: number } }) =>
      providers.removeLocation(input.id),
    ),
    deleteCredentials: fromPromise<unknown, { id: number }>(({ input }: { input: { id: number } }) =>
      onboarding.removeCredentials(input.id),
    ),
  };
}

/**
 * The wizard invokes provider creation and (MANUAL step 2) the availability editor as child machines, bound
 * here to their real side effects.
 */
export function createOnboardingWizardActors(api: ApiClient) {
  return {
    providerCreation: providerCreationMachine.provide({ actors: createProviderCreationActors(api) }),
    availabilityEditor: availabilityEditorMachine.provide({ actors: createAvailabilityEditorActors(api) }),
  };
}
