/**
 * Sign-in form (01 §2, §4, §5, §8).
 *
 *   editing ──credentials.submit──► submitting ──done [console role]──► signedIn (final)
 *      ▲                                │ done [other role] ──► rejectingRole ──► editing ('Unauthorized.')
 *      └───────── error (catalogue message) ◄┘
 *
 * The identity call and the sign-out of a rejected role are actors; toasts leave as emitted events.
 */
import { assign, emit, setup } from 'xstate';
import { notice, type Notice } from '../shared/notice';
import { placeholder } from '../shared/placeholder';
import { identityFailure } from './identity-failure';
import { TOAST_DURATIONS } from '../../domain/shared/first-load-messages';
import { isConsoleRole } from '../../domain/auth/roles';
import { normaliseEmail, ROLE_REJECTED, signInFailure, type SignInFailure } from '../../domain/auth/sign-in';
import type { IdentityUser } from '../../api/auth/identity';

export interface SignInContext {
  email: string;
  password: string;
  failure: SignInFailure | null;
  user: IdentityUser | null;
}

export type SignInEvent =
  | { type: 'email.change'; value: string }
  | { type: 'password.change'; value: string }
  | { type: 'credentials.submit' };

/** A failure toast; `log` marks a raw message outside the catalogue, which is also logged. */
export type SignInEmitted = Notice;

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    emitted: {} as SignInEmitted,
    output: {} as { user: IdentityUser },
  },
  actors: {
    signIn: placeholder<IdentityUser, { email: string; password: string }>('signIn'),
    signOut: placeholder<void>('signOut'),
  },
  guards: {
    hasConsoleRole: (_, params: { role: unknown }) => isConsoleRole(params.role),
  },
  actions: {
    notifyFailure: emit(({ context }) =>
      notice('error', context.failure?.message ?? '', {
        duration: TOAST_DURATIONS.signInError,
        log: context.failure?.logged ?? false,
      }),
    ),
  },
}).createMachine({
  id: 'signIn',
  context: { email: '', password: '', failure: null, user: null },
  initial: 'editing',
  output: ({ context }) => ({ user: context.user as IdentityUser }),
  states: {
    editing: {
      description: 'The form takes input; a failure from the last attempt stays shown until the next submit.',
      on: {
        'email.change': { actions: assign({ email: ({ event }) => event.value }) },
        'password.change': { actions: assign({ password: ({ event }) => event.value }) },
        'credentials.submit': { target: 'submitting', actions: assign({ failure: null }) },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'signIn',
        input: ({ context }) => ({ email: normaliseEmail(context.email), password: context.password }),
        onDone: [
          {
            guard: { type: 'hasConsoleRole', params: ({ event }) => ({ role: event.output.role }) },
            target: 'signedIn',
            actions: assign({ user: ({ event }) => event.output }),
          },
          { target: 'rejectingRole' },
        ],
        onError: {
          target: 'editing',
          actions: [
            assign({
              failure: ({ event }) => identityFailure(event.error, signInFailure),
            }),
            'notifyFailure',
          ],
        },
      },
    },
    rejectingRole: {
      description: 'A role other than admin or provider is signed straight back out of the identity service.',
      tags: ['busy'],
      invoke: {
        src: 'signOut',
        onDone: { target: 'editing', actions: [assign({ failure: ROLE_REJECTED }), 'notifyFailure'] },
        onError: { target: 'editing', actions: [assign({ failure: ROLE_REJECTED }), 'notifyFailure'] },
      },
    },
    signedIn: { type: 'final' },
  },
});
