/**
 * The promo-code editor (01 §2, §3, §8, §9): /promocodes edits the chosen code, /promocodes/create makes one.
 *
 *   editing ──promo.save [valid]──► saving ──done [was new] ('Created promocode')──► created (final)
 *      │ ▲ └─promo.save [invalid]    │ done [existing] ('Saved promocode') ──► editing
 *      │ ├──── error ('Error saving promocode'; a refusal naming a field, e.g. a taken code, shows there) ◄┘
 *      │ └──── stale (409 record/stale) ──stale.reload──► reloading ──► editing (typed values kept)
 *      └──promo.delete [saved]──► confirmingDelete ──delete.confirm──► deleting ──done ('Deleted promocode')──► deleted (final)
 *                                        └──delete.cancel──► editing      └─error ('Error deleting promocode') ──► editing
 *
 * Saving is the shared versioned save (src/machines/shared/record-editor.ts), the same as the credit editor's.
 * The amount is typed in dollars and stored in cents. No allowed services means no restriction.
 */
import { assign, setup } from 'xstate';
import { placeholder } from '../shared/placeholder';
import type { PromoCode, PromoCodeInput } from '../../api/contract/promo';
import { EDITOR_MESSAGES, PROMO_MESSAGES } from '../../domain/shared/messages';
import {
  checkPromoDraft,
  EMPTY_PROMO_DRAFT,
  promoDraftFrom,
  type PromoDraft,
  type PromoErrors,
  type PromoValues,
} from '../../domain/promos/promos';
import type { ConfirmDeleteEvent } from '../shared/confirm-delete';
import type { Notice } from '../shared/notice';
import {
  changeField,
  editorOutput,
  recordEditorParts,
  startEditing,
  type RecordEditorState,
  type StaleSaveEvent,
} from '../shared/record-editor';

export type PromoTextField = Exclude<keyof PromoDraft, 'allowedServices'>;

export interface PromoEditorContext extends RecordEditorState<PromoDraft, PromoErrors> {
  /** The saved code; null while creating. */
  promo: PromoCode | null;
}

export type PromoEditorEvent =
  | { type: 'field.change'; field: PromoTextField; value: string }
  | { type: 'services.change'; ids: number[] }
  | { type: 'promo.save' }
  | { type: 'promo.delete' }
  | StaleSaveEvent
  | ConfirmDeleteEvent;

export type PromoEditorEmitted = Notice | { type: 'promo.saved'; promo: PromoCode };

/** The code to update with the version it was read at, or nulls while creating. */
export type SavePromoInput =
  | { id: null; version: null; values: PromoCodeInput }
  | { id: number; version: number; values: PromoCodeInput };

export type PromoEditorOutput = { created: PromoCode } | { deleted: number };

const parts = recordEditorParts<
  PromoEditorContext,
  PromoEditorEvent,
  PromoEditorEmitted,
  PromoCode,
  PromoDraft,
  PromoValues
>({
  key: 'promo',
  what: 'promo code',
  draftFrom: promoDraftFrom,
  check: (context) => checkPromoDraft(context.draft, context.promo?.type),
  fields: ['code', 'quantityAbsolute', 'quantityPerUser', 'amount'] satisfies PromoTextField[],
  saved: 'promo.saved',
});

export const promoEditorMachine = setup({
  types: {
    input: {} as { promo: PromoCode | null },
    context: {} as PromoEditorContext,
    events: {} as PromoEditorEvent,
    emitted: {} as PromoEditorEmitted,
    output: {} as PromoEditorOutput,
  },
  actors: {
    savePromo: placeholder<PromoCode, SavePromoInput>('savePromo'),
    reloadPromo: placeholder<PromoCode, { id: number }>('reloadPromo'),
    deletePromo: placeholder<void, { id: number }>('deletePromo'),
  },
  guards: parts.guards,
  actions: parts.actions,
}).createMachine({
  id: 'promoEditor',
  context: ({ input }) => ({
    promo: input.promo,
    ...startEditing<PromoCode, PromoDraft, PromoErrors>(input.promo, promoDraftFrom, EMPTY_PROMO_DRAFT),
  }),
  initial: 'editing',
  output: ({ context }) => editorOutput(context.promo, context.deletedId),
  states: {
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => changeField(context, event.field, event.value)),
        },
        'services.change': {
          actions: assign(({ context, event }) => ({
            draft: { ...context.draft, allowedServices: [...new Set(event.ids)] },
          })),
        },
        'promo.save': [
          { guard: 'isDraftValid', target: 'saving', actions: assign({ errors: {}, saveError: null }) },
          { actions: 'showErrors' },
        ],
        'promo.delete': { guard: 'isSaved', target: 'confirmingDelete' },
      },
    },
    ...parts.states({
      actors: { save: 'savePromo', reload: 'reloadPromo', remove: 'deletePromo' },
      messages: {
        created: PROMO_MESSAGES.created,
        saved: PROMO_MESSAGES.saved,
        createFailed: PROMO_MESSAGES.saveFailed,
        updateFailed: PROMO_MESSAGES.saveFailed,
        reloadFailed: EDITOR_MESSAGES.reloadFailed,
        deleted: PROMO_MESSAGES.deleted,
        deleteFailed: PROMO_MESSAGES.deleteFailed,
      },
    }),
  },
});
