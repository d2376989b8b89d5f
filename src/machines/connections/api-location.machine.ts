/**
 * API location association (/provider/onboarding/apilocation, spec 02 §2, §8): the provider's scheduling
 * system lists its locations (GET /strategies/fetch/locations?provider=); the person picks the one that is
 * the provider's location, and its id is saved as the location's externalLocationId (PUT /locations/{id}).
 * No location, or a list that cannot be read: 'Location can not be found', shown in place with why
 * (`failure`: no location of its own yet, the system refused the saved connection, or it did not answer);
 * a failed save: 'There was an error associating location' as a toast (the choice stays).
 *
 *   loading ─done [has location]─► picking ─submit [chosen]─► associating ─done─► associated
 *      │ error / no location          ▲                            │ error (toast)
 *      ▼                              └────────────────────────────┘
 *   missing ─retry─► loading                      associated ─choose─► picking
 *   associating ─error [record/stale]─► stale (shared: Reload reads the location again, keeping the choice;
 *                                       Keep editing) ─► picking
 *
 * The save sends the location's version as read; the answer's version is kept, so a second save works. A
 * save (or a reload) is announced as `location.saved` with the location as it now is, and another writer of
 * the location (the manage view beside it) hands its newer version over with `location.updated`.
 */
import { assign, emit, setup } from 'xstate';
import { API_ERROR_CODES } from '../../api/contract/error-codes';
import type { Location } from '../../api/contract/provider';
import type { ConnectionLocation } from '../../domain/connections/connection';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { errorCode } from '../shared/errors';
import { notice, type Notice, type NoticeParams } from '../shared/notice';
import { placeholder } from '../shared/placeholder';
import { toStale, staleStates, type StaleSaveEvent } from '../shared/record-editor';

export interface ApiLocationInput {
  providerId: number;
  /** The provider's own location (null: it has none yet). */
  locationId: number | null;
  /** Its current externalLocationId, preselected. */
  current: string | null;
  /** The location's version as read (null when there is no location). */
  locationVersion: number | null;
}

/** Why there is nothing to associate: no location of its own yet, a refused connection, no answer. */
export type LocationLookupFailure = 'no-location' | 'refused' | 'unavailable';

export interface ApiLocationContext extends ApiLocationInput {
  locations: ConnectionLocation[];
  chosen: string | null;
  failure: LocationLookupFailure | null;
}

export type ApiLocationEvent =
  | { type: 'location.choose'; id: string }
  | { type: 'association.submit' }
  | { type: 'association.retry' }
  /** Someone else on the page saved the location: its version as it is now. */
  | { type: 'location.updated'; location: Pick<Location, 'version'> }
  | StaleSaveEvent;

export type ApiLocationEmitted = Notice | { type: 'location.saved'; location: Location };

export interface AssociateInput {
  locationId: number;
  externalLocationId: string;
  /** The version the location was read at; a newer one answers 409 record/stale. */
  version: number;
}

export const apiLocationMachine = setup({
  types: {
    input: {} as ApiLocationInput,
    context: {} as ApiLocationContext,
    events: {} as ApiLocationEvent,
    emitted: {} as ApiLocationEmitted,
  },
  actors: {
    loadLocations: placeholder<ConnectionLocation[], { providerId: number }>('loadLocations'),
    associateLocation: placeholder<Location, AssociateInput>('associateLocation'),
    reloadLocation: placeholder<Location, { locationId: number }>('reloadLocation'),
  },
  guards: {
    hasOwnLocation: ({ context }) => context.locationId !== null,
    hasChoice: ({ context }) => context.chosen !== null,
    isNewerLocation: ({ context, event }) =>
      event.type === 'location.updated' &&
      context.locationVersion !== null &&
      event.location.version > context.locationVersion,
  },
  actions: {
    choose: assign({ chosen: ({ event }) => (event.type === 'location.choose' ? event.id : null) }),
    lackLocation: assign({ failure: 'no-location' as const }),
    failLookup: assign({
      failure: ({ event }) =>
        errorCode((event as { error?: unknown }).error) === API_ERROR_CODES.strategyUnavailable
          ? ('unavailable' as const)
          : ('refused' as const),
    }),
    clearFailure: assign({ failure: null }),
    notify: emit((_, params: NoticeParams) => notice(params.level, params.message)),
    /** Reload after a stale save: the location's version and association as they are now; the choice stays. */
    takeReloaded: assign(({ event }) => {
      const location = (event as unknown as { output: Location }).output;
      return { locationVersion: location.version, current: location.externalLocationId };
    }),
    /** The location as it now is, for whatever else on the page holds it. */
    announceSaved: emit(({ event }) => ({
      type: 'location.saved' as const,
      location: (event as unknown as { output: Location }).output,
    })),
  },
}).createMachine({
  id: 'apiLocation',
  context: ({ input }) => ({ ...input, locations: [], chosen: input.current, failure: null }),
  initial: 'loading',
  on: {
    'location.updated': {
      guard: 'isNewerLocation',
      actions: assign({ locationVersion: ({ event }) => event.location.version }),
    },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadLocations',
        input: ({ context }) => ({ providerId: context.providerId }),
        onDone: [
          {
            guard: 'hasOwnLocation',
            target: 'picking',
            actions: assign({ locations: ({ event }) => event.output }),
          },
          { target: 'missing', actions: 'lackLocation' },
        ],
        onError: { target: 'missing', actions: 'failLookup' },
      },
    },
    missing: {
      description: "'Location can not be found', in place with why (`failure`); the list may be read again.",
      on: { 'association.retry': { target: 'loading', actions: 'clearFailure' } },
    },
    picking: {
      on: {
        'location.choose': { actions: 'choose' },
        'association.submit': { guard: 'hasChoice', target: 'associating' },
      },
    },
    associating: {
      tags: ['busy'],
      invoke: {
        src: 'associateLocation',
        input: ({ context }) => ({
          locationId: context.locationId ?? 0,
          externalLocationId: context.chosen ?? '',
          version: context.locationVersion ?? 0,
        }),
        onDone: {
          target: 'associated',
          actions: [
            assign({
              current: ({ context }) => context.chosen,
              locationVersion: ({ event }) => event.output.version,
            }),
            'announceSaved',
          ],
        },
        onError: [
          toStale(),
          {
            target: 'picking',
            actions: emit(() => notice('error', PROVIDER_MESSAGES.associateLocationFailed)),
          },
        ],
      },
    },
    ...staleStates({
      reload: {
        actor: 'reloadLocation',
        input: ({ context }: { context: ApiLocationContext }) => ({ locationId: context.locationId ?? 0 }),
      },
      back: 'picking',
    }),
    associated: { on: { 'location.choose': { target: 'picking', actions: 'choose' } } },
  },
});
