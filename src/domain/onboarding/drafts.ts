/**
 * The wizard's drafts and their empty values. Kept apart from the step-1 rules (profile.ts), which need the
 * time-zone rules: stored state reads the wizard's progress with these on the first load, where Temporal
 * must not come.
 */
import { EMPTY_ADDRESS_TEXT, type AddressText } from '../shared/address';

export interface ProfileDraft extends AddressText {
  name: string;
  description: string;
  logoURL: string;
  coverImageURL: string;
  externalId: string;
  /** "Availability visible in mobile app?" (the location's isPublic). */
  isPublic: boolean;
  availableAfterDays: number;
  coordinates: { lat: number; lng: number } | null;
  externalLocationId: string;
  timezone: string;
}

export interface CredentialsDraft {
  username: string;
  password: string;
  siteId: string;
  accessToken: string;
  businessId: string;
}

/**
 * Ids of records already saved for this onboarding: with them, Next updates instead of creating. An update
 * sends the version its record was saved at (null: not known, e.g. after a stale save, so it is read again).
 */
export interface SavedIds {
  credentialsId: number | null;
  locationId: number | null;
  providerId: number | null;
  locationVersion?: number | null;
  providerVersion?: number | null;
}

export const NO_IDS: SavedIds = { credentialsId: null, locationId: null, providerId: null };

export function emptyProfile(timezone: string): ProfileDraft {
  return {
    name: '',
    description: '',
    logoURL: '',
    coverImageURL: '',
    externalId: '',
    isPublic: true,
    availableAfterDays: 0,
    ...EMPTY_ADDRESS_TEXT,
    coordinates: null,
    externalLocationId: '',
    timezone,
  };
}

export const EMPTY_CREDENTIALS: CredentialsDraft = {
  username: '',
  password: '',
  siteId: '',
  accessToken: '',
  businessId: '',
};
