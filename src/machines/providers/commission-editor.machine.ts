/**
 * The Commission and Fees section (spec 02 §2 "Commission settings", §5, §7, §8, §9).
 *
 *   loading ──done──► editing ──commission.save [changes, all filled]──► saving ──done [more]──► saving
 *      └─error ('Failed to get commission from provider')─► loadFailed      │ done [last] ('Saved …') ──► editing
 *                         └──commission.retry──► loading                    └─error──► editing
 *   editing ──commission.save [a custom field is empty]──► editing (shows which)
 *
 * Per service category: the presets 15% and 20% (20 by default) or a custom percentage from 0 to 100 (typed
 * input is capped at 100, negative input is cleared); the provider's isUpkeepPayingProcessingFees flag. A save
 * sends one request per change (POST /commission for a category without one, PUT /commission/{id} otherwise,
 * PUT /providers/{id} for the flag), recording each as it is stored, so a failure part-way keeps what was typed
 * and the next save sends only what is still different.
 */
import { assign, emit, setup } from 'xstate';
import type { Commission } from '../../api/contract/commission';
import { COMMISSION_MESSAGES, PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { errorMessage } from '../shared/errors';
import { notice, type Notice, type NoticeParams } from '../shared/notice';
import { placeholder } from '../shared/placeholder';
import {
  applySaved,
  commissionRows,
  customTextAfterInput,
  hasEmptyCustom,
  pendingChanges,
  type CommissionChange,
  type CommissionChoiceKey,
  type CommissionRow,
  type SavedChange,
} from './commission-editor.rules';

export interface CommissionEditorInput {
  providerId: number;
  isUpkeepPayingProcessingFees: boolean;
}

export interface CommissionEditorContext {
  providerId: number;
  rows: CommissionRow[];
  fees: { saved: boolean; draft: boolean };
  /** Set by a save refused because a custom field is empty: the screen then marks those fields. */
  showErrors: boolean;
  saveError: string | null;
}

export type CommissionEditorEvent =
  | { type: 'commission.retry' }
  | { type: 'commission.choose'; categoryId: number; choice: CommissionChoiceKey }
  | { type: 'commission.custom'; categoryId: number; text: string }
  | { type: 'fees.change'; value: boolean }
  | { type: 'commission.save' };

export interface LoadedCommissions {
  categories: { id: number; name: string }[];
  commissions: Commission[];
}

const updateRow = (
  rows: readonly CommissionRow[],
  categoryId: number,
  change: Partial<CommissionRow>,
): CommissionRow[] => rows.map((row) => (row.categoryId === categoryId ? { ...row, ...change } : row));

export const commissionEditorMachine = setup({
  types: {
    input: {} as CommissionEditorInput,
    context: {} as CommissionEditorContext,
    events: {} as CommissionEditorEvent,
    emitted: {} as Notice,
  },
  actors: {
    loadCommissions: placeholder<LoadedCommissions, { providerId: number }>('loadCommissions'),
    saveChange: placeholder<SavedChange, CommissionChange>('saveChange'),
  },
  guards: {
    hasEmptyCustom: ({ context }) => hasEmptyCustom(context.rows),
    hasChanges: ({ context }) => pendingChanges(context).length > 0,
    hasMoreChanges: ({ context }) => pendingChanges(context).length > 1,
  },
  actions: {
    notify: emit((_, params: NoticeParams) => notice(params.level, params.message)),
    applySaved: assign(({ context, event }) =>
      applySaved(context.rows, context.fees, (event as unknown as { output: SavedChange }).output),
    ),
  },
}).createMachine({
  id: 'commissionEditor',
  context: ({ input }) => ({
    providerId: input.providerId,
    rows: [],
    fees: { saved: input.isUpkeepPayingProcessingFees, draft: input.isUpkeepPayingProcessingFees },
    showErrors: false,
    saveError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadCommissions',
        input: ({ context }) => ({ providerId: context.providerId }),
        onDone: {
          target: 'editing',
          actions: assign({
            rows: ({ event }) => commissionRows(event.output.categories, event.output.commissions),
          }),
        },
        onError: {
          target: 'loadFailed',
          actions: {
            type: 'notify',
            params: { level: 'error', message: PROVIDER_MESSAGES.commissionFailed },
          },
        },
      },
    },
    loadFailed: { on: { 'commission.retry': 'loading' } },
    editing: {
      on: {
        'commission.choose': {
          actions: assign({
            rows: ({ context, event }) => updateRow(context.rows, event.categoryId, { choice: event.choice }),
          }),
        },
        'commission.custom': {
          actions: assign({
            rows: ({ context, event }) =>
              updateRow(context.rows, event.categoryId, {
                choice: 'custom',
                customText: customTextAfterInput(event.text),
              }),
          }),
        },
        'fees.change': {
          actions: assign({ fees: ({ context, event }) => ({ ...context.fees, draft: event.value }) }),
        },
        'commission.save': [
          { guard: 'hasEmptyCustom', actions: assign({ showErrors: true }) },
          {
            guard: 'hasChanges',
            target: 'saving',
            actions: assign({ showErrors: false, saveError: null }),
          },
        ],
      },
    },
    saving: {
      tags: ['saving'],
      description: 'One request per change, in turn; each stored change is recorded before the next.',
      invoke: {
        src: 'saveChange',
        input: ({ context }) => {
          const [next] = pendingChanges(context);
          if (!next) throw new Error('saving without a change');
          return next;
        },
        onDone: [
          { guard: 'hasMoreChanges', target: 'saving', reenter: true, actions: 'applySaved' },
          {
            target: 'editing',
            actions: [
              'applySaved',
              { type: 'notify', params: { level: 'success', message: COMMISSION_MESSAGES.saved } },
            ],
          },
        ],
        onError: {
          target: 'editing',
          actions: [
            assign({ saveError: ({ event }) => errorMessage(event.error) }),
            { type: 'notify', params: { level: 'error', message: COMMISSION_MESSAGES.saveFailed } },
          ],
        },
      },
    },
  },
});
