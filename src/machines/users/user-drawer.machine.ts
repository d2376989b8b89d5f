/**
 * The user drawer of the users screen (01 §2, §5, §8): one user's account, providers, bookings and credits.
 *
 *   loading ──done──► ready ───────────────────────────────────────────────────────────────┐
 *      │ error ('Error fetching user') ──► loadFailed ──user.retry──► loading              │
 *   ready (parallel)                                                                       │
 *     account:  editing ──user.save [valid]──► saving ──done ('Saved user')──► editing     │
 *                  │  └──user.save [invalid] (field errors)   ├─error ('Error saving user'; taken code/email on its field)
 *                  │                 stale (shared: Reload keeps what was typed) ◄──┘ error record/stale
 *                  └──user.delete──► confirmingDelete ──delete.confirm──► deleting ──done──► deleted (final)
 *                                         └──delete.cancel──► editing      └─error ('Error deleting user')
 *     bookings: loading ──► loaded | failed ('Error fetching appointments') ──bookings.retry──► loading
 *     credits:  loading ──► listed | failed ('Error fetching user credits') ──credits.retry──► loading
 *               listed ──credit.add──► adding ──► listed ('Could not create user credit.' on failure)
 *               listed ──credit.remove [listed]──► confirmingRemove ──remove.confirm──► removing ──► listed
 *                  ('Removed credit.'; 'There was an error removing user credit.')   └─remove.cancel──► listed
 *               listed ──credit.undo [the credit just removed]──► undoing ──done ('Gave the credit back.')──► listed
 *                                                                      └─error (why; Undo again)──► listed
 *
 * The form keeps what was typed through every failure. Role and providers are part of the account form and
 * saved with it; the server writes the role claim and the provider links together.
 * A removed credit that nothing was spent of offers Undo in its toast: the same credit of the list is given
 * to the user again (POST, nothing spent, like the one removed). A partly spent credit could not come back as
 * it was, so its toast offers none. A failed Undo says why and keeps the removed credit to try again.
 */
import { assign, emit, setup } from 'xstate';
import { confirmDeleteStates } from '../shared/confirm-delete';
import { loadRetryStates } from '../shared/load-retry';
import { notice, type NoticeParams, notifying } from '../shared/notice';
import { placeholder } from '../shared/placeholder';
import { INVITE_CODE_EXISTS, type User, type UserUpdate } from '../../api/contract/user';
import type { Appointment } from '../../api/contract/appointment';
import type { UserCredit } from '../../api/contract/credit';
import { EDITOR_MESSAGES, USER_MESSAGES } from '../../domain/shared/messages';
import { toStale, staleStates } from '../shared/record-editor';
import { toUserUpdate, validateUserForm, type UserForm, type UserFormErrors } from '../../domain/users/users';
import {
  failureOf,
  initialUserDrawerContext,
  withAccess,
  withField,
  withFieldError,
  withoutCredit,
  withReloaded,
  withRestoredCredit,
  withUser,
  removedNotice,
  restoreFailedNotice,
  undoableRemoval,
  type UserDrawerContext,
  type UserDrawerEmitted,
  type UserDrawerEvent,
} from './user-drawer.context';

export type {
  UserDrawerContext,
  UserDrawerEmitted,
  UserDrawerEvent,
  UserTextField,
} from './user-drawer.context';

/** The input of the drawer's reads: the user it shows. */
const byUser = ({ context }: { context: UserDrawerContext }) => ({ firebaseUid: context.firebaseUid });

export const userDrawerMachine = setup({
  types: {
    input: {} as { firebaseUid: string },
    context: {} as UserDrawerContext,
    events: {} as UserDrawerEvent,
    emitted: {} as UserDrawerEmitted,
    output: {} as { deleted: true },
  },
  actors: {
    loadUser: placeholder<User, { firebaseUid: string }>('loadUser'),
    saveUser: placeholder<User, { firebaseUid: string; update: UserUpdate }>('saveUser'),
    deleteUser: placeholder<void, { firebaseUid: string }>('deleteUser'),
    loadAppointments: placeholder<Appointment[], { firebaseUid: string }>('loadAppointments'),
    loadCredits: placeholder<UserCredit[], { firebaseUid: string }>('loadCredits'),
    addCredit: placeholder<UserCredit, { firebaseUid: string; creditId: number }>('addCredit'),
    /** Completes with the removed user credit's id. */
    removeCredit: placeholder<number, { firebaseUid: string; userCreditId: number }>('removeCredit'),
  },
  guards: {
    isFormValid: ({ context }) => !!context.form && Object.keys(validateUserForm(context.form)).length === 0,
    isInviteCodeTaken: (_, params: { error: unknown }) => failureOf(params.error).code === INVITE_CODE_EXISTS,
    isEmailTaken: (_, params: { error: unknown }) => failureOf(params.error).code === 'user/email-exists',
    /** Only a credit the list shows can be removed (an older one is gone already). */
    isListedCredit: ({ context, event }) =>
      event.type === 'credit.remove' && context.credits.some((held) => held.id === event.userCreditId),
    /** Only the credit just removed can be given back; an older toast's Undo does nothing. */
    isUndoable: ({ context, event }) =>
      event.type === 'credit.undo' && context.undoableCredit?.id === event.userCreditId,
  },
  actions: {
    notify: emit((_, params: NoticeParams) => notice(params.level, params.message)),
    takeUser: assign((_, { user }: { user: User }) => withUser(user)),
    showFormErrors: assign(({ context }) => ({ errors: context.form ? validateUserForm(context.form) : {} })),
    fieldError: assign(({ context }, params: { field: keyof UserFormErrors; error: unknown }) =>
      withFieldError(context, params.field, params.error),
    ),
    takeAppointments: assign({
      appointments: ({ event }) => (event as unknown as { output: Appointment[] }).output,
    }),
    takeCredits: assign({ credits: ({ event }) => (event as unknown as { output: UserCredit[] }).output }),
    takeReloaded: assign(({ context, event }) =>
      withReloaded(context, (event as unknown as { output: User }).output),
    ),
    /** The list should show the change (a save, a reload, a deletion). */
    announceSaved: emit(({ context }) => ({
      type: 'user.changed' as const,
      firebaseUid: context.firebaseUid,
    })),
    notifyRemoved: emit(({ context }) => removedNotice(context)),
    notifyRestoreFailed: emit(({ context, event }) =>
      restoreFailedNotice(context, (event as { error?: unknown }).error),
    ),
    saveFailed: assign((_, params: { error: unknown }) => ({
      saveError: failureOf(params.error).message ?? USER_MESSAGES.saveFailed,
    })),
  },
}).createMachine({
  id: 'userDrawer',
  context: ({ input }) => initialUserDrawerContext(input.firebaseUid),
  initial: 'loading',
  output: { deleted: true },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadUser',
        input: ({ context }) => ({ firebaseUid: context.firebaseUid }),
        onDone: {
          target: 'ready',
          actions: { type: 'takeUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: notifying('error', USER_MESSAGES.fetchFailed),
        },
      },
    },
    loadFailed: {
      on: { 'user.retry': 'loading' },
    },
    ready: {
      type: 'parallel',
      states: {
        account: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'field.change': {
                  actions: assign(({ context, event }) => withField(context, event.field, event.value)),
                },
                'role.change': {
                  actions: assign(({ context, event }) => withAccess(context, { role: event.role })),
                },
                'providers.change': {
                  actions: assign(({ context, event }) =>
                    withAccess(context, { providerIds: [...new Set(event.providerIds)] }),
                  ),
                },
                'user.save': [
                  {
                    guard: 'isFormValid',
                    target: 'saving',
                    actions: assign({ errors: {}, saveError: null }),
                  },
                  { actions: 'showFormErrors' },
                ],
                'user.delete': 'confirmingDelete',
              },
            },
            saving: {
              tags: ['saving'],
              invoke: {
                src: 'saveUser',
                input: ({ context }) => ({
                  firebaseUid: context.firebaseUid,
                  update: {
                    ...toUserUpdate(context.form as UserForm, context.firebaseUid),
                    version: (context.user as User).version,
                  },
                }),
                onDone: {
                  target: 'editing',
                  actions: [
                    { type: 'takeUser', params: ({ event }) => ({ user: event.output }) },
                    notifying('success', USER_MESSAGES.saved),
                    'announceSaved',
                  ],
                },
                onError: [
                  toStale(),
                  {
                    guard: { type: 'isInviteCodeTaken', params: ({ event }) => ({ error: event.error }) },
                    target: 'editing',
                    actions: [
                      {
                        type: 'fieldError',
                        params: ({ event }) => ({ field: 'inviteCode', error: event.error }),
                      },
                      notifying('error', USER_MESSAGES.saveFailed),
                    ],
                  },
                  {
                    guard: { type: 'isEmailTaken', params: ({ event }) => ({ error: event.error }) },
                    target: 'editing',
                    actions: [
                      { type: 'fieldError', params: ({ event }) => ({ field: 'email', error: event.error }) },
                      notifying('error', USER_MESSAGES.saveFailed),
                    ],
                  },
                  {
                    target: 'editing',
                    actions: [
                      { type: 'saveFailed', params: ({ event }) => ({ error: event.error }) },
                      notifying('error', USER_MESSAGES.saveFailed),
                    ],
                  },
                ],
              },
            },
            ...staleStates({
              reload: {
                actor: 'loadUser',
                input: ({ context }: { context: UserDrawerContext }) => ({
                  firebaseUid: context.firebaseUid,
                }),
              },
            }),
            ...confirmDeleteStates({
              description: 'Removing a user requires confirmation (01 §5).',
              actor: 'deleteUser',
              input: ({ context }: { context: UserDrawerContext }) => ({ firebaseUid: context.firebaseUid }),
              back: 'editing',
              onDone: {
                target: '#userDrawer.deleted',
                actions: [notifying('success', USER_MESSAGES.deleted), 'announceSaved'] as const,
              },
              onError: {
                target: 'editing',
                actions: notifying('error', USER_MESSAGES.deleteFailed),
              },
            }),
          },
        },
        bookings: {
          initial: 'loading',
          states: {
            ...loadRetryStates({
              actor: 'loadAppointments',
              input: byUser,
              done: { target: 'loaded', actions: 'takeAppointments' },
              failedMessage: USER_MESSAGES.appointmentsFailed,
              retry: 'bookings.retry',
            }),
            loaded: {},
          },
        },
        credits: {
          initial: 'loading',
          states: {
            ...loadRetryStates({
              actor: 'loadCredits',
              input: byUser,
              done: { target: 'listed', actions: 'takeCredits' },
              failedMessage: USER_MESSAGES.userCreditsFetchFailed,
              retry: 'credits.retry',
            }),
            listed: {
              on: {
                'credit.add': 'adding',
                'credit.remove': {
                  guard: 'isListedCredit',
                  target: 'confirmingRemove',
                  actions: assign({ removingCreditId: ({ event }) => event.userCreditId }),
                },
                'credit.undo': { guard: 'isUndoable', target: 'undoing' },
              },
            },
            confirmingRemove: {
              description: 'Taking a credit from a user asks first.',
              on: {
                'remove.confirm': 'removing',
                'remove.cancel': { target: 'listed', actions: assign({ removingCreditId: null }) },
              },
            },
            adding: {
              tags: ['creditBusy'],
              invoke: {
                src: 'addCredit',
                input: ({ context, event }) => ({
                  firebaseUid: context.firebaseUid,
                  creditId: (event as Extract<UserDrawerEvent, { type: 'credit.add' }>).creditId,
                }),
                onDone: {
                  target: 'listed',
                  actions: assign({ credits: ({ context, event }) => [...context.credits, event.output] }),
                },
                onError: {
                  target: 'listed',
                  actions: notifying('error', USER_MESSAGES.userCreditCreateFailed),
                },
              },
            },
            removing: {
              tags: ['creditBusy'],
              invoke: {
                src: 'removeCredit',
                input: ({ context }) => ({
                  firebaseUid: context.firebaseUid,
                  userCreditId: context.removingCreditId as number,
                }),
                onDone: {
                  target: 'listed',
                  actions: [
                    assign({
                      undoableCredit: ({ context, event }) => undoableRemoval(context, event.output),
                    }),
                    assign(({ context, event }) => withoutCredit(context, event.output)),
                    'notifyRemoved',
                  ],
                },
                onError: {
                  target: 'listed',
                  actions: [
                    assign({ removingCreditId: null }),
                    notifying('error', USER_MESSAGES.userCreditRemoveFailed),
                  ],
                },
              },
            },
            undoing: {
              tags: ['creditBusy'],
              description:
                'Undo of a removal: the same credit of the list is given to the user again, nothing spent.',
              invoke: {
                src: 'addCredit',
                input: ({ context }) => {
                  if (!context.undoableCredit) throw new Error('undoing without a removed credit');
                  return { firebaseUid: context.firebaseUid, creditId: context.undoableCredit.creditId };
                },
                onDone: {
                  target: 'listed',
                  actions: [
                    assign(({ context, event }) => withRestoredCredit(context, event.output)),
                    notifying('success', EDITOR_MESSAGES.creditRestored),
                  ],
                },
                onError: { target: 'listed', actions: 'notifyRestoreFailed' },
              },
            },
          },
        },
      },
    },
    deleted: { type: 'final' },
  },
});
