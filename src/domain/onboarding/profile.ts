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

/** A field step 1 requires: its draft key (coordinates too) and the label the form shows. */
export type RequiredProfileField = Exclude<
  keyof ProfileDraft,
  'addressLine2' | 'isPublic' | 'availableAfterDays' | 'timezone'
>;

/** Step 1's required fields in the form's order, with the form's labels. */
export const PROFILE_FIELD_LABELS: Readonly<Record<RequiredProfileField, string>> = {
  name: 'Business name',
  streetAddress: 'Street',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  country: 'Country',
  coordinates: 'Coordinates',
  externalLocationId: 'External location id',
  externalId: 'External provider id',
  logoURL: 'Logo',
  coverImageURL: 'Cover image',
  description: 'Description',
};

/** The fields step 1 requires of this strategy (BOULEVARD also the external ids), in the form's order. */
export function requiredProfileFields(strategy: OnboardingStrategy): RequiredProfileField[] {
  return (Object.keys(PROFILE_FIELD_LABELS) as RequiredProfileField[]).filter(
    (field) => strategy === 'BOULEVARD' || (field !== 'externalLocationId' && field !== 'externalId'),
  );
}

/** What Next still waits for: each required field not filled yet, in the form's order. */
export function missingProfileFields(
  strategy: OnboardingStrategy,
  draft: ProfileDraft,
): { field: RequiredProfileField; label: string }[] {
  return requiredProfileFields(strategy)
    .filter((field) => {
      const value = draft[field];
      return typeof value === 'string' ? !filled(value) : value === null;
    })
    .map((field) => ({ field, label: PROFILE_FIELD_LABELS[field] }));
}

/**
 * Spec 02 §5: Next is enabled only when the location has streetAddress, city, country, zip, state and
 * coordinates, and the provider has name, coverImageURL, logoURL and description; BOULEVARD also needs
 * externalLocationId and the provider's externalId.
 */
export function canSubmitProfile(strategy: OnboardingStrategy, draft: ProfileDraft): boolean {
  return missingProfileFields(strategy, draft).length === 0;
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
