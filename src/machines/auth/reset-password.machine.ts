/**
 * Reset password (01 §2, §5, §8).
 *
 *   editing ──reset.submit [has email]──► sending ──done──► sent ('Reset password email is sent!', 5 s)
 *      ▲                                     └──error──► editing (the error's message)
 *      └──────────── email.change ◄── sent ──reset.submit [has email]──► sending (send again)
 *
 * The Reset button is disabled while the email is empty: the screen asks `can({ type: 'reset.submit' })`.
 */
import { assign, emit, setup } from 'xstate';
import type { Notice } from '../shared/notice';
import { placeholder } from '../shared/placeholder';
import { identityFailure } from './identity-failure';
import { RESET_MESSAGES, TOAST_DURATIONS } from '../../domain/shared/messages';
import { canRequestReset, resetFailureMessage } from '../../domain/auth/reset-password';
import { normaliseEmail } from '../../domain/auth/sign-in';

export interface ResetPasswordContext {
  email: string;
  /** Where the last email went. */
  sentTo: string | null;
  failure: string | null;
}

export type ResetPasswordEvent = { type: 'email.change'; value: string } | { type: 'reset.submit' };

export type ResetPasswordEmitted = Notice & { duration: number };

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    emitted: {} as ResetPasswordEmitted,
    input: {} as { email?: string } | undefined,
  },
  actors: {
    sendReset: placeholder<void, { email: string }>('sendReset'),
  },
  guards: {
    hasEmail: ({ context }) => canRequestReset(context.email),
  },
  actions: {
    setEmail: assign({ email: (_, params: { value: string }) => params.value }),
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({ email: input?.email ?? '', sentTo: null, failure: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'email.change': { actions: { type: 'setEmail', params: ({ event }) => event } },
        'reset.submit': { guard: 'hasEmail', target: 'sending' },
      },
    },
    sending: {
      tags: ['busy'],
      entry: assign({ failure: null }),
      invoke: {
        src: 'sendReset',
        input: ({ context }) => ({ email: normaliseEmail(context.email) }),
        onDone: {
          target: 'sent',
          actions: [
            assign({ sentTo: ({ context }) => normaliseEmail(context.email) }),
            emit({
              type: 'notify',
              level: 'success',
              message: RESET_MESSAGES.sent,
              duration: TOAST_DURATIONS.reset,
            } as const),
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            assign({
              failure: ({ event }) => identityFailure(event.error, resetFailureMessage),
            }),
            emit(({ context }) => ({
              type: 'notify' as const,
              level: 'error' as const,
              message: context.failure ?? '',
              duration: TOAST_DURATIONS.reset,
            })),
          ],
        },
      },
    },
    sent: {
      description: 'The email is on its way; another address, or the same one again, can still be sent.',
      on: {
        'email.change': { target: 'editing', actions: { type: 'setEmail', params: ({ event }) => event } },
        'reset.submit': { guard: 'hasEmail', target: 'sending' },
      },
    },
  },
});
