/**
 * Invite registration, Create Your Account (/provider/invite/{code}?email=; 01 §2, §4, §5, §8).
 *
 *   validating ──done──► editing ──registration.submit [valid]──► registering ──done──► signingIn ──► signedIn
 *       └──error──► invalid    │ [invalid form] (errors shown;          │ error user-exists ──► editing (email marked)
 *                              │  both passwords typed and different:   │ error invalid invite ──► invalid
 *                              │  the mismatch message)                 │ other error ──► editing (catalogue message)
 *                              ◄────────────────────────────────────────┘
 *   signingIn ──error / a role that may not sign in──► registered (the account exists; sign in on /login)
 *
 * Field values live here only (never stored); errors show once a field was left or after a submit
 * (registration.view.ts), each once and in its place: a field's error on the field, a failure of the
 * request as the form's text, never also as a toast. Any failure of the invite check means the invite is invalid.
 */
import { assign, setup } from 'xstate';
import { errorCode } from '../shared/errors';
import type { Notice } from '../shared/notice';
import { placeholder } from '../shared/placeholder';
import { REGISTRATION_MESSAGES } from '../../domain/shared/messages';
import {
  hasRegistrationErrors,
  passwordsMismatch,
  registrationFailure,
  type RegistrationField,
} from '../../domain/auth/registration';
import { isConsoleRole } from '../../domain/auth/roles';
import { normaliseEmail } from '../../domain/auth/sign-in';
import type { InviteCheck, InviteProvider, RegisterResult } from '../../api/contract/invite';
import type { IdentityUser } from '../../api/auth/identity';

export interface RegistrationContext {
  code: string;
  email: string;
  password: string;
  confirmPassword: string;
  touched: Record<RegistrationField, boolean>;
  submitted: boolean;
  providers: InviteProvider[];
  /** The API said an account exists for this email ('Looks like there's an existing account'). */
  emailTaken: boolean;
  failure: string | null;
  user: IdentityUser | null;
}

export type RegistrationEvent =
  | { type: 'field.change'; field: RegistrationField; value: string }
  | { type: 'field.blur'; field: RegistrationField }
  | { type: 'registration.submit' };

export type RegistrationEmitted = Notice;

export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    emitted: {} as RegistrationEmitted,
    input: {} as { code: string; email?: string | undefined },
    output: {} as { user: IdentityUser | null },
  },
  actors: {
    checkInvite: placeholder<InviteCheck, { code: string; email: string }>('checkInvite'),
    register: placeholder<RegisterResult, { email: string; password: string; code: string }>('register'),
    signIn: placeholder<IdentityUser, { email: string; password: string }>('signIn'),
  },
  guards: {
    formIsValid: ({ context }) => !hasRegistrationErrors(context),
    passwordsMismatch: ({ context }) => passwordsMismatch(context),
    isUserExists: (_, params: { error: unknown }) =>
      registrationFailure(errorCode(params.error) ?? undefined).kind === 'userExists',
    isInvalidInvite: (_, params: { error: unknown }) =>
      registrationFailure(errorCode(params.error) ?? undefined).kind === 'invalidInvite',
    hasConsoleRole: (_, params: { user: IdentityUser }) => isConsoleRole(params.user.role),
  },
}).createMachine({
  id: 'registration',
  context: ({ input }) => ({
    code: input.code,
    email: input.email ?? '',
    password: '',
    confirmPassword: '',
    touched: { email: false, password: false, confirmPassword: false },
    submitted: false,
    providers: [],
    emailTaken: false,
    failure: null,
    user: null,
  }),
  initial: 'validating',
  output: ({ context }) => ({ user: context.user }),
  states: {
    validating: {
      description: 'Checks the invite code with the email from the link.',
      tags: ['busy'],
      invoke: {
        src: 'checkInvite',
        input: ({ context }) => ({ code: context.code, email: normaliseEmail(context.email) }),
        onDone: { target: 'editing', actions: assign({ providers: ({ event }) => event.output.providers }) },
        onError: { target: 'invalid' },
      },
    },
    invalid: {
      description: "'The invite code provided is either expired or invalid.'",
      type: 'final',
    },
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => ({
            [event.field]: event.value,
            emailTaken: event.field === 'email' ? false : context.emailTaken,
          })),
        },
        'field.blur': {
          actions: assign({ touched: ({ context, event }) => ({ ...context.touched, [event.field]: true }) }),
        },
        'registration.submit': [
          {
            guard: 'formIsValid',
            target: 'registering',
            actions: assign({ submitted: true, failure: null }),
          },
          {
            guard: 'passwordsMismatch',
            actions: assign({ submitted: true, failure: REGISTRATION_MESSAGES.passwordMismatchSubmit }),
          },
          { actions: assign({ submitted: true, failure: null }) },
        ],
      },
    },
    registering: {
      tags: ['busy'],
      invoke: {
        src: 'register',
        input: ({ context }) => ({
          email: normaliseEmail(context.email),
          password: context.password,
          code: context.code,
        }),
        onDone: { target: 'signingIn' },
        onError: [
          {
            guard: { type: 'isUserExists', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign({ emailTaken: true, failure: null }),
          },
          {
            guard: { type: 'isInvalidInvite', params: ({ event }) => ({ error: event.error }) },
            target: 'invalid',
          },
          {
            target: 'editing',
            actions: assign({ failure: REGISTRATION_MESSAGES.failed }),
          },
        ],
      },
    },
    signingIn: {
      description: 'The new account signs straight in with what was typed.',
      tags: ['busy'],
      invoke: {
        src: 'signIn',
        input: ({ context }) => ({ email: normaliseEmail(context.email), password: context.password }),
        onDone: [
          {
            guard: { type: 'hasConsoleRole', params: ({ event }) => ({ user: event.output }) },
            target: 'signedIn',
            actions: assign({ user: ({ event }) => event.output, password: '', confirmPassword: '' }),
          },
          { target: 'registered' },
        ],
        onError: { target: 'registered' },
      },
    },
    registered: {
      description: 'The account exists but signing in failed: the page points to the sign-in page.',
      type: 'final',
      entry: assign({ password: '', confirmPassword: '' }),
    },
    signedIn: { type: 'final' },
  },
});
