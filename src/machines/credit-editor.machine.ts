/**
 * The credit editor (01 §2, §3, §5, §8): /credits edits the chosen credit, /credits/create makes one.
 *
 *   editing ──credit.save [valid]──► saving ──done [was new] ('Created credit.')──► created (final)
 *      │ ▲ └─credit.save [invalid] (field errors)  │ done [existing] ('Saved credit.') ──► editing
 *      │ └──── error ('There was an error creating the credit.' / 'Error updating credit.') ◄┘
 *      └──credit.delete [saved]──► confirmingDelete ──delete.confirm──► deleting ──done ('Deleted credit.')──► deleted (final)
 *                                         └──delete.cancel──► editing      └─error ('Error deleting credit.')──► editing
 *
 * A failed delete keeps the server's reason (deleteError) for the form: a credit that users hold is refused
 * (409 credit/in-use, saying how many hold it), as deleting it would take it from them.
 *
 * The total is typed in dollars and stored in cents; once the credit exists it is shown, never sent changed.
 * The form keeps what was typed through a failure, a refused delete included.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { Credit, CreditInput } from '../api/contract/credit';
import {
  checkCreditDraft,
  creditDraftFrom,
  EMPTY_CREDIT_DRAFT,
  type CreditDraft,
  type CreditErrors,
  type CreditField,
} from '../domain/credits';
import { CREDIT_MESSAGES, PEOPLE_MESSAGES } from '../domain/messages';

export interface CreditEditorContext {
  /** The saved credit; null while creating. */
  credit: Credit | null;
  draft: CreditDraft;
  errors: CreditErrors;
  saveError: string | null;
  /** Why the last delete failed, as the server said it (a credit users hold cannot be deleted). */
  deleteError: string | null;
  /** Set once the saved credit is deleted. */
  deletedId: number | null;
}

export type CreditEditorEvent =
  | { type: 'field.change'; field: CreditField; value: string }
  | { type: 'credit.save' }
  | { type: 'credit.delete' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

export type CreditEditorEmitted =
  { type: 'notify'; status: 'success' | 'error'; message: string } | { type: 'credit.saved'; credit: Credit };

/** What saveCredit receives: the credit to update (null to create) and the checked values. */
export interface SaveCreditInput {
  id: number | null;
  values: CreditInput;
}

export type CreditEditorOutput = { created: Credit } | { deleted: number };

export const creditEditorMachine = setup({
  types: {
    input: {} as { credit: Credit | null },
    context: {} as CreditEditorContext,
    events: {} as CreditEditorEvent,
    emitted: {} as CreditEditorEmitted,
    output: {} as CreditEditorOutput,
  },
  actors: {
    saveCredit: fromPromise<Credit, SaveCreditInput>(() =>
      Promise.reject(new Error('saveCredit is provided by the route')),
    ),
    deleteCredit: fromPromise<void, { id: number }>(() =>
      Promise.reject(new Error('deleteCredit is provided by the route')),
    ),
  },
  guards: {
    isDraftValid: ({ context }) => checkCreditDraft(context.draft, context.credit?.totalInCents).ok,
    isCreating: ({ context }) => context.credit === null,
    isSaved: ({ context }) => context.credit !== null,
  },
  actions: {
    notify: emit((_, params: { status: 'success' | 'error'; message: string }) => ({
      type: 'notify' as const,
      ...params,
    })),
    showErrors: assign(({ context }) => {
      const checked = checkCreditDraft(context.draft, context.credit?.totalInCents);
      return { errors: checked.ok ? {} : checked.errors };
    }),
    saveFailed: assign((_, params: { error: unknown }) => {
      const error = params.error as { message?: unknown } | null;
      return { saveError: typeof error?.message === 'string' ? error.message : null };
    }),
    deleteFailed: assign((_, params: { error: unknown }) => {
      const error = params.error as { message?: unknown } | null;
      return { deleteError: typeof error?.message === 'string' ? error.message : null };
    }),
  },
}).createMachine({
  id: 'creditEditor',
  context: ({ input }) => ({
    credit: input.credit,
    draft: input.credit ? creditDraftFrom(input.credit) : EMPTY_CREDIT_DRAFT,
    errors: {},
    saveError: null,
    deleteError: null,
    deletedId: null,
  }),
  initial: 'editing',
  output: ({ context }) =>
    context.deletedId !== null ? { deleted: context.deletedId } : { created: context.credit as Credit },
  states: {
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => ({
            draft: { ...context.draft, [event.field]: event.value },
            errors: { ...context.errors, [event.field]: undefined },
          })),
        },
        'credit.save': [
          {
            guard: 'isDraftValid',
            target: 'saving',
            actions: assign({ errors: {}, saveError: null, deleteError: null }),
          },
          { actions: 'showErrors' },
        ],
        'credit.delete': { guard: 'isSaved', target: 'confirmingDelete' },
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        src: 'saveCredit',
        input: ({ context }) => {
          const checked = checkCreditDraft(context.draft, context.credit?.totalInCents);
          if (!checked.ok) throw new Error('saving an invalid credit');
          return { id: context.credit?.id ?? null, values: checked.value };
        },
        onDone: [
          {
            guard: 'isCreating',
            target: 'created',
            actions: [
              assign({ credit: ({ event }) => event.output }),
              { type: 'notify', params: { status: 'success', message: CREDIT_MESSAGES.created } },
            ],
          },
          {
            target: 'editing',
            actions: [
              assign({
                credit: ({ event }) => event.output,
                draft: ({ event }) => creditDraftFrom(event.output),
              }),
              { type: 'notify', params: { status: 'success', message: PEOPLE_MESSAGES.creditSaved } },
              emit(({ event }) => ({ type: 'credit.saved' as const, credit: event.output })),
            ],
          },
        ],
        onError: [
          {
            guard: 'isCreating',
            target: 'editing',
            actions: [
              { type: 'saveFailed', params: ({ event }) => ({ error: event.error }) },
              { type: 'notify', params: { status: 'error', message: CREDIT_MESSAGES.createFailed } },
            ],
          },
          {
            target: 'editing',
            actions: [
              { type: 'saveFailed', params: ({ event }) => ({ error: event.error }) },
              { type: 'notify', params: { status: 'error', message: CREDIT_MESSAGES.updateFailed } },
            ],
          },
        ],
      },
    },
    confirmingDelete: {
      on: {
        'delete.confirm': { target: 'deleting', actions: assign({ saveError: null, deleteError: null }) },
        'delete.cancel': 'editing',
      },
    },
    deleting: {
      tags: ['deleting'],
      invoke: {
        src: 'deleteCredit',
        input: ({ context }) => ({ id: (context.credit as Credit).id }),
        onDone: {
          target: 'deleted',
          actions: [
            assign({ deletedId: ({ context }) => context.credit?.id ?? null }),
            { type: 'notify', params: { status: 'success', message: PEOPLE_MESSAGES.creditDeleted } },
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            { type: 'deleteFailed', params: ({ event }) => ({ error: event.error }) },
            { type: 'notify', params: { status: 'error', message: PEOPLE_MESSAGES.creditDeleteFailed } },
          ],
        },
      },
    },
    created: { type: 'final' },
    deleted: { type: 'final' },
  },
});
