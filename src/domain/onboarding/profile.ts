/**
 * Step 1 of the onboarding wizard, "Creating your Business Profile" (spec 02 §2, §5): the draft the form
 * edits, the rule that enables Next, and what is sent to create the records.
 */
import { fullAddressOf, isAddressComplete } from '../providers/location';
import type { OnboardingStrategy } from './strategies';

export {
  EMPTY_CREDENTIALS,
  emptyProfile,
  NO_IDS,
  type CredentialsDraft,
  type ProfileDraft,
  type SavedIds,
} from './drafts';
import type { CredentialsDraft, ProfileDraft, SavedIds } from './drafts';

const filled = (text: string) => text.trim() !== '';

/**
 * Spec 02 §5: Next is enabled only when the location has streetAddress, city, country, zip, state and
 * coordinates, and the provider has name, coverImageURL, logoURL and description; BOULEVARD also needs
 * externalLocationId and the provider's externalId.
 */
export function canSubmitProfile(strategy: OnboardingStrategy, draft: ProfileDraft): boolean {
  const location =
    [draft.streetAddress, draft.city, draft.country, draft.zip, draft.state].every(filled) &&
    draft.coordinates !== null;
  const provider = [draft.name, draft.coverImageURL, draft.logoURL, draft.description].every(filled);
  const boulevard =
    strategy !== 'BOULEVARD' || (filled(draft.externalLocationId) && filled(draft.externalId));
  return location && provider && boulevard;
}

/** Coordinates are looked up when the address is complete and they are missing (spec 02 §5). */
export function profileNeedsGeocoding(draft: ProfileDraft): boolean {
  return isAddressComplete(draft) && filled(draft.zip) && draft.coordinates === null;
}

export function profileAddressText(draft: ProfileDraft): string {
  return fullAddressOf(draft);
}

const orNull = (text: string) => (filled(text) ? text.trim() : null);

/** The location as POST/PUT /locations takes it. */
export function locationInputOf(draft: ProfileDraft) {
  return {
    name: orNull(draft.name),
    fullAddress: orNull(fullAddressOf(draft)),
    streetAddress: orNull(draft.streetAddress),
    addressLine2: orNull(draft.addressLine2),
    city: orNull(draft.city),
    state: orNull(draft.state),
    zip: orNull(draft.zip),
    country: orNull(draft.country),
    coordinates: draft.coordinates,
    externalLocationId: orNull(draft.externalLocationId),
    isPublic: draft.isPublic,
    timezone: draft.timezone,
  };
}

/** The provider as POST/PUT /providers takes it, pointing at the saved location and credentials. */
export function providerInputOf(strategy: OnboardingStrategy, draft: ProfileDraft, ids: SavedIds) {
  return {
    name: draft.name.trim(),
    description: orNull(draft.description),
    logoURL: orNull(draft.logoURL),
    coverImageURL: orNull(draft.coverImageURL),
    externalId: orNull(draft.externalId),
    availableAfterDays: draft.availableAfterDays,
    timezone: draft.timezone,
    strategy,
    locationId: ids.locationId,
    credentialsId: ids.credentialsId,
  };
}

/**
 * The credentials as POST/PUT /credentials takes them (only what the strategy uses). A blank secret is left
 * out, so an update keeps the one saved (stored progress never holds passwords, and tokens never reach the
 * browser: the Square exchange saves them on the server).
 */
export function credentialsInputOf(strategy: OnboardingStrategy, draft: CredentialsDraft) {
  const secret = (key: 'password' | 'accessToken') => (draft[key] === '' ? {} : { [key]: draft[key] });
  if (strategy === 'SQUARE') return { strategy, ...secret('accessToken') };
  if (strategy === 'BOULEVARD') return { strategy, businessId: orNull(draft.businessId) };
  return {
    strategy,
    username: orNull(draft.username),
    ...secret('password'),
    siteId: orNull(draft.siteId),
  };
}
