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
 * The form keeps what was typed through a failure, a refused delete included. A refused save lands on the
 * field the server named (`error.field`), otherwise above the buttons (src/machines/shared/record-editor.ts).
 */
import { assign, emit, setup } from 'xstate';
import type { Credit, CreditInput } from '../../api/contract/credit';
import {
  checkCreditDraft,
  creditDraftFrom,
  EMPTY_CREDIT_DRAFT,
  type CreditDraft,
  type CreditErrors,
  type CreditField,
} from '../../domain/credits/credits';
import { CREDIT_MESSAGES, PEOPLE_MESSAGES } from '../../domain/shared/messages';
import { confirmDeleteStates, type ConfirmDeleteEvent } from '../shared/confirm-delete';
import { notice, type Notice, type NoticeParams } from '../shared/notice';
import { placeholder } from '../shared/placeholder';
import {
  changeField,
  deleteRefused,
  draftErrors,
  editorOutput,
  saveRefused,
  startEditing,
  type RecordEditorState,
} from '../shared/record-editor';

export interface CreditEditorContext extends RecordEditorState<CreditDraft, CreditErrors> {
  /** The saved credit; null while creating. */
  credit: Credit | null;
  /** Why the last delete failed, as the server said it (a credit users hold cannot be deleted). */
  deleteError: string | null;
}

export type CreditEditorEvent =
  | { type: 'field.change'; field: CreditField; value: string }
  | { type: 'credit.save' }
  | { type: 'credit.delete' }
  | ConfirmDeleteEvent;

export type CreditEditorEmitted = Notice | { type: 'credit.saved'; credit: Credit };

/** What saveCredit receives: the credit to update (null to create) and the checked values. */
export interface SaveCreditInput {
  id: number | null;
  values: CreditInput;
}

export type CreditEditorOutput = { created: Credit } | { deleted: number };

const CREDIT_FIELDS: readonly CreditField[] = ['title', 'description', 'total'];

export const creditEditorMachine = setup({
  types: {
    input: {} as { credit: Credit | null },
    context: {} as CreditEditorContext,
    events: {} as CreditEditorEvent,
    emitted: {} as CreditEditorEmitted,
    output: {} as CreditEditorOutput,
  },
  actors: {
    saveCredit: placeholder<Credit, SaveCreditInput>('saveCredit'),
    deleteCredit: placeholder<void, { id: number }>('deleteCredit'),
  },
  guards: {
    isDraftValid: ({ context }) => checkCreditDraft(context.draft, context.credit?.totalInCents).ok,
    isCreating: ({ context }) => context.credit === null,
    isSaved: ({ context }) => context.credit !== null,
  },
  actions: {
    notify: emit((_, params: NoticeParams) => notice(params.level, params.message)),
    showErrors: assign(({ context }) => ({
      errors: draftErrors(checkCreditDraft(context.draft, context.credit?.totalInCents)),
    })),
    saveFailed: assign(({ context }, params: { error: unknown }) =>
      saveRefused(context, params.error, CREDIT_FIELDS),
    ),
    deleteFailed: assign(({ event }) => ({
      deleteError: deleteRefused((event as { error?: unknown }).error),
    })),
    markDeleted: assign({ deletedId: ({ context }) => context.credit?.id ?? null }),
  },
}).createMachine({
  id: 'creditEditor',
  context: ({ input }) => ({
    credit: input.credit,
    ...startEditing<Credit, CreditDraft, CreditErrors>(input.credit, creditDraftFrom, EMPTY_CREDIT_DRAFT),
    deleteError: null,
  }),
  initial: 'editing',
  output: ({ context }) => editorOutput(context.credit, context.deletedId),
  states: {
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => changeField(context, event.field, event.value)),
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
              { type: 'notify', params: { level: 'success', message: CREDIT_MESSAGES.created } },
            ],
          },
          {
            target: 'editing',
            actions: [
              assign({
                credit: ({ event }) => event.output,
                draft: ({ event }) => creditDraftFrom(event.output),
              }),
              { type: 'notify', params: { level: 'success', message: PEOPLE_MESSAGES.creditSaved } },
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
              { type: 'notify', params: { level: 'error', message: CREDIT_MESSAGES.createFailed } },
            ],
          },
          {
            target: 'editing',
            actions: [
              { type: 'saveFailed', params: ({ event }) => ({ error: event.error }) },
              { type: 'notify', params: { level: 'error', message: CREDIT_MESSAGES.updateFailed } },
            ],
          },
        ],
      },
    },
    ...confirmDeleteStates({
      actor: 'deleteCredit',
      input: ({ context }: { context: CreditEditorContext }) => ({ id: (context.credit as Credit).id }),
      back: 'editing',
      confirmActions: assign({ saveError: null, deleteError: null }),
      onDone: {
        target: 'deleted',
        actions: [
          'markDeleted',
          { type: 'notify', params: { level: 'success', message: PEOPLE_MESSAGES.creditDeleted } },
        ] as const,
      },
      onError: {
        target: 'editing',
        actions: [
          'deleteFailed',
          { type: 'notify', params: { level: 'error', message: PEOPLE_MESSAGES.creditDeleteFailed } },
        ] as const,
      },
    }),
    created: { type: 'final' },
    deleted: { type: 'final' },
  },
});
