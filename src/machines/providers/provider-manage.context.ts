/**
 * The provider manage chart's context and the pure work on it: the two drafts (provider and location) and
 * what they are measured against, editing them, checking them, and settling a save whose two parts can
 * each pass or be refused. The chart itself is in provider-manage.machine.ts.
 */
import type { Place } from '../../api/contract/geo';
import type { Location, Provider } from '../../api/contract/provider';
import type { DayHours, Weekday } from '../../domain/providers/hours';
import { copyDay, withDayHours } from '../../domain/providers/hours';
import {
  checkManageDrafts,
  draftsDiffer,
  locationDraftFrom,
  providerDraftFrom,
  withPlace,
  type CheckedDrafts,
  type LocationDraft,
  type LocationFlag,
  type LocationTextField,
  type ManageErrors,
  type ManageField,
  type ProviderDraft,
  type ProviderImageField,
  type ProviderTextField,
} from '../../domain/providers/provider-draft';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { errorMessageOrNull, placeSaveFailure } from '../shared/errors';
import type { Notice } from '../shared/notice';
import { isStaleError, rebaseDraft, type StaleSaveEvent } from '../shared/record-editor';

export interface ProviderManageContext {
  providerId: number;
  provider: Provider | null;
  location: Location | null;
  draft: ProviderDraft;
  locationDraft: LocationDraft;
  /** The drafts as last loaded or saved: what "unsaved changes" is measured against. */
  savedDraft: ProviderDraft;
  savedLocationDraft: LocationDraft;
  errors: ManageErrors;
  saveError: string | null;
}

export type ProviderManageEvent =
  | { type: 'load.retry' }
  /** A text field typed, or an image uploaded (its path). */
  | { type: 'provider.change'; field: ProviderTextField | ProviderImageField; value: string }
  | { type: 'provider.sms'; value: boolean }
  | { type: 'provider.availableAfter'; value: ProviderDraft['availableAfterDays'] }
  | { type: 'location.change'; field: LocationTextField; value: string }
  | { type: 'location.flag'; field: LocationFlag; value: boolean }
  | { type: 'address.pick'; place: Place }
  | { type: 'hours.change'; day: Weekday; value: DayHours }
  | { type: 'hours.copy'; from: Weekday; to: Weekday[] }
  | { type: 'manage.save' }
  /** Another section of the view saved the provider (the fees switch): its new version and flag. */
  | { type: 'provider.updated'; provider: Pick<Provider, 'version' | 'isUpkeepPayingProcessingFees'> }
  /** Another section saved the location (its scheduling-system association): the location as it now is. */
  | { type: 'location.updated'; location: Location }
  | StaleSaveEvent;

export type ProviderManageEmitted = Notice | { type: 'provider.saved'; provider: Provider };

export interface LoadedProvider {
  provider: Provider;
  location: Location | null;
  /** The marketplace settings' default zone: a new location's draft starts in it. */
  defaultTimezone?: string;
}

export interface SaveProviderInput {
  providerId: number;
  /** The saved location's id, or null to create one (when `values.location` is given). */
  locationId: number | null;
  /** The versions the records were read at: a save over someone else's newer save is refused (409). */
  providerVersion?: number;
  locationVersion?: number;
  values: CheckedDrafts;
}

/** Each part: the saved record, or why it was refused. */
export interface SaveProviderResult {
  provider: { ok: true; record: Provider } | { ok: false; error: unknown };
  location: { ok: true; record: Location | null } | { ok: false; error: unknown };
}

type Change = Partial<ProviderManageContext>;
type EventOf<T extends ProviderManageEvent['type']> = Extract<ProviderManageEvent, { type: T }>;

const FIELDS: readonly ManageField[] = [
  'name',
  'address',
  'coordinates',
  'taxRate',
  'billingContactEmail',
  'timezone',
];
/** Server field names that mean the address as a whole. */
const ADDRESS_FIELDS = ['streetAddress', 'city', 'state', 'country', 'zip', 'fullAddress'];

/** Nothing loaded yet: empty drafts. */
export function initialContext(providerId: number): ProviderManageContext {
  const empty = locationDraftFrom(null);
  const draft: ProviderDraft = {
    name: '',
    description: '',
    phoneNumber: '',
    isSMSNotificationsEnabled: false,
    availableAfterDays: 0,
    logoURL: '',
    coverImageURL: '',
  };
  return {
    providerId,
    provider: null,
    location: null,
    draft,
    locationDraft: empty,
    savedDraft: draft,
    savedLocationDraft: empty,
    errors: {},
    saveError: null,
  };
}

/** Whether either draft differs from what was last loaded or saved (the view reads this: it drives the unsaved-changes guard). */
export function hasUnsavedChanges(context: ProviderManageContext): boolean {
  return (
    draftsDiffer(context.draft, context.savedDraft) ||
    draftsDiffer(context.locationDraft, context.savedLocationDraft)
  );
}

export function check(context: ProviderManageContext) {
  return checkManageDrafts(context.draft, context.locationDraft, {
    hasLocation: context.location !== null,
    addressRequired: PROVIDER_MESSAGES.addressRequired,
  });
}

/** The save's input: the checked drafts and the versions they were read at. */
export function saveInput(context: ProviderManageContext): SaveProviderInput {
  const checked = check(context);
  if (!checked.ok) throw new Error('saving an invalid provider');
  return {
    providerId: context.providerId,
    locationId: context.location?.id ?? null,
    providerVersion: context.provider?.version,
    locationVersion: context.location?.version,
    values: checked.value,
  };
}

/** The records as loaded: both drafts start from them and nothing is unsaved. */
export function loaded({ provider, location, defaultTimezone }: LoadedProvider): Change {
  const draft = providerDraftFrom(provider);
  const locationDraft = locationDraftFrom(location, defaultTimezone);
  return {
    provider,
    location,
    draft,
    locationDraft,
    savedDraft: draft,
    savedLocationDraft: locationDraft,
  };
}

/** Reload after a stale save: the fresh records, with every field the person changed on top. */
export function reloaded(
  context: ProviderManageContext,
  { provider, location, defaultTimezone }: LoadedProvider,
): Change {
  const fresh = providerDraftFrom(provider);
  const freshLocation = locationDraftFrom(location, defaultTimezone);
  return {
    provider,
    location,
    draft: rebaseDraft(context.savedDraft, context.draft, fresh),
    locationDraft: rebaseDraft(context.savedLocationDraft, context.locationDraft, freshLocation),
    savedDraft: fresh,
    savedLocationDraft: freshLocation,
    saveError: null,
  };
}

/** The edits of the editing state: each changes one draft and clears the error of what it touched. */
export const edits = {
  providerChange: (context: ProviderManageContext, event: EventOf<'provider.change'>): Change => ({
    draft: { ...context.draft, [event.field]: event.value },
    errors: { ...context.errors, name: event.field === 'name' ? undefined : context.errors.name },
  }),
  providerSms: (context: ProviderManageContext, event: EventOf<'provider.sms'>): Change => ({
    draft: { ...context.draft, isSMSNotificationsEnabled: event.value },
  }),
  providerAvailableAfter: (
    context: ProviderManageContext,
    event: EventOf<'provider.availableAfter'>,
  ): Change => ({
    draft: { ...context.draft, availableAfterDays: event.value },
  }),
  locationChange: (context: ProviderManageContext, event: EventOf<'location.change'>): Change => {
    const key: ManageField = (FIELDS as readonly string[]).includes(event.field)
      ? (event.field as ManageField)
      : 'address';
    return {
      locationDraft: { ...context.locationDraft, [event.field]: event.value },
      errors: { ...context.errors, [key]: undefined },
    };
  },
  locationFlag: (context: ProviderManageContext, event: EventOf<'location.flag'>): Change => ({
    locationDraft: { ...context.locationDraft, [event.field]: event.value },
  }),
  addressPick: (context: ProviderManageContext, event: EventOf<'address.pick'>): Change => ({
    locationDraft: withPlace(context.locationDraft, event.place),
    errors: { ...context.errors, address: undefined, coordinates: undefined },
  }),
  hoursChange: (context: ProviderManageContext, event: EventOf<'hours.change'>): Change => ({
    locationDraft: {
      ...context.locationDraft,
      hours: withDayHours(context.locationDraft.hours, event.day, event.value),
    },
    errors: { ...context.errors, [`day${event.day}`]: undefined },
  }),
  hoursCopy: (context: ProviderManageContext, event: EventOf<'hours.copy'>): Change => ({
    locationDraft: {
      ...context.locationDraft,
      hours: copyDay(context.locationDraft.hours, event.from, event.to),
    },
  }),
};

/** Geocoded: only the coordinates are taken, the address stays as typed. */
export function geocoded(context: ProviderManageContext, place: Place): Change {
  return {
    locationDraft: withPlace(context.locationDraft, {
      streetAddress: null,
      city: null,
      state: null,
      zip: null,
      country: null,
      coordinates: place.coordinates,
    }),
  };
}

/** A refused part, on its field or above the buttons; a stale refusal is left to the stale notice. */
export function refusal(
  errors: ManageErrors,
  error: unknown,
): { errors: ManageErrors; saveError: string | null } {
  if (isStaleError(error)) return { errors, saveError: null };
  const field = (error as { field?: unknown } | null)?.field;
  const named = typeof field === 'string' && ADDRESS_FIELDS.includes(field) ? 'address' : field;
  const placed = placeSaveFailure({ field: named, message: errorMessageOrNull(error) }, FIELDS);
  if (placed.field !== null)
    return { errors: { ...errors, [placed.field]: placed.message }, saveError: null };
  return { errors, saveError: placed.message };
}

/** Whether both parts of a save passed. */
export const allSaved = (result: SaveProviderResult) => result.provider.ok && result.location.ok;

/** Whether either part was refused because someone else saved it since it was read. */
export const staleResult = (result: SaveProviderResult) =>
  (!result.provider.ok && isStaleError(result.provider.error)) ||
  (!result.location.ok && isStaleError(result.location.error));

/** A save answered: the part that passed becomes the saved state, the refused part keeps what was typed. */
export function applyResult(context: ProviderManageContext, result: SaveProviderResult): Change {
  let next: Change = { errors: {}, saveError: null };
  if (result.provider.ok) {
    next = { ...next, provider: result.provider.record, savedDraft: context.draft };
  } else {
    next = { ...next, ...refusal(next.errors ?? {}, result.provider.error) };
  }
  if (result.location.ok) {
    const location = result.location.record ?? context.location;
    next = { ...next, location, savedLocationDraft: context.locationDraft };
  } else {
    const refused = refusal(next.errors ?? {}, result.location.error);
    next = { ...next, errors: refused.errors, saveError: next.saveError ?? refused.saveError };
  }
  return next;
}
