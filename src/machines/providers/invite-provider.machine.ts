/**
 * Invite provider (admin, /providers/provider/invite; 01 §2, §7, §8): an email address and one or more
 * providers, then Save.
 *
 *   editing ──invite.submit [complete]──► sending ──done──► sent ('Sent invite!'; the link is shown)
 *      ▲  └─invite.submit [incomplete]─┘ (errors shown)  └──error──► editing (the server's message)
 *      └──────────────────────── invite.another ◄── sent
 *
 * What was typed stays after a failure. Without a mail service the API returns the registration link and
 * the screen shows it, so the admin can pass it on.
 */
import { assign, emit, setup } from 'xstate';
import type { Notice } from '../shared/notice';
import { placeholder } from '../shared/placeholder';
import { inviteFormErrors } from '../../domain/providers/invites';
import { ACCESS_MESSAGES, REGISTRATION_MESSAGES, USER_MESSAGES } from '../../domain/shared/messages';
import { normaliseEmail } from '../../domain/auth/sign-in';
import type { CreatedInvite, CreateInviteInput } from '../../api/contract/invite';

export interface InviteProviderContext {
  email: string;
  providerIds: number[];
  submitted: boolean;
  failure: string | null;
  sent: CreatedInvite | null;
}

export type InviteProviderEvent =
  | { type: 'email.change'; value: string }
  | { type: 'providers.change'; providerIds: number[] }
  | { type: 'invite.submit' }
  | { type: 'invite.another' };

export type InviteProviderEmitted = Notice;

export const INVITE_FORM_MESSAGES = {
  emailRequired: REGISTRATION_MESSAGES.emailRequired,
  emailInvalid: ACCESS_MESSAGES.inviteEmailInvalid,
  providersRequired: ACCESS_MESSAGES.inviteProvidersRequired,
} as const;

const empty: InviteProviderContext = {
  email: '',
  providerIds: [],
  submitted: false,
  failure: null,
  sent: null,
};

export const inviteProviderMachine = setup({
  types: {
    context: {} as InviteProviderContext,
    events: {} as InviteProviderEvent,
    emitted: {} as InviteProviderEmitted,
  },
  actors: {
    createInvite: placeholder<CreatedInvite, CreateInviteInput>('createInvite'),
  },
  guards: {
    isComplete: ({ context }) => Object.keys(inviteFormErrors(context, INVITE_FORM_MESSAGES)).length === 0,
  },
}).createMachine({
  id: 'inviteProvider',
  context: empty,
  initial: 'editing',
  states: {
    editing: {
      on: {
        'email.change': { actions: assign({ email: ({ event }) => event.value }) },
        'providers.change': {
          actions: assign({ providerIds: ({ event }) => [...new Set(event.providerIds)] }),
        },
        'invite.submit': [
          { guard: 'isComplete', target: 'sending', actions: assign({ submitted: true, failure: null }) },
          { actions: assign({ submitted: true }) },
        ],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        src: 'createInvite',
        input: ({ context }) => ({
          email: normaliseEmail(context.email),
          providerIdArray: context.providerIds,
        }),
        onDone: {
          target: 'sent',
          actions: [
            assign({ sent: ({ event }) => event.output }),
            emit({ type: 'notify', level: 'success', message: USER_MESSAGES.inviteSent } as const),
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            assign({
              failure: ({ event }) =>
                event.error instanceof Error ? event.error.message : String(event.error),
            }),
            emit(({ context }) => ({
              type: 'notify' as const,
              level: 'error' as const,
              message: context.failure ?? '',
            })),
          ],
        },
      },
    },
    sent: {
      on: { 'invite.another': { target: 'editing', actions: assign(empty) } },
    },
  },
});
