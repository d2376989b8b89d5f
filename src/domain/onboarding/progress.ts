/**
 * The onboarding progress kept in stored state (the `onboarding` slice) so a reload resumes the wizard; the
 * end of a session clears it. Passwords are blanked by the stored state itself; read back, anything that
 * does not look like progress counts as none.
 */
import { EMPTY_CREDENTIALS, NO_IDS, type CredentialsDraft, type ProfileDraft, type SavedIds } from './drafts';
import { ONBOARDING_STRATEGIES, type OnboardingStrategy } from './strategy-names';
import { connectionLocationsFrom, type ConnectionLocation } from '../connections/locations';

export const ONBOARDING_SLICE = 'onboarding';

export type WizardStep = 1 | 2 | 3;

export interface OnboardingProgress {
  strategy: OnboardingStrategy;
  /** The furthest step reached: the URL may name any step up to it. */
  reached: WizardStep;
  profile: ProfileDraft;
  credentials: CredentialsDraft;
  ids: SavedIds;
  /** The connected system's locations (the step-1 pick-list), as its connection step read them. */
  locations?: ConnectionLocation[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const numberOrNull = (value: unknown) => (typeof value === 'number' && value > 0 ? value : null);

/** Progress read back from storage, or null when there is none (or it is unreadable). */
export function progressFrom(value: unknown, base: ProfileDraft): OnboardingProgress | null {
  if (!isObject(value)) return null;
  const strategy = ONBOARDING_STRATEGIES.find((known) => known === value.strategy);
  if (!strategy) return null;
  const reached = value.reached === 2 || value.reached === 3 ? value.reached : 1;
  const profile: ProfileDraft = { ...base };
  if (isObject(value.profile)) {
    for (const key of Object.keys(base) as Array<keyof ProfileDraft>) {
      const stored = value.profile[key];
      if (key === 'coordinates') continue;
      if (typeof stored === typeof base[key] && stored !== null) Object.assign(profile, { [key]: stored });
    }
    const coordinates = value.profile.coordinates;
    if (isObject(coordinates) && typeof coordinates.lat === 'number' && typeof coordinates.lng === 'number')
      profile.coordinates = { lat: coordinates.lat, lng: coordinates.lng };
  }
  const credentials: CredentialsDraft = { ...EMPTY_CREDENTIALS };
  if (isObject(value.credentials)) {
    for (const key of Object.keys(EMPTY_CREDENTIALS) as Array<keyof CredentialsDraft>) {
      const stored = value.credentials[key];
      if (typeof stored === 'string') credentials[key] = stored;
    }
  }
  const ids = isObject(value.ids)
    ? {
        credentialsId: numberOrNull(value.ids.credentialsId),
        locationId: numberOrNull(value.ids.locationId),
        providerId: numberOrNull(value.ids.providerId),
        locationVersion: numberOrNull(value.ids.locationVersion),
        providerVersion: numberOrNull(value.ids.providerVersion),
      }
    : NO_IDS;
  return {
    strategy,
    reached,
    profile,
    credentials,
    ids,
    locations: connectionLocationsFrom(value.locations),
  };
}
