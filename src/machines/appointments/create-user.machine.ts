/**
 * Create User (02 §2 admin dialogs, §5, §7 POST /user/register): email, first name, last name, password
 * (at least 8 characters), birthdate and phone, all required; the new user is the dialog's output so the
 * Create Appointment dialog can book for them.
 *
 *   editing ──submit [isDraftValid]──► submitting ──done──► created (final: the user)
 *     ▲  submit while invalid: every field's error shows      │ error: 'Created User Failed' (and the field
 *     └───────────────────────────────────────────────────────┘ the server named, e.g. an email in use)
 */
import { assign, emit, setup } from 'xstate';
import {
  checkNewUser,
  EMPTY_NEW_USER,
  type NewUserDraft,
  type NewUserField,
} from '../../domain/appointments/booking';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { placeSaveFailure } from '../shared/errors';
import { notice, type NoticeParams, notifying } from '../shared/notice';
import { placeholder } from '../shared/placeholder';

export interface CreatedUser {
  id: number;
  label: string;
}

export type CreateUserEvent =
  { type: 'field.change'; field: NewUserField; value: string } | { type: 'submit' };

export interface CreateUserContext {
  draft: NewUserDraft;
  errors: Partial<Record<NewUserField, string>>;
  created: CreatedUser | null;
}

const FIELDS: readonly NewUserField[] = ['email', 'firstName', 'lastName', 'password', 'birthdate', 'phone'];

export const createUserMachine = setup({
  types: {
    context: {} as CreateUserContext,
    events: {} as CreateUserEvent,
    emitted: {} as ReturnType<typeof notice>,
    output: {} as CreatedUser | null,
  },
  actors: {
    registerUser: placeholder<CreatedUser, NewUserDraft>('registerUser'),
  },
  guards: {
    isDraftValid: ({ context }) => Object.keys(checkNewUser(context.draft)).length === 0,
  },
  actions: {
    notify: emit((_, params: NoticeParams) => notice(params.level, params.message)),
  },
}).createMachine({
  id: 'createUser',
  context: { draft: EMPTY_NEW_USER, errors: {}, created: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => {
            const { [event.field]: _cleared, ...errors } = context.errors;
            return { draft: { ...context.draft, [event.field]: event.value }, errors };
          }),
        },
        submit: [
          { guard: 'isDraftValid', target: 'submitting' },
          { actions: assign({ errors: ({ context }) => checkNewUser(context.draft) }) },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'registerUser',
        input: ({ context }) => context.draft,
        onDone: {
          target: 'created',
          actions: [
            assign({ created: ({ event }) => event.output }),
            notifying('success', PROVIDER_MESSAGES.userCreated),
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            assign(({ context, event }) => {
              const placed = placeSaveFailure(event.error, FIELDS);
              return placed.field ? { errors: { ...context.errors, [placed.field]: placed.message } } : {};
            }),
            notifying('error', PROVIDER_MESSAGES.createUserFailed),
          ],
        },
      },
    },
    created: { type: 'final' },
  },
  output: ({ context }) => context.created,
});
