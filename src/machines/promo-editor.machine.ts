/**
 * The promo-code editor (01 §2, §3, §8, §9): /promocodes edits the chosen code, /promocodes/create makes one.
 *
 *   editing ──promo.save [valid]──► saving ──done [was new] ('Created promocode')──► created (final)
 *      │ ▲ └─promo.save [invalid]    │ done [existing] ('Saved promocode') ──► editing
 *      │ └──── error ('Error saving promocode'; a taken code is shown on the code field) ◄┘
 *      └──promo.delete [saved]──► confirmingDelete ──delete.confirm──► deleting ──done ('Deleted promocode')──► deleted (final)
 *                                        └──delete.cancel──► editing      └─error ('Error deleting promocode') ──► editing
 *
 * The amount is typed in dollars and stored in cents. No allowed services means no restriction.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { PromoCode, PromoCodeInput } from '../api/contract/promo';
import { PROMO_MESSAGES } from '../domain/messages';
import {
  checkPromoDraft,
  EMPTY_PROMO_DRAFT,
  promoDraftFrom,
  type PromoDraft,
  type PromoErrors,
} from '../domain/promos';

export type PromoTextField = Exclude<keyof PromoDraft, 'allowedServices'>;

export interface PromoEditorContext {
  /** The saved code; null while creating. */
  promo: PromoCode | null;
  draft: PromoDraft;
  errors: PromoErrors;
  saveError: string | null;
  /** Set once the saved code is deleted. */
  deletedId: number | null;
}

export type PromoEditorEvent =
  | { type: 'field.change'; field: PromoTextField; value: string }
  | { type: 'services.change'; ids: number[] }
  | { type: 'promo.save' }
  | { type: 'promo.delete' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

export type PromoEditorEmitted =
  | { type: 'notify'; status: 'success' | 'error'; message: string }
  | { type: 'promo.saved'; promo: PromoCode };

export interface SavePromoInput {
  id: number | null;
  values: PromoCodeInput;
}

export type PromoEditorOutput = { created: PromoCode } | { deleted: number };

export const promoEditorMachine = setup({
  types: {
    input: {} as { promo: PromoCode | null },
    context: {} as PromoEditorContext,
    events: {} as PromoEditorEvent,
    emitted: {} as PromoEditorEmitted,
    output: {} as PromoEditorOutput,
  },
  actors: {
    savePromo: fromPromise<PromoCode, SavePromoInput>(() =>
      Promise.reject(new Error('savePromo is provided by the route')),
    ),
    deletePromo: fromPromise<void, { id: number }>(() =>
      Promise.reject(new Error('deletePromo is provided by the route')),
    ),
  },
  guards: {
    isDraftValid: ({ context }) => checkPromoDraft(context.draft, context.promo?.type).ok,
    isCreating: ({ context }) => context.promo === null,
    isSaved: ({ context }) => context.promo !== null,
    isCodeTaken: (_, params: { error: unknown }) =>
      (params.error as { code?: unknown } | null)?.code === 'promo/code-exists',
  },
  actions: {
    notify: emit((_, params: { status: 'success' | 'error'; message: string }) => ({
      type: 'notify' as const,
      ...params,
    })),
    showErrors: assign(({ context }) => {
      const checked = checkPromoDraft(context.draft, context.promo?.type);
      return { errors: checked.ok ? {} : checked.errors };
    }),
    codeTaken: assign(({ context }, params: { error: unknown }) => {
      const error = params.error as { message?: unknown } | null;
      const message = typeof error?.message === 'string' ? error.message.replace(/^code: /, '') : '';
      return { errors: { ...context.errors, code: message || PROMO_MESSAGES.saveFailed }, saveError: null };
    }),
    saveFailed: assign((_, params: { error: unknown }) => {
      const error = params.error as { message?: unknown } | null;
      return { saveError: typeof error?.message === 'string' ? error.message : null };
    }),
  },
}).createMachine({
  id: 'promoEditor',
  context: ({ input }) => ({
    promo: input.promo,
    draft: input.promo ? promoDraftFrom(input.promo) : EMPTY_PROMO_DRAFT,
    errors: {},
    saveError: null,
    deletedId: null,
  }),
  initial: 'editing',
  output: ({ context }) =>
    context.deletedId !== null ? { deleted: context.deletedId } : { created: context.promo as PromoCode },
  states: {
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => ({
            draft: { ...context.draft, [event.field]: event.value },
            errors: { ...context.errors, [event.field]: undefined },
          })),
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
    saving: {
      tags: ['saving'],
      invoke: {
        src: 'savePromo',
        input: ({ context }) => {
          const checked = checkPromoDraft(context.draft, context.promo?.type);
          if (!checked.ok) throw new Error('saving an invalid promo code');
          return { id: context.promo?.id ?? null, values: checked.value as PromoCodeInput };
        },
        onDone: [
          {
            guard: 'isCreating',
            target: 'created',
            actions: [
              assign({ promo: ({ event }) => event.output }),
              { type: 'notify', params: { status: 'success', message: PROMO_MESSAGES.created } },
            ],
          },
          {
            target: 'editing',
            actions: [
              assign({
                promo: ({ event }) => event.output,
                draft: ({ event }) => promoDraftFrom(event.output),
              }),
              { type: 'notify', params: { status: 'success', message: PROMO_MESSAGES.saved } },
              emit(({ event }) => ({ type: 'promo.saved' as const, promo: event.output })),
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'isCodeTaken', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: [
              { type: 'codeTaken', params: ({ event }) => ({ error: event.error }) },
              { type: 'notify', params: { status: 'error', message: PROMO_MESSAGES.saveFailed } },
            ],
          },
          {
            target: 'editing',
            actions: [
              { type: 'saveFailed', params: ({ event }) => ({ error: event.error }) },
              { type: 'notify', params: { status: 'error', message: PROMO_MESSAGES.saveFailed } },
            ],
          },
        ],
      },
    },
    confirmingDelete: {
      on: { 'delete.confirm': 'deleting', 'delete.cancel': 'editing' },
    },
    deleting: {
      tags: ['deleting'],
      invoke: {
        src: 'deletePromo',
        input: ({ context }) => ({ id: (context.promo as PromoCode).id }),
        onDone: {
          target: 'deleted',
          actions: [
            assign({ deletedId: ({ context }) => context.promo?.id ?? null }),
            { type: 'notify', params: { status: 'success', message: PROMO_MESSAGES.deleted } },
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'notify', params: { status: 'error', message: PROMO_MESSAGES.deleteFailed } },
        },
      },
    },
    created: { type: 'final' },
    deleted: { type: 'final' },
  },
});
