/**
 * API location association (/provider/onboarding/apilocation, spec 02 §2, §8): the provider's scheduling
 * system lists its locations (GET /strategies/fetch/locations?provider=); the person picks the one that is
 * the provider's location, and its id is saved as the location's externalLocationId (PUT /locations/{id}).
 * No location, or a list that cannot be read: 'Location can not be found'; a failed save: 'There was an
 * error associating location' (the choice stays).
 *
 *   loading ─done [has location]─► picking ─submit [chosen]─► associating ─done─► associated
 *      │ error / no location          ▲                            │ error (toast)
 *      ▼                              └────────────────────────────┘
 *   missing ─retry─► loading                      associated ─choose─► picking
 */
import { assign, emit, setup } from 'xstate';
import type { Location } from '../../api/contract/provider';
import type { ConnectionLocation } from '../../domain/connections/connection';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { notice, type Notice } from '../shared/notice';
import { placeholder } from '../shared/placeholder';

export interface ApiLocationInput {
  providerId: number;
  /** The provider's own location (null: it has none yet). */
  locationId: number | null;
  /** Its current externalLocationId, preselected. */
  current: string | null;
}

export interface ApiLocationContext extends ApiLocationInput {
  locations: ConnectionLocation[];
  chosen: string | null;
}

export type ApiLocationEvent =
  { type: 'location.choose'; id: string } | { type: 'association.submit' } | { type: 'association.retry' };

export interface AssociateInput {
  locationId: number;
  externalLocationId: string;
}

export const apiLocationMachine = setup({
  types: {
    input: {} as ApiLocationInput,
    context: {} as ApiLocationContext,
    events: {} as ApiLocationEvent,
    emitted: {} as Notice,
  },
  actors: {
    loadLocations: placeholder<ConnectionLocation[], { providerId: number }>('loadLocations'),
    associateLocation: placeholder<Location, AssociateInput>('associateLocation'),
  },
  guards: {
    hasOwnLocation: ({ context }) => context.locationId !== null,
    hasChoice: ({ context }) => context.chosen !== null,
  },
  actions: {
    choose: assign({ chosen: ({ event }) => (event.type === 'location.choose' ? event.id : null) }),
    notifyNotFound: emit(() => notice('error', PROVIDER_MESSAGES.locationNotFound)),
  },
}).createMachine({
  id: 'apiLocation',
  context: ({ input }) => ({ ...input, locations: [], chosen: input.current }),
  initial: 'loading',
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
          { target: 'missing', actions: 'notifyNotFound' },
        ],
        onError: { target: 'missing', actions: 'notifyNotFound' },
      },
    },
    missing: {
      description: "'Location can not be found': nothing to associate; the list may be read again.",
      on: { 'association.retry': 'loading' },
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
        }),
        onDone: { target: 'associated', actions: assign({ current: ({ context }) => context.chosen }) },
        onError: {
          target: 'picking',
          actions: emit(() => notice('error', PROVIDER_MESSAGES.associateLocationFailed)),
        },
      },
    },
    associated: { on: { 'location.choose': { target: 'picking', actions: 'choose' } } },
  },
});
