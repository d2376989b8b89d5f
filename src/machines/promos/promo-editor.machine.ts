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
import type { PromoCode } from '../../api/contract/promo';
import { PROMO_MESSAGES } from '../../domain/shared/messages';
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
import type { RecordEditorState, StaleSaveEvent } from '../shared/record-editor';
import { recordEditorParts, type VersionedSaveInput } from '../shared/record-editor-parts';

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
export type SavePromoInput = VersionedSaveInput<PromoValues>;

export type PromoEditorOutput = { created: PromoCode } | { deleted: number };

const parts = recordEditorParts<
  PromoEditorContext,
  PromoEditorEvent,
  PromoEditorEmitted,
  PromoCode,
  PromoDraft,
  PromoValues,
  { save: 'savePromo'; reload: 'reloadPromo'; remove: 'deletePromo' }
>({
  key: 'promo',
  what: 'promo code',
  draftFrom: promoDraftFrom,
  empty: EMPTY_PROMO_DRAFT,
  check: (context) => checkPromoDraft(context.draft, context.promo?.type),
  fields: ['code', 'quantityAbsolute', 'quantityPerUser', 'amount'] satisfies PromoTextField[],
  saved: 'promo.saved',
  actors: { save: 'savePromo', reload: 'reloadPromo', remove: 'deletePromo' },
  events: { save: 'promo.save', remove: 'promo.delete' },
});

export const promoEditorMachine = setup({
  types: {
    input: {} as { promo: PromoCode | null },
    context: {} as PromoEditorContext,
    events: {} as PromoEditorEvent,
    emitted: {} as PromoEditorEmitted,
    output: {} as PromoEditorOutput,
  },
  actors: parts.actors,
  guards: parts.guards,
  actions: {
    ...parts.actions,
    takeServices: assign(({ context, event }) =>
      event.type === 'services.change'
        ? { draft: { ...context.draft, allowedServices: [...new Set(event.ids)] } }
        : {},
    ),
  },
}).createMachine({
  id: 'promoEditor',
  context: ({ input }) => ({ ...parts.start(input.promo), promo: input.promo }),
  initial: 'editing',
  output: parts.output,
  states: parts.states({
    messages: {
      created: PROMO_MESSAGES.created,
      saved: PROMO_MESSAGES.saved,
      createFailed: PROMO_MESSAGES.saveFailed,
      updateFailed: PROMO_MESSAGES.saveFailed,
      deleted: PROMO_MESSAGES.deleted,
      deleteFailed: PROMO_MESSAGES.deleteFailed,
    },
    editing: { 'services.change': { actions: 'takeServices' } },
  }),
});
