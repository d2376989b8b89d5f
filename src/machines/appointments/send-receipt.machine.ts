/**
 * Send a receipt (02 §6, §7 POST /appointments/receipts) to the customer, the provider or Upkeep support.
 *
 *   idle ──recipient.choose──► idle ──send──► sending ──done: 'Receipt Sent Successfully'──► idle
 *                                                  └──error: 'Failed to send receipt'─────► idle
 */
import { assign, emit, setup } from 'xstate';
import type { RecipientType } from '../../domain/appointments/operations';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { notice, type NoticeParams, notifying } from '../shared/notice';
import { placeholder } from '../shared/placeholder';

export interface SendReceiptInput {
  recipient: RecipientType;
  groupId: string;
  provider: number;
}

export type SendReceiptEvent = { type: 'recipient.choose'; recipient: RecipientType } | { type: 'send' };

export const sendReceiptMachine = setup({
  types: {
    input: {} as { groupId: string; provider: number },
    context: {} as SendReceiptInput,
    events: {} as SendReceiptEvent,
    emitted: {} as ReturnType<typeof notice> | { type: 'receipt.sent' },
  },
  actors: {
    sendReceipt: placeholder<unknown, SendReceiptInput>('sendReceipt'),
  },
  actions: {
    notify: emit((_, params: NoticeParams) => notice(params.level, params.message)),
  },
}).createMachine({
  id: 'sendReceipt',
  context: ({ input }) => ({ recipient: 'CUSTOMER', groupId: input.groupId, provider: input.provider }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'recipient.choose': { actions: assign({ recipient: ({ event }) => event.recipient }) },
        send: { target: 'sending' },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        src: 'sendReceipt',
        input: ({ context }) => context,
        onDone: {
          target: 'idle',
          actions: [
            notifying('success', PROVIDER_MESSAGES.receiptSent),
            emit({ type: 'receipt.sent' as const }),
          ],
        },
        onError: {
          target: 'idle',
          actions: notifying('error', PROVIDER_MESSAGES.receiptFailed),
        },
      },
    },
  },
});
