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
import { assign, setup } from 'xstate';
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
import type { ConfirmDeleteEvent } from '../shared/confirm-delete';
import type { Notice } from '../shared/notice';
import { deleteRefused, type RecordEditorState, type StaleSaveEvent } from '../shared/record-editor';
import { recordEditorParts, type VersionedSaveInput } from '../shared/record-editor-parts';

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
export type SaveCreditInput = VersionedSaveInput<CreditInput>;

export type CreditEditorOutput = { created: Credit } | { deleted: number };

const parts = recordEditorParts<
  CreditEditorContext,
  CreditEditorEvent,
  CreditEditorEmitted,
  Credit,
  CreditDraft,
  CreditInput,
  { save: 'saveCredit'; reload: 'reloadCredit'; remove: 'deleteCredit' }
>({
  key: 'credit',
  what: 'credit',
  draftFrom: creditDraftFrom,
  empty: EMPTY_CREDIT_DRAFT,
  check: (context) => checkCreditDraft(context.draft, context.credit?.totalInCents),
  fields: ['title', 'description', 'total'] satisfies CreditField[],
  saved: 'credit.saved',
  actors: { save: 'saveCredit', reload: 'reloadCredit', remove: 'deleteCredit' },
  events: { save: 'credit.save', remove: 'credit.delete' },
});

export const creditEditorMachine = setup({
  types: {
    input: {} as { credit: Credit | null },
    context: {} as CreditEditorContext,
    events: {} as CreditEditorEvent,
    emitted: {} as CreditEditorEmitted,
    output: {} as CreditEditorOutput,
  },
  actors: parts.actors,
  guards: parts.guards,
  actions: {
    ...parts.actions,
    deleteFailed: assign(({ event }) => ({
      deleteError: deleteRefused((event as { error?: unknown }).error),
    })),
  },
}).createMachine({
  id: 'creditEditor',
  context: ({ input }) => ({ ...parts.start(input.credit), credit: input.credit, deleteError: null }),
  initial: 'editing',
  output: parts.output,
  states: parts.states({
    messages: {
      created: CREDIT_MESSAGES.created,
      saved: PEOPLE_MESSAGES.creditSaved,
      createFailed: CREDIT_MESSAGES.createFailed,
      updateFailed: CREDIT_MESSAGES.updateFailed,
      deleted: PEOPLE_MESSAGES.creditDeleted,
      deleteFailed: PEOPLE_MESSAGES.creditDeleteFailed,
    },
    clear: { deleteError: null },
    deleteFailed: 'deleteFailed',
  }),
});
