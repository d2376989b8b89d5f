/**
 * Scheduling-system connections (spec 02 §2, §4, §5): the MINDBODY credentials and the Boulevard business id
 * as typed, their required-field rules with the catalogue's messages, and a location of the outside system
 * as the wizard's pick-list offers it (choosing one fills step 1's address and externalLocationId).
 */
import { addressText } from '../shared/address';
import { PROVIDER_MESSAGES } from '../shared/messages';
import type { ProfileDraft } from '../onboarding/drafts';
import type { ConnectionLocation } from './locations';

export type { ConnectionLocation } from './locations';

export interface MindbodyDraft {
  username: string;
  password: string;
  siteId: string;
}
export type MindbodyField = keyof MindbodyDraft;
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export const EMPTY_MINDBODY: MindbodyDraft = { username: '', password: '', siteId: '' };

const blank = (text: string) => text.trim() === '';

/**
 * 'Username required', 'Password required', 'Site ID required' (spec 02 §5). Once credentials are saved their
 * password is kept when none is typed (`passwordSaved`), so it is required only the first time.
 */
export function checkMindbodyDraft(
  draft: MindbodyDraft,
  { passwordSaved = false }: { passwordSaved?: boolean } = {},
): FieldErrors<MindbodyField> {
  const errors: FieldErrors<MindbodyField> = {};
  if (blank(draft.username)) errors.username = PROVIDER_MESSAGES.usernameRequired;
  if (draft.password === '' && !passwordSaved) errors.password = PROVIDER_MESSAGES.passwordRequired;
  if (blank(draft.siteId)) errors.siteId = PROVIDER_MESSAGES.siteIdRequired;
  return errors;
}

/** The draft of saved credentials: their username and site id; the password is never sent back. */
export function mindbodyDraftOf(saved: { username: string | null; siteId: string | null }): MindbodyDraft {
  return { username: saved.username ?? '', password: '', siteId: saved.siteId ?? '' };
}

/** 'Business ID required' (spec 02 §5), or null. */
export function checkBusinessId(businessId: string): string | null {
  return blank(businessId) ? PROVIDER_MESSAGES.businessIdRequired : null;
}

/** What choosing a location writes into step 1: its address, coordinates and externalLocationId. */
export function profilePatchOf(location: ConnectionLocation): Partial<ProfileDraft> {
  return {
    ...addressText(location),
    coordinates: location.coordinates,
    externalLocationId: location.id,
    ...(location.timezone ? { timezone: location.timezone } : {}),
  };
}
