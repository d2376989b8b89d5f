/**
 * Invite provider (admin, /providers/provider/invite; 01 §2, §7, §8): an email address and one or more
 * providers, then Save.
 *
 *   editing ──invite.submit [complete]──► lookingUp ──done [no account]──► sending ──done──► sent
 *      ▲  └─invite.submit [incomplete]─┘      │ done [an account]──► accountExists      └──error──► editing
 *      │                                      └──error──► sending (the lookup is a courtesy, not a gate)
 *      │   accountExists ──role.grant [not an admin]──► granting ──done──► granted ('… is now a provider')
 *      │        │ email.change / providers.change ──► editing        └──error──► accountExists (message)
 *      └──────── invite.another ◄── sent, granted
 *
 * Why lookingUp: an invite to an email that already has an account leads its owner to a dead end (they
 * cannot register twice), so before sending, the screen says so and offers what works: giving that account
 * the Provider role with the chosen providers (the same update as the user drawer's role change).
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
import type { UserRole } from '../../domain/users/users';

/** An account that already holds the invited email (from the lookup before sending). */
export interface ExistingAccount {
  firebaseUid: string;
  email: string;
  name: string;
  role: UserRole;
}

export interface InviteProviderContext {
  email: string;
  providerIds: number[];
  submitted: boolean;
  failure: string | null;
  sent: CreatedInvite | null;
  existing: ExistingAccount | null;
  /** The account that was given the Provider role instead of an invite. */
  granted: ExistingAccount | null;
}

export type InviteProviderEvent =
  | { type: 'email.change'; value: string }
  | { type: 'providers.change'; providerIds: number[] }
  | { type: 'invite.submit' }
  | { type: 'role.grant' }
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
  existing: null,
  granted: null,
};

export const inviteProviderMachine = setup({
  types: {
    context: {} as InviteProviderContext,
    events: {} as InviteProviderEvent,
    emitted: {} as InviteProviderEmitted,
  },
  actors: {
    createInvite: placeholder<CreatedInvite, CreateInviteInput>('createInvite'),
    findAccount: placeholder<ExistingAccount | null, { email: string }>('findAccount'),
    grantProviderRole: placeholder<void, { firebaseUid: string; providerIds: number[] }>('grantProviderRole'),
  },
  guards: {
    isComplete: ({ context }) => Object.keys(inviteFormErrors(context, INVITE_FORM_MESSAGES)).length === 0,
    hasAccount: (_, params: { account: ExistingAccount | null }) => params.account !== null,
    mayBecomeProvider: ({ context }) => context.existing !== null && context.existing.role !== 'ADMIN',
  },
  actions: {
    backToEditing: assign({ existing: null, failure: null }),
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
          { guard: 'isComplete', target: 'lookingUp', actions: assign({ submitted: true, failure: null }) },
          { actions: assign({ submitted: true }) },
        ],
      },
    },
    lookingUp: {
      description: 'Is there an account with this email already? Asked before any invite is sent.',
      tags: ['busy'],
      invoke: {
        src: 'findAccount',
        input: ({ context }) => ({ email: normaliseEmail(context.email) }),
        onDone: [
          {
            guard: { type: 'hasAccount', params: ({ event }) => ({ account: event.output }) },
            target: 'accountExists',
            actions: assign({ existing: ({ event }) => event.output }),
          },
          { target: 'sending' },
        ],
        onError: { target: 'sending' },
      },
    },
    accountExists: {
      description: 'The email has an account: no invite; the Provider role can be given to it instead.',
      on: {
        'email.change': {
          target: 'editing',
          actions: ['backToEditing', assign({ email: ({ event }) => event.value })],
        },
        'providers.change': {
          target: 'editing',
          actions: ['backToEditing', assign({ providerIds: ({ event }) => [...new Set(event.providerIds)] })],
        },
        'role.grant': { guard: 'mayBecomeProvider', target: 'granting', actions: assign({ failure: null }) },
      },
    },
    granting: {
      tags: ['busy'],
      invoke: {
        src: 'grantProviderRole',
        input: ({ context }) => ({
          firebaseUid: context.existing?.firebaseUid ?? '',
          providerIds: context.providerIds,
        }),
        // Said once, in the form's place (granted), not also as a toast.
        onDone: {
          target: 'granted',
          actions: assign({ granted: ({ context }) => context.existing, existing: null }),
        },
        onError: {
          target: 'accountExists',
          actions: assign({ failure: ACCESS_MESSAGES.inviteRoleGiveFailed }),
        },
      },
    },
    granted: {
      on: { 'invite.another': { target: 'editing', actions: assign(empty) } },
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
        // Said once, on the form (not also as a toast).
        onError: {
          target: 'editing',
          actions: assign({
            failure: ({ event }) =>
              event.error instanceof Error ? event.error.message : String(event.error),
          }),
        },
      },
    },
    sent: {
      on: { 'invite.another': { target: 'editing', actions: assign(empty) } },
    },
  },
});
