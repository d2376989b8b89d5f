/**
 * The tier editor (01 §2 Pricing tiers screen, §3, §5, §9): one tier's name, description, Menu tab prices and
 * the cities chosen on the Map tab.
 *
 *   editing ──tier.save [valid]──► saving ──done ('Saved price tier')──► editing
 *     │  │ └─tier.save [invalid] (field errors, 'Incorrect entry.')  └─error (server message kept)──► editing
 *     │  │                                   └─error record/stale──► stale (shared: Reload keeps what was typed)
 *     │  └─tab.select / field.change / price.change / city.add (draft edits, stay in editing)
 *     └─tier.leave [dirty]──► confirmingLeave ──leave.confirm──► left (final, output: where to)
 *       tier.leave [clean]──► left                 └─leave.cancel──► editing
 *
 * Why confirmingLeave: choosing another tier, adding one or leaving the screen with unsaved prices would drop
 * them silently; the admin is asked first (the unsaved-changes guard). Tab switching keeps the draft, so it is
 * never guarded. Prices are typed in dollars and sent in cents, exactly.
 */
import { type Notice, type NoticeParams, notice, notifying } from '../shared/notice';
import { placeholder } from '../shared/placeholder';
import { assign, emit, setup } from 'xstate';
import type { PriceTier } from '../../api/contract/price-tier';
import { PRICE_TIER_MESSAGES } from '../../domain/shared/messages';
import { errorMessageOrNull } from '../shared/errors';
import { toStale, rebaseDraft, staleStates, type StaleSaveEvent } from '../shared/record-editor';
import {
  checkTierDraft,
  isTierDraftDirty,
  tierDraftFrom,
  type MenuItem,
  type TierDraft,
  type TierErrors,
  type TierTab,
  type TierValues,
} from '../../domain/pricing-tiers/tiers';

export interface TierEditorContext {
  tier: PriceTier;
  items: MenuItem[];
  tab: TierTab;
  draft: TierDraft;
  /** The draft as last saved, to tell unsaved changes apart. */
  saved: TierDraft;
  errors: TierErrors;
  saveError: string | null;
  /** Where the admin asked to go (a tier id, 'new' or a path), held while the leave is confirmed. */
  leaveTo: string | null;
}

export type TierEditorEvent =
  | { type: 'field.change'; field: 'name' | 'description'; value: string }
  | { type: 'price.change'; itemId: number; field: 'price' | 'minUnits'; value: string }
  | { type: 'price.perUnit'; itemId: number; value: boolean }
  | { type: 'city.add'; placeId: string }
  | { type: 'tab.select'; tab: TierTab }
  | { type: 'tier.save' }
  | { type: 'tier.leave'; to: string }
  | { type: 'leave.confirm' }
  | { type: 'leave.cancel' }
  | StaleSaveEvent;

export type TierEditorEmitted = Notice | { type: 'tier.saved'; tier: PriceTier };

export interface SaveTierInput {
  id: number;
  /** The version the tier was read at (a newer one answers 409 record/stale). */
  version: number;
  values: TierValues;
}

export interface TierEditorInput {
  tier: PriceTier;
  items: MenuItem[];
  tab: TierTab;
}

const NO_ERRORS: TierErrors = { prices: {} };

export const tierEditorMachine = setup({
  types: {
    input: {} as TierEditorInput,
    context: {} as TierEditorContext,
    events: {} as TierEditorEvent,
    emitted: {} as TierEditorEmitted,
    output: {} as { to: string },
  },
  actors: {
    saveTier: placeholder<PriceTier, SaveTierInput>('saveTier'),
    /** The tier as saved now, after a save refused as stale. */
    loadTier: placeholder<PriceTier, { id: number }>('loadTier'),
  },
  guards: {
    isDraftValid: ({ context }) =>
      checkTierDraft(context.draft, context.items, PRICE_TIER_MESSAGES.nameRequired).ok,
    isDirty: ({ context }) => isTierDraftDirty(context.draft, context.saved),
  },
  actions: {
    notify: emit((_, params: NoticeParams) => notice(params.level, params.message)),
    /** Reload after a stale save: the fresh tier, with every price and field the admin changed on top. */
    takeReloaded: assign(({ context, event }) => {
      const tier = (event as unknown as { output: PriceTier }).output;
      const fresh = tierDraftFrom(tier, context.items);
      const draft = rebaseDraft(context.saved, context.draft, fresh);
      return {
        tier,
        saved: fresh,
        draft: { ...draft, prices: rebaseDraft(context.saved.prices, context.draft.prices, fresh.prices) },
        saveError: null,
      };
    }),
    announceSaved: emit(({ context }) => ({ type: 'tier.saved' as const, tier: context.tier })),
    showErrors: assign(({ context }) => {
      const checked = checkTierDraft(context.draft, context.items, PRICE_TIER_MESSAGES.nameRequired);
      return { errors: checked.ok ? NO_ERRORS : checked.errors };
    }),
  },
}).createMachine({
  id: 'tierEditor',
  context: ({ input }) => {
    const draft = tierDraftFrom(input.tier, input.items);
    return {
      tier: input.tier,
      items: input.items,
      tab: input.tab,
      draft,
      saved: draft,
      errors: NO_ERRORS,
      saveError: null,
      leaveTo: null,
    };
  },
  initial: 'editing',
  output: ({ context }) => ({ to: context.leaveTo ?? '' }),
  on: {
    'tab.select': { actions: assign({ tab: ({ event }) => event.tab }) },
  },
  states: {
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => ({
            draft: { ...context.draft, [event.field]: event.value },
            errors: event.field === 'name' ? { ...context.errors, name: undefined } : context.errors,
          })),
        },
        'price.change': {
          actions: assign(({ context, event }) => {
            const row = context.draft.prices[event.itemId];
            if (!row) return {};
            const { [event.itemId]: rowErrors, ...otherErrors } = context.errors.prices;
            const remaining = { ...rowErrors, [event.field]: undefined };
            return {
              draft: {
                ...context.draft,
                prices: { ...context.draft.prices, [event.itemId]: { ...row, [event.field]: event.value } },
              },
              errors: {
                ...context.errors,
                prices:
                  remaining.price || remaining.minUnits
                    ? { ...otherErrors, [event.itemId]: remaining }
                    : otherErrors,
              },
            };
          }),
        },
        'price.perUnit': {
          actions: assign(({ context, event }) => {
            const row = context.draft.prices[event.itemId];
            if (!row) return {};
            return {
              draft: {
                ...context.draft,
                prices: { ...context.draft.prices, [event.itemId]: { ...row, isPricePerUnit: event.value } },
              },
            };
          }),
        },
        'city.add': {
          actions: assign(({ context, event }) =>
            context.draft.cityIds.includes(event.placeId)
              ? {}
              : { draft: { ...context.draft, cityIds: [...context.draft.cityIds, event.placeId] } },
          ),
        },
        'tier.save': [
          {
            guard: 'isDraftValid',
            target: 'saving',
            actions: assign({ errors: NO_ERRORS, saveError: null }),
          },
          { actions: 'showErrors' },
        ],
        'tier.leave': [
          {
            guard: 'isDirty',
            target: 'confirmingLeave',
            actions: assign({ leaveTo: ({ event }) => event.to }),
          },
          { target: 'left', actions: assign({ leaveTo: ({ event }) => event.to }) },
        ],
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        src: 'saveTier',
        input: ({ context }) => {
          const checked = checkTierDraft(context.draft, context.items, PRICE_TIER_MESSAGES.nameRequired);
          if (!checked.ok) throw new Error('saving an invalid tier');
          return { id: context.tier.id, version: context.tier.version, values: checked.value };
        },
        onDone: {
          target: 'editing',
          actions: [
            assign(({ context, event }) => {
              const draft = tierDraftFrom(event.output, context.items);
              return { tier: event.output, draft, saved: draft };
            }),
            notifying('success', PRICE_TIER_MESSAGES.saved),
            emit(({ event }) => ({ type: 'tier.saved' as const, tier: event.output })),
          ],
        },
        onError: [
          toStale(),
          {
            target: 'editing',
            actions: [
              assign({
                saveError: ({ event }) => errorMessageOrNull(event.error) || PRICE_TIER_MESSAGES.saveFailed,
              }),
              notifying('error', PRICE_TIER_MESSAGES.saveFailed),
            ],
          },
        ],
      },
    },
    ...staleStates({
      reload: {
        actor: 'loadTier',
        input: ({ context }: { context: TierEditorContext }) => ({ id: context.tier.id }),
      },
    }),
    confirmingLeave: {
      on: {
        'leave.confirm': 'left',
        'leave.cancel': { target: 'editing', actions: assign({ leaveTo: null }) },
      },
    },
    left: { type: 'final' },
  },
});
