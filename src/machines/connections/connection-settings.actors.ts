import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { API_ERROR_CODES } from '../../api/contract/error-codes';
import type { Credentials } from '../../api/contract/onboarding';
import type { Provider, ProviderUpdate } from '../../api/contract/provider';
import { onboardingApi, type OnboardingApi } from '../../api/onboarding/onboarding';
import { providersApi, type ProvidersApi } from '../../api/providers/providers';
import { errorCode } from '../shared/errors';
import type {
  AppliedConnection,
  ApplyConnectionInput,
  LoadedConnection,
} from './connection-settings.machine';

/** The provider's credentials, or null when it has none (404 credentials/not-found). */
async function credentialsOf(onboarding: OnboardingApi, providerId: number): Promise<Credentials | null> {
  try {
    return await onboarding.providerCredentials(providerId);
  } catch (error) {
    if (errorCode(error) === API_ERROR_CODES.credentialsNotFound) return null;
    throw error;
  }
}

/**
 * Saves a connection made by one of the onboarding's flows, each write with the version it was read at:
 * Boulevard's business id on the provider's credentials (new ones when it has none) and the business's id as
 * the provider's externalId; Square's new credentials, or MINDBODY's first ones, pointed at by the provider.
 */
async function apply(
  onboarding: OnboardingApi,
  providers: ProvidersApi,
  { provider, credentials, outcome }: ApplyConnectionInput,
): Promise<AppliedConnection> {
  const changes: Partial<ProviderUpdate> = {};
  let saved: Credentials;
  if (outcome.kind === 'boulevard') {
    const { businessId, externalId } = outcome;
    saved = credentials
      ? await onboarding.updateCredentials(credentials.id, { businessId, version: credentials.version })
      : await onboarding.createCredentials({ strategy: 'BOULEVARD', businessId });
    if (externalId !== provider.externalId) changes.externalId = externalId;
  } else if (outcome.kind === 'square') {
    saved = await onboarding.credentials(outcome.credentialsId);
  } else {
    saved = outcome.credentials;
  }
  if (saved.id !== credentials?.id) changes.credentialsId = saved.id;
  let written: Provider | null = null;
  if (Object.keys(changes).length > 0) {
    written = await providers.update(provider.id, { ...changes, version: provider.version });
  }
  return { credentials: saved, provider: written };
}

/** Connection settings: read the provider's connection; save a changed one. */
export function createConnectionSettingsActors(api: ApiClient) {
  const onboarding = onboardingApi(api);
  const providers = providersApi(api);
  return {
    loadConnection: fromPromise(
      async ({ input }: { input: { providerId: number } }): Promise<LoadedConnection> => {
        const provider = await providers.get(input.providerId);
        if (!provider) throw new Error(`Provider ${input.providerId} was not found`);
        // BOOKER and MANUAL have no credentials: nothing to ask for (a 404 every time).
        const credentials = provider.hasCredentials
          ? await credentialsOf(onboarding, input.providerId)
          : null;
        const { id, version, externalId } = provider;
        return { credentials, provider: { id, version, externalId } };
      },
    ),
    applyConnection: fromPromise(({ input }: { input: ApplyConnectionInput }) =>
      apply(onboarding, providers, input),
    ),
  };
}
