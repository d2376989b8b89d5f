/**
 * The tier sidebar (01 §2, §5, §9): '+ Add Tier' creates a tier named Untitled; a tier is deleted from its
 * popover, offered only while more than one tier exists (the server refuses the last one too).
 *
 *   idle ──tier.add──► adding ──done ('Created price tier', emits tier.added)──► idle
 *    │                    └─error ('Error creating price tier')──► idle
 *    └──tier.delete [more than one tier]──► deleting ──done ('Deleted price tier', emits tier.deleted)──► idle
 *                                              └─error (server message)──► idle
 */
import { type Notice, type NoticeParams, notice, notifying } from '../shared/notice';
import { placeholder } from '../shared/placeholder';
import { assign, emit, setup } from 'xstate';
import type { PriceTier } from '../../api/contract/price-tier';
import { PRICE_TIER_MESSAGES } from '../../domain/shared/messages';
import { errorMessageOrNull } from '../shared/errors';
import { canDeleteTier } from '../../domain/pricing-tiers/tiers';

export type TierListEvent =
  { type: 'tiers.loaded'; count: number } | { type: 'tier.add' } | { type: 'tier.delete'; id: number };

export type TierListEmitted =
  Notice | { type: 'tier.added'; tier: PriceTier } | { type: 'tier.deleted'; id: number };

const messageOf = (error: unknown) => errorMessageOrNull(error) || PRICE_TIER_MESSAGES.deleteFailed;

export const tierListMachine = setup({
  types: {
    input: {} as { count: number },
    context: {} as { count: number; deletingId: number | null; error: string | null },
    events: {} as TierListEvent,
    emitted: {} as TierListEmitted,
  },
  actors: {
    createTier: placeholder<PriceTier, void>('createTier'),
    deleteTier: placeholder<void, { id: number }>('deleteTier'),
  },
  guards: {
    canDelete: ({ context }) => canDeleteTier(context.count),
  },
  actions: {
    notify: emit((_, params: NoticeParams) => notice(params.level, params.message)),
  },
}).createMachine({
  id: 'tierList',
  context: ({ input }) => ({ count: input.count, deletingId: null, error: null }),
  initial: 'idle',
  on: { 'tiers.loaded': { actions: assign({ count: ({ event }) => event.count }) } },
  states: {
    idle: {
      on: {
        'tier.add': { target: 'adding', actions: assign({ error: null }) },
        'tier.delete': {
          guard: 'canDelete',
          target: 'deleting',
          actions: assign({ deletingId: ({ event }) => event.id, error: null }),
        },
      },
    },
    adding: {
      tags: ['busy'],
      invoke: {
        src: 'createTier',
        onDone: {
          target: 'idle',
          actions: [
            assign({ count: ({ context }) => context.count + 1 }),
            emit(({ event }) => ({ type: 'tier.added' as const, tier: event.output })),
            notifying('success', PRICE_TIER_MESSAGES.created),
          ],
        },
        onError: {
          target: 'idle',
          actions: notifying('error', PRICE_TIER_MESSAGES.createFailed),
        },
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        src: 'deleteTier',
        input: ({ context }) => ({ id: context.deletingId ?? 0 }),
        onDone: {
          target: 'idle',
          actions: [
            emit(({ context }) => ({ type: 'tier.deleted' as const, id: context.deletingId ?? 0 })),
            assign({ count: ({ context }) => context.count - 1, deletingId: null }),
            notifying('success', PRICE_TIER_MESSAGES.deleted),
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            assign({ error: ({ event }) => messageOf(event.error), deletingId: null }),
            { type: 'notify', params: ({ event }) => ({ level: 'error', message: messageOf(event.error) }) },
          ],
        },
      },
    },
  },
});
