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
 *
 * Leaving (Exit, another provider, a link, a reload) is the screen's: the console's one unsaved-changes guard
 * asks while `hasUnsavedChanges` (provider-manage.context.ts) is true.
 *
 * Why the save result is a value: the provider and its location are two requests; one can pass while the
 * other is refused. The part that passed becomes the new saved state, the refused part keeps what was typed
 * and the server's message lands on its field (or above the buttons). The context, the edits and settling a
 * save are pure functions in provider-manage.context.ts.
 */
import { assign, emit, setup } from 'xstate';
import type { Place } from '../../api/contract/geo';
import type { Provider } from '../../api/contract/provider';
import { addressLineOf, draftNeedsGeocoding } from '../../domain/providers/provider-draft';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { notice, type NoticeParams, notifying } from '../shared/notice';
import { placeholder } from '../shared/placeholder';
import { toStale, staleStates } from '../shared/record-editor';
import {
  allSaved,
  applyResult,
  check,
  edits,
  geocoded,
  initialContext,
  loaded,
  refusal,
  reloaded,
  saveInput,
  staleResult,
  type LoadedProvider,
  type ProviderManageContext,
  type ProviderManageEmitted,
  type ProviderManageEvent,
  type SaveProviderInput,
  type SaveProviderResult,
} from './provider-manage.context';

/** The actors and their tests build these. */
export type { LoadedProvider, ProviderManageEmitted, SaveProviderInput, SaveProviderResult };

const saveResult = (event: unknown) => (event as { output: SaveProviderResult }).output;

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
    isAllSaved: ({ event }) => allSaved(saveResult(event)),
    /** Either part was refused because someone else saved it since it was read. */
    isStaleResult: ({ event }) => staleResult(saveResult(event)),
  },
  actions: {
    notify: emit((_, params: NoticeParams) => notice(params.level, params.message)),
    showErrors: assign(({ context }) => {
      const checked = check(context);
      return { errors: checked.ok ? {} : checked.errors, saveError: null };
    }),
    clearErrors: assign({ errors: {}, saveError: null }),
    /** Reload after a stale save: the fresh records, with every field the person changed on top. */
    takeReloaded: assign(({ context, event }) =>
      reloaded(context, (event as unknown as { output: LoadedProvider }).output),
    ),
    announceSaved: emit(({ context }) => ({
      type: 'provider.saved' as const,
      provider: context.provider as Provider,
    })),
    applyResult: assign(({ context, event }) => applyResult(context, saveResult(event))),
  },
}).createMachine({
  id: 'providerManage',
  context: ({ input }) => initialContext(input.providerId),
  initial: 'loading',
  on: {
    'provider.updated': {
      guard: ({ context, event }) =>
        context.provider !== null && event.provider.version > context.provider.version,
      actions: assign({
        provider: ({ context, event }) => ({ ...(context.provider as Provider), ...event.provider }),
      }),
    },
    'location.updated': {
      guard: ({ context, event }) =>
        context.location !== null &&
        context.location.id === event.location.id &&
        event.location.version > context.location.version,
      // The drafts hold none of what the other section writes: only the record and its version follow.
      actions: assign({ location: ({ event }) => event.location }),
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadProvider',
        input: ({ context }) => ({ providerId: context.providerId }),
        onDone: { target: 'editing', actions: assign(({ event }) => loaded(event.output)) },
        onError: 'loadFailed',
      },
    },
    loadFailed: { on: { 'load.retry': 'loading' } },
    editing: {
      on: {
        'provider.change': { actions: assign(({ context, event }) => edits.providerChange(context, event)) },
        'provider.sms': { actions: assign(({ context, event }) => edits.providerSms(context, event)) },
        'provider.availableAfter': {
          actions: assign(({ context, event }) => edits.providerAvailableAfter(context, event)),
        },
        'location.change': { actions: assign(({ context, event }) => edits.locationChange(context, event)) },
        'location.flag': { actions: assign(({ context, event }) => edits.locationFlag(context, event)) },
        'address.pick': { actions: assign(({ context, event }) => edits.addressPick(context, event)) },
        'hours.change': { actions: assign(({ context, event }) => edits.hoursChange(context, event)) },
        'hours.copy': { actions: assign(({ context, event }) => edits.hoursCopy(context, event)) },
        'manage.save': [
          { guard: 'isValidNeedingCoordinates', target: 'geocoding', actions: 'clearErrors' },
          { guard: 'isValid', target: 'saving', actions: 'clearErrors' },
          { actions: 'showErrors' },
        ],
      },
    },
    geocoding: {
      tags: ['saving'],
      invoke: {
        src: 'geocodeAddress',
        input: ({ context }) => ({ address: addressLineOf(context.locationDraft) }),
        onDone: {
          target: 'saving',
          actions: assign(({ context, event }) => geocoded(context, event.output)),
        },
        onError: {
          target: 'editing',
          actions: [
            assign(({ context }) => ({
              errors: { ...context.errors, address: PROVIDER_MESSAGES.addressInvalid },
            })),
            notifying('error', PROVIDER_MESSAGES.addressInvalid),
          ],
        },
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        src: 'saveProvider',
        input: ({ context }) => saveInput(context),
        onDone: [
          // The part that passed is saved; the stale part waits for Reload (or Keep editing).
          { guard: 'isStaleResult', target: 'stale', actions: 'applyResult' },
          {
            guard: 'isAllSaved',
            target: 'editing',
            actions: [
              'applyResult',
              notifying('success', PROVIDER_MESSAGES.providerSaved),
              emit(({ context }) => ({
                type: 'provider.saved' as const,
                provider: context.provider as Provider,
              })),
            ],
          },
          {
            target: 'editing',
            actions: ['applyResult', notifying('error', PROVIDER_MESSAGES.providerUpdateFailed)],
          },
        ],
        onError: [
          toStale(),
          {
            target: 'editing',
            actions: [
              assign(({ context, event }) => refusal(context.errors, event.error)),
              notifying('error', PROVIDER_MESSAGES.providerUpdateFailed),
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
    }),
  },
});
