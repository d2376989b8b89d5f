/**
 * The provider manage view (spec 02 §2 /providers?provider=, /provider/profile; §5; §8): loads one provider,
 * edits its details, its location and the location's hours, and saves both.
 *
 *   loading ──done──► editing ──manage.save [valid, address without coordinates]──► geocoding ──done──► saving
 *      └─error──► loadFailed ──load.retry──► loading      │ [valid] ──► saving         └─error ('Address is invalid')──► editing
 *                                                         │ [invalid] (field errors)
 *   saving ──done [all saved] ('Saved Provider')──► editing
 *          ──done [one part refused] ('Failed to update provider', what was typed stays)──► editing
 *          ──error ('Failed to update provider')──► editing
 *          ──done or error with a part refused as record/stale──► stale (shared: Reload keeps what was typed)
 *   editing ──manage.exit [unsaved changes]──► confirmingExit ──exit.confirm──► exited (final)
 *                                                   └─exit.cancel──► editing
 *           ──manage.exit [nothing unsaved]──► exited (final)
 *
 * Why the save result is a value: the provider and its location are two requests; one can pass while the
 * other is refused. The part that passed becomes the new saved state, the refused part keeps what was typed
 * and the server's message lands on its field (or above the buttons).
 */
import { assign, emit, setup } from 'xstate';
import type { Place } from '../../api/contract/geo';
import type { Location, Provider } from '../../api/contract/provider';
import type { DayHours, Weekday } from '../../domain/providers/hours';
import { copyDay, withDayHours } from '../../domain/providers/hours';
import {
  addressLineOf,
  checkManageDrafts,
  draftNeedsGeocoding,
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
  type ProviderTextField,
} from '../../domain/providers/provider-draft';
import { EDITOR_MESSAGES, PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { errorMessageOrNull, placeSaveFailure } from '../shared/errors';
import { notice, type Notice, type NoticeParams } from '../shared/notice';
import { placeholder } from '../shared/placeholder';
import { isStaleError, rebaseDraft, staleStates, type StaleSaveEvent } from '../shared/record-editor';

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
  | { type: 'provider.change'; field: ProviderTextField; value: string }
  | { type: 'provider.sms'; value: boolean }
  | { type: 'provider.availableAfter'; value: ProviderDraft['availableAfterDays'] }
  | { type: 'location.change'; field: LocationTextField; value: string }
  | { type: 'location.flag'; field: LocationFlag; value: boolean }
  | { type: 'address.pick'; place: Place }
  | { type: 'hours.change'; day: Weekday; value: DayHours }
  | { type: 'hours.copy'; from: Weekday; to: Weekday[] }
  | { type: 'manage.save' }
  | { type: 'manage.exit' }
  | { type: 'exit.confirm' }
  | { type: 'exit.cancel' }
  /** Another section of the view saved the provider (the fees switch): its new version and flag. */
  | { type: 'provider.updated'; provider: Pick<Provider, 'version' | 'isUpkeepPayingProcessingFees'> }
  | StaleSaveEvent;

export type ProviderManageEmitted = Notice | { type: 'provider.saved'; provider: Provider };

export interface LoadedProvider {
  provider: Provider;
  location: Location | null;
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

/** Whether either draft differs from what was last loaded or saved (the guard and the view read this). */
export function hasUnsavedChanges(context: ProviderManageContext): boolean {
  return (
    draftsDiffer(context.draft, context.savedDraft) ||
    draftsDiffer(context.locationDraft, context.savedLocationDraft)
  );
}

function check(context: ProviderManageContext) {
  return checkManageDrafts(context.draft, context.locationDraft, {
    hasLocation: context.location !== null,
    addressRequired: PROVIDER_MESSAGES.addressRequired,
  });
}

/** A refused part, on its field or above the buttons; a stale refusal is left to the stale notice. */
function refusal(errors: ManageErrors, error: unknown): { errors: ManageErrors; saveError: string | null } {
  if (isStaleError(error)) return { errors, saveError: null };
  const field = (error as { field?: unknown } | null)?.field;
  const named = typeof field === 'string' && ADDRESS_FIELDS.includes(field) ? 'address' : field;
  const placed = placeSaveFailure({ field: named, message: errorMessageOrNull(error) }, FIELDS);
  if (placed.field !== null)
    return { errors: { ...errors, [placed.field]: placed.message }, saveError: null };
  return { errors, saveError: placed.message };
}

export const providerManageMachine = setup({
  types: {
    input: {} as { providerId: number },
    context: {} as ProviderManageContext,
    events: {} as ProviderManageEvent,
    emitted: {} as ProviderManageEmitted,
  },
  actors: {
    loadProvider: placeholder<LoadedProvider, { providerId: number }>('loadProvider'),
    geocodeAddress: placeholder<Place, { address: string }>('geocodeAddress'),
    saveProvider: placeholder<SaveProviderResult, SaveProviderInput>('saveProvider'),
  },
  guards: {
    isValidNeedingCoordinates: ({ context }) =>
      check(context).ok && draftNeedsGeocoding(context.locationDraft),
    isValid: ({ context }) => check(context).ok,
    isAllSaved: ({ event }) => {
      const result = (event as unknown as { output: SaveProviderResult }).output;
      return result.provider.ok && result.location.ok;
    },
    hasUnsavedChanges: ({ context }) => hasUnsavedChanges(context),
    /** Either part was refused because someone else saved it since it was read. */
    isStaleResult: ({ event }) => {
      const result = (event as unknown as { output: SaveProviderResult }).output;
      return (
        (!result.provider.ok && isStaleError(result.provider.error)) ||
        (!result.location.ok && isStaleError(result.location.error))
      );
    },
  },
  actions: {
    notify: emit((_, params: NoticeParams) => notice(params.level, params.message)),
    showErrors: assign(({ context }) => {
      const checked = check(context);
      return { errors: checked.ok ? {} : checked.errors, saveError: null };
    }),
    clearErrors: assign({ errors: {}, saveError: null }),
    /** Reload after a stale save: the fresh records, with every field the person changed on top. */
    takeReloaded: assign(({ context, event }) => {
      const { provider, location } = (event as unknown as { output: LoadedProvider }).output;
      const fresh = providerDraftFrom(provider);
      const freshLocation = locationDraftFrom(location);
      return {
        provider,
        location,
        draft: rebaseDraft(context.savedDraft, context.draft, fresh),
        locationDraft: rebaseDraft(context.savedLocationDraft, context.locationDraft, freshLocation),
        savedDraft: fresh,
        savedLocationDraft: freshLocation,
        saveError: null,
      };
    }),
    announceSaved: emit(({ context }) => ({
      type: 'provider.saved' as const,
      provider: context.provider as Provider,
    })),
    applyResult: assign(({ context, event }) => {
      const result = (event as unknown as { output: SaveProviderResult }).output;
      let next: Partial<ProviderManageContext> = { errors: {}, saveError: null };
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
    }),
  },
}).createMachine({
  id: 'providerManage',
  context: ({ input }) => {
    const empty = locationDraftFrom(null);
    const draft: ProviderDraft = {
      name: '',
      description: '',
      phoneNumber: '',
      isSMSNotificationsEnabled: false,
      availableAfterDays: 0,
    };
    return {
      providerId: input.providerId,
      provider: null,
      location: null,
      draft,
      locationDraft: empty,
      savedDraft: draft,
      savedLocationDraft: empty,
      errors: {},
      saveError: null,
    };
  },
  initial: 'loading',
  on: {
    'provider.updated': {
      guard: ({ context, event }) =>
        context.provider !== null && event.provider.version > context.provider.version,
      actions: assign({
        provider: ({ context, event }) => ({ ...(context.provider as Provider), ...event.provider }),
      }),
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadProvider',
        input: ({ context }) => ({ providerId: context.providerId }),
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => {
            const draft = providerDraftFrom(event.output.provider);
            const locationDraft = locationDraftFrom(event.output.location);
            return {
              provider: event.output.provider,
              location: event.output.location,
              draft,
              locationDraft,
              savedDraft: draft,
              savedLocationDraft: locationDraft,
            };
          }),
        },
        onError: 'loadFailed',
      },
    },
    loadFailed: { on: { 'load.retry': 'loading' } },
    editing: {
      on: {
        'provider.change': {
          actions: assign(({ context, event }) => ({
            draft: { ...context.draft, [event.field]: event.value },
            errors: { ...context.errors, name: event.field === 'name' ? undefined : context.errors.name },
          })),
        },
        'provider.sms': {
          actions: assign(({ context, event }) => ({
            draft: { ...context.draft, isSMSNotificationsEnabled: event.value },
          })),
        },
        'provider.availableAfter': {
          actions: assign(({ context, event }) => ({
            draft: { ...context.draft, availableAfterDays: event.value },
          })),
        },
        'location.change': {
          actions: assign(({ context, event }) => {
            const key: ManageField = (FIELDS as readonly string[]).includes(event.field)
              ? (event.field as ManageField)
              : 'address';
            return {
              locationDraft: { ...context.locationDraft, [event.field]: event.value },
              errors: { ...context.errors, [key]: undefined },
            };
          }),
        },
        'location.flag': {
          actions: assign(({ context, event }) => ({
            locationDraft: { ...context.locationDraft, [event.field]: event.value },
          })),
        },
        'address.pick': {
          actions: assign(({ context, event }) => ({
            locationDraft: withPlace(context.locationDraft, event.place),
            errors: { ...context.errors, address: undefined, coordinates: undefined },
          })),
        },
        'hours.change': {
          actions: assign(({ context, event }) => ({
            locationDraft: {
              ...context.locationDraft,
              hours: withDayHours(context.locationDraft.hours, event.day, event.value),
            },
            errors: { ...context.errors, [`day${event.day}`]: undefined },
          })),
        },
        'hours.copy': {
          actions: assign(({ context, event }) => ({
            locationDraft: {
              ...context.locationDraft,
              hours: copyDay(context.locationDraft.hours, event.from, event.to),
            },
          })),
        },
        'manage.save': [
          { guard: 'isValidNeedingCoordinates', target: 'geocoding', actions: 'clearErrors' },
          { guard: 'isValid', target: 'saving', actions: 'clearErrors' },
          { actions: 'showErrors' },
        ],
        'manage.exit': [{ guard: 'hasUnsavedChanges', target: 'confirmingExit' }, { target: 'exited' }],
      },
    },
    geocoding: {
      tags: ['saving'],
      invoke: {
        src: 'geocodeAddress',
        input: ({ context }) => ({ address: addressLineOf(context.locationDraft) }),
        onDone: {
          target: 'saving',
          actions: assign(({ context, event }) => ({
            locationDraft: withPlace(
              context.locationDraft,
              // Only the coordinates are taken: the address stays as typed.
              {
                streetAddress: null,
                city: null,
                state: null,
                zip: null,
                country: null,
                coordinates: event.output.coordinates,
              },
            ),
          })),
        },
        onError: {
          target: 'editing',
          actions: [
            assign(({ context }) => ({
              errors: { ...context.errors, address: PROVIDER_MESSAGES.addressInvalid },
            })),
            { type: 'notify', params: { level: 'error', message: PROVIDER_MESSAGES.addressInvalid } },
          ],
        },
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        src: 'saveProvider',
        input: ({ context }) => {
          const checked = check(context);
          if (!checked.ok) throw new Error('saving an invalid provider');
          return {
            providerId: context.providerId,
            locationId: context.location?.id ?? null,
            providerVersion: context.provider?.version,
            locationVersion: context.location?.version,
            values: checked.value,
          };
        },
        onDone: [
          // The part that passed is saved; the stale part waits for Reload (or Keep editing).
          { guard: 'isStaleResult', target: 'stale', actions: 'applyResult' },
          {
            guard: 'isAllSaved',
            target: 'editing',
            actions: [
              'applyResult',
              { type: 'notify', params: { level: 'success', message: PROVIDER_MESSAGES.providerSaved } },
              emit(({ context }) => ({
                type: 'provider.saved' as const,
                provider: context.provider as Provider,
              })),
            ],
          },
          {
            target: 'editing',
            actions: [
              'applyResult',
              { type: 'notify', params: { level: 'error', message: PROVIDER_MESSAGES.providerUpdateFailed } },
            ],
          },
        ],
        onError: [
          { guard: ({ event }) => isStaleError(event.error), target: 'stale' },
          {
            target: 'editing',
            actions: [
              assign(({ context, event }) => refusal(context.errors, event.error)),
              { type: 'notify', params: { level: 'error', message: PROVIDER_MESSAGES.providerUpdateFailed } },
            ],
          },
        ],
      },
    },
    ...staleStates({
      reload: {
        actor: 'loadProvider',
        input: ({ context }: { context: ProviderManageContext }) => ({ providerId: context.providerId }),
      },
      back: 'editing',
      messages: { reloadFailed: EDITOR_MESSAGES.reloadFailed },
    }),
    confirmingExit: {
      on: { 'exit.confirm': 'exited', 'exit.cancel': 'editing' },
    },
    exited: { type: 'final' },
  },
});
