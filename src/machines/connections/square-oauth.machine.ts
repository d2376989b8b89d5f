/**
 * Square OAuth (spec 02 §2, §4, §8): Connect makes a fresh state parameter and sends the browser to the
 * authorisation page with it and the requested scopes. The page returns to the console with `code` and the
 * state, or with an error; the machine starts again there with that return. A state other than the one
 * sent is refused; a code is exchanged (POST /strategies/exchange-oauth-code: the tokens are saved as
 * credentials), the connection's locations are read with them, and the flow advances. A denial or a failure
 * shows the server's message and Connect tries again. The screen sends the return as `square.returned`.
 *
 *   idle ─returned [state differs]──► failed ◄─returned [error]
 *        ─returned [code]─► exchanging ─done─► readingLocations ─done─► connected
 *        ─connect─► preparing ─done─► redirecting (the browser leaves)
 *   failed ─connect─► preparing            (errors of exchanging/readingLocations/preparing → failed)
 */
import { assign, setup } from 'xstate';
import type { Credentials } from '../../api/contract/onboarding';
import type { ConnectionLocation } from '../../domain/connections/connection';
import { SQUARE_STATE_MISMATCH, type OAuthReturn } from '../../domain/connections/square';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { errorMessage } from '../shared/errors';
import { placeholder } from '../shared/placeholder';

export interface SquareOAuthInput {
  /** The state this browser sent, kept across the round trip; null when none was sent. */
  expectedState: string | null;
}

export interface SquareOAuthContext extends SquareOAuthInput {
  /** The query the authorisation page returned with. */
  returned: OAuthReturn | null;
  error: string | null;
  credentials: Credentials | null;
  locations: ConnectionLocation[];
}

export type SquareOAuthEvent = { type: 'square.connect' } | { type: 'square.returned'; query: OAuthReturn };

export interface SquareOAuthOutput {
  credentialsId: number;
  locations: ConnectionLocation[];
}

const returnOf = (event: SquareOAuthEvent) => (event.type === 'square.returned' ? event.query : null);

export const squareOAuthMachine = setup({
  types: {
    input: {} as SquareOAuthInput,
    context: {} as SquareOAuthContext,
    events: {} as SquareOAuthEvent,
    output: {} as SquareOAuthOutput,
  },
  actors: {
    newState: placeholder<string>('newState'),
    authorize: placeholder<void, { state: string }>('authorize'),
    exchangeCode: placeholder<Credentials, { code: string }>('exchangeCode'),
    fetchLocations: placeholder<ConnectionLocation[], { credentialsId: number }>('fetchLocations'),
  },
  guards: {
    stateDiffers: ({ context, event }) => {
      const back = returnOf(event);
      return back !== null && (context.expectedState === null || back.state !== context.expectedState);
    },
    wasRefused: ({ event }) => {
      const back = returnOf(event);
      return back !== null && (back.error !== null || !back.code);
    },
  },
  actions: {
    fail: assign((_, params: { message: string }) => ({ error: params.message })),
  },
}).createMachine({
  id: 'squareOAuth',
  context: ({ input }) => ({ ...input, returned: null, error: null, credentials: null, locations: [] }),
  initial: 'idle',
  output: ({ context }) => ({ credentialsId: context.credentials?.id ?? 0, locations: context.locations }),
  states: {
    idle: {
      on: {
        'square.connect': 'preparing',
        'square.returned': [
          {
            guard: 'stateDiffers',
            target: 'failed',
            actions: { type: 'fail', params: { message: SQUARE_STATE_MISMATCH } },
          },
          {
            guard: 'wasRefused',
            target: 'failed',
            actions: assign(({ event }) => ({
              error: event.query.errorDescription ?? event.query.error ?? SQUARE_STATE_MISMATCH,
            })),
          },
          { target: 'exchanging', actions: assign({ returned: ({ event }) => event.query }) },
        ],
      },
    },
    preparing: {
      tags: ['busy'],
      invoke: {
        src: 'newState',
        onDone: { target: 'redirecting', actions: assign({ expectedState: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    redirecting: {
      description: 'The browser is on its way to the authorisation page.',
      tags: ['busy'],
      invoke: {
        src: 'authorize',
        input: ({ context }) => ({ state: context.expectedState ?? '' }),
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    exchanging: {
      tags: ['busy'],
      invoke: {
        src: 'exchangeCode',
        input: ({ context }) => ({ code: context.returned?.code ?? '' }),
        onDone: { target: 'readingLocations', actions: assign({ credentials: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    readingLocations: {
      tags: ['busy'],
      invoke: {
        src: 'fetchLocations',
        input: ({ context }) => ({ credentialsId: context.credentials?.id ?? 0 }),
        onDone: { target: 'connected', actions: assign({ locations: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: { type: 'fail', params: { message: PROVIDER_MESSAGES.locationsFailed } },
        },
      },
    },
    failed: {
      on: { 'square.connect': { target: 'preparing', actions: assign({ error: null, returned: null }) } },
    },
    connected: { type: 'final' },
  },
});
