/**
 * The credit editor (01 §2, §3, §5, §8): /credits edits the chosen credit, /credits/create makes one.
 *
 *   editing ──credit.save [valid]──► saving ──done [was new] ('Created credit.')──► created (final)
 *      │ ▲ └─credit.save [invalid] (field errors)  │ done [existing] ('Saved credit.') ──► editing
 *      │ ├──── error ('There was an error creating the credit.' / 'Error updating credit.') ◄┘
 *      │ └──── stale (409 record/stale) ──stale.reload──► reloading ──► editing (typed values kept)
 *      └──credit.delete [saved]──► confirmingDelete ──delete.confirm──► deleting ──done ('Deleted credit.')──► deleted (final)
 *                                         └──delete.cancel──► editing      └─error ('Error deleting credit.')──► editing
 *
 * Saving is the shared versioned save (src/machines/shared/record-editor.ts): the version read goes with
 * the save; a stale save shows the API's message with Reload and Keep editing, and nothing typed is lost.
 * A failed delete keeps the server's reason (deleteError) for the form: a credit that users hold is refused
 * (409 credit/in-use, saying how many hold it), as deleting it would take it from them.
 *
 * The total is typed in dollars and stored in cents; once the credit exists it is shown, never sent changed.
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
import { CREDIT_MESSAGES, EDITOR_MESSAGES, PEOPLE_MESSAGES } from '../../domain/shared/messages';
import { confirmDeleteStates, type ConfirmDeleteEvent } from '../shared/confirm-delete';
import { notice, type Notice, type NoticeParams } from '../shared/notice';
import { placeholder } from '../shared/placeholder';
import {
  changeField,
  deleteRefused,
  draftErrors,
  editorOutput,
  rebaseDraft,
  saveRefused,
  startEditing,
  versionedSaveStates,
  type RecordEditorState,
  type StaleSaveEvent,
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
  | StaleSaveEvent
  | ConfirmDeleteEvent;

export type CreditEditorEmitted = Notice | { type: 'credit.saved'; credit: Credit };

/** What saveCredit receives: the credit to update (null to create), its version read, the checked values. */
export type SaveCreditInput =
  { id: null; version: null; values: CreditInput } | { id: number; version: number; values: CreditInput };

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
    reloadCredit: placeholder<Credit, { id: number }>('reloadCredit'),
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
    takeCreated: assign(({ event }) => ({ credit: (event as unknown as { output: Credit }).output })),
    takeSaved: assign(({ event }) => {
      const credit = (event as unknown as { output: Credit }).output;
      const draft = creditDraftFrom(credit);
      return { credit, draft, base: draft };
    }),
    takeReloaded: assign(({ context, event }) => {
      const credit = (event as unknown as { output: Credit }).output;
      const base = creditDraftFrom(credit);
      return { credit, base, draft: rebaseDraft(context.base, context.draft, base), saveError: null };
    }),
    announceSaved: emit(({ context }) => ({
      type: 'credit.saved' as const,
      credit: context.credit as Credit,
    })),
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
    ...versionedSaveStates({
      save: {
        actor: 'saveCredit',
        input: ({ context }: { context: CreditEditorContext }) => {
          const checked = checkCreditDraft(context.draft, context.credit?.totalInCents);
          if (!checked.ok) throw new Error('saving an invalid credit');
          const { credit } = context;
          return credit
            ? { id: credit.id, version: credit.version, values: checked.value }
            : { id: null, version: null, values: checked.value };
        },
      },
      reload: {
        actor: 'reloadCredit',
        input: ({ context }: { context: CreditEditorContext }) => ({ id: (context.credit as Credit).id }),
      },
      back: 'editing',
      created: 'created',
      messages: {
        created: CREDIT_MESSAGES.created,
        saved: PEOPLE_MESSAGES.creditSaved,
        createFailed: CREDIT_MESSAGES.createFailed,
        updateFailed: CREDIT_MESSAGES.updateFailed,
        reloadFailed: EDITOR_MESSAGES.reloadFailed,
      },
    }),
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
