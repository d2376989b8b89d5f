/**
 * Boulevard connection in 3 sub-steps (spec 02 §2, §4, §8, §9): the business id ('Business ID required'),
 * the install instructions, then verification, which reads the business's locations and polls every 5 s
 * (`boulevardPoll`) while the business is unknown or the app not installed ('…retrying...'), and also while
 * it is connected without a location with a valid address ('Connected. But no valid locations found…').
 * With at least one location it shows 'Connected.' and advances after 1 s (`boulevardAdvance`). Leaving
 * verification (Back, or the screen: the actor stops) cancels the pending poll: polling stops.
 *
 *   enteringId ─submit [id]─► instructions ─continue─► verifying.checking ─done [locations]─► connected ─1 s─► done
 *        ▲ back                  ▲ back                   │ error        │ done [none]
 *        └──────────────────────┘└──── verifying ◄────────┤              ▼
 *                                     retrying ─5 s─► checking ◄─5 s─ noLocations
 */
import { assign, setup } from 'xstate';
import type { ExternalProvider } from '../../api/contract/strategies';
import { checkBusinessId, type ConnectionLocation } from '../../domain/connections/connection';
import { BOULEVARD_ADVANCE_MS, BOULEVARD_POLL_MS } from '../../domain/shared/constants';
import { placeholder } from '../shared/placeholder';

export interface BoulevardConnectionInput {
  businessId: string;
}

export interface BoulevardConnectionContext {
  businessId: string;
  error: string | null;
  locations: ConnectionLocation[];
  /** The business as a provider: its id is the provider's externalId. */
  providers: ExternalProvider[];
  /** The last check's outcome, shown while the next one runs. */
  status: 'unchecked' | 'retrying' | 'noLocations';
}

export type BoulevardConnectionEvent =
  | { type: 'business.change'; businessId: string }
  | { type: 'business.submit' }
  | { type: 'connection.continue' }
  | { type: 'connection.back' };

export interface VerifiedBusiness {
  locations: ConnectionLocation[];
  providers: ExternalProvider[];
}

export interface BoulevardConnectionOutput {
  businessId: string;
  externalId: string;
  locations: ConnectionLocation[];
}

export const boulevardConnectionMachine = setup({
  types: {
    input: {} as BoulevardConnectionInput,
    context: {} as BoulevardConnectionContext,
    events: {} as BoulevardConnectionEvent,
    output: {} as BoulevardConnectionOutput,
  },
  actors: {
    verifyBusiness: placeholder<VerifiedBusiness, { businessId: string }>('verifyBusiness'),
  },
  guards: {
    isMissingId: ({ context }) => checkBusinessId(context.businessId) !== null,
    hasLocations: (_, params: { count: number }) => params.count > 0,
  },
  actions: {
    showMissing: assign(({ context }) => ({ error: checkBusinessId(context.businessId) })),
    keepVerified: assign((_, params: VerifiedBusiness) => ({
      locations: params.locations,
      providers: params.providers,
    })),
  },
  delays: { boulevardPoll: BOULEVARD_POLL_MS, boulevardAdvance: BOULEVARD_ADVANCE_MS },
}).createMachine({
  id: 'boulevardConnection',
  context: ({ input }) => ({
    businessId: input.businessId,
    error: null,
    locations: [],
    providers: [],
    status: 'unchecked',
  }),
  initial: 'enteringId',
  output: ({ context }) => ({
    businessId: context.businessId.trim(),
    externalId: context.providers[0]?.id ?? context.businessId.trim(),
    locations: context.locations,
  }),
  states: {
    enteringId: {
      on: {
        'business.change': {
          actions: assign({ businessId: ({ event }) => event.businessId, error: null }),
        },
        'business.submit': [{ guard: 'isMissingId', actions: 'showMissing' }, { target: 'instructions' }],
      },
    },
    instructions: {
      on: {
        'connection.continue': { target: 'verifying', actions: assign({ status: 'unchecked' }) },
        'connection.back': 'enteringId',
      },
    },
    verifying: {
      initial: 'checking',
      on: { 'connection.back': 'instructions' },
      states: {
        checking: {
          tags: ['busy'],
          invoke: {
            src: 'verifyBusiness',
            input: ({ context }) => ({ businessId: context.businessId.trim() }),
            onDone: [
              {
                guard: {
                  type: 'hasLocations',
                  params: ({ event }) => ({ count: event.output.locations.length }),
                },
                target: '#boulevardConnection.connected',
                actions: { type: 'keepVerified', params: ({ event }) => event.output },
              },
              {
                target: 'noLocations',
                actions: [
                  { type: 'keepVerified', params: ({ event }) => event.output },
                  assign({ status: 'noLocations' }),
                ],
              },
            ],
            onError: { target: 'retrying', actions: assign({ status: 'retrying' }) },
          },
        },
        retrying: {
          description: 'Unknown business or app not installed: check again after the poll interval.',
          after: { boulevardPoll: 'checking' },
        },
        noLocations: {
          description: 'Connected, but no location has a valid address: keep checking until one has.',
          after: { boulevardPoll: 'checking' },
        },
      },
    },
    connected: { after: { boulevardAdvance: 'done' } },
    done: { type: 'final' },
  },
});
