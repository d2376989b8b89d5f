/**
 * The Commission and Fees section (spec 02 §2 "Commission settings", §5, §7, §8, §9).
 *
 *   loading ──done──► editing ──commission.save [changes, all filled]──► saving ──done [more]──► saving
 *      └─error ('Failed to get commission from provider')─► loadFailed      │ done [last] ('Saved …') ──► editing
 *                         └──commission.retry──► loading                    └─error──► editing
 *   editing ──commission.save [a custom field is empty]──► editing (shows which)
 *   saving ──error [record/stale]──► stale (shared: Reload reads them again, keeping what was changed;
 *                                   Keep editing) ──► editing
 *   (any) ──provider.changed [a newer version]──► takes the provider's version and flag (the manage view
 *                                                 saved the provider)
 *
 * Per service category: the presets 15% and 20% (20 by default) or a custom percentage from 0 to 100 (typed
 * input is capped at 100, negative input is cleared); the provider's isUpkeepPayingProcessingFees flag. A save
 * sends one request per change (POST /commission for a category without one, PUT /commission/{id} otherwise,
 * PUT /providers/{id} for the flag), recording each as it is stored, so a failure part-way keeps what was typed
 * and the next save sends only what is still different. Each PUT sends the version its record was read at and
 * keeps the one answered; a fees save emits `provider.saved` so the manage view keeps the provider's version.
 */
import { assign, emit, setup } from 'xstate';
import type { Commission } from '../../api/contract/commission';
import type { Provider } from '../../api/contract/provider';
import { COMMISSION_MESSAGES, PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { errorMessage } from '../shared/errors';
import { notice, type Notice, type NoticeParams, notifying } from '../shared/notice';
import { inTurn } from '../shared/in-turn';
import { placeholder } from '../shared/placeholder';
import { toStale, staleStates, type StaleSaveEvent } from '../shared/record-editor';
import {
  applySaved,
  commissionRows,
  customTextAfterInput,
  hasEmptyCustom,
  pendingChanges,
  rebaseCommissions,
  type Fees,
  type CommissionChange,
  type CommissionChoiceKey,
  type CommissionPresets,
  type CommissionRow,
  SPEC_PRESETS,
  type SavedChange,
} from './commission-editor.rules';

export interface CommissionEditorInput {
  providerId: number;
  isUpkeepPayingProcessingFees: boolean;
  /** The provider's version as read: the fees switch saves on the provider. */
  providerVersion: number;
}

/** The provider's part of this section: its version and processing-fees flag. */
export type ProviderFees = Pick<Provider, 'version' | 'isUpkeepPayingProcessingFees'>;

export interface CommissionEditorContext {
  providerId: number;
  rows: CommissionRow[];
  fees: Fees;
  /** The marketplace's presets and default (/settings), as read with the commissions. */
  presets: CommissionPresets;
  /** Set by a save refused because a custom field is empty: the screen then marks those fields. */
  showErrors: boolean;
  saveError: string | null;
}

export type CommissionEditorEvent =
  | { type: 'commission.retry' }
  | { type: 'commission.choose'; categoryId: number; choice: CommissionChoiceKey }
  | { type: 'commission.custom'; categoryId: number; text: string }
  | { type: 'fees.change'; value: boolean }
  | { type: 'commission.save' }
  | { type: 'provider.changed'; provider: ProviderFees }
  | StaleSaveEvent;

export interface LoadedCommissions {
  categories: { id: number; name: string }[];
  commissions: Commission[];
  provider: ProviderFees;
  /** The marketplace's commission presets and default (/settings); the spec's when not given. */
  presets?: CommissionPresets;
}

/** After a fees save: the provider's new version and flag, for the manage view. */
export type CommissionEditorEmitted = Notice | { type: 'provider.saved'; provider: ProviderFees };

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
    emitted: {} as CommissionEditorEmitted,
  },
  actors: {
    loadCommissions: placeholder<LoadedCommissions, { providerId: number }>('loadCommissions'),
    saveChange: placeholder<SavedChange, CommissionChange>('saveChange'),
  },
  guards: {
    hasEmptyCustom: ({ context }) => hasEmptyCustom(context.rows),
    hasChanges: ({ context }) => pendingChanges(context).length > 0,
    hasMoreChanges: ({ context }) => pendingChanges(context).length > 1,
    isNewerProvider: ({ context, event }) =>
      event.type === 'provider.changed' && event.provider.version > context.fees.version,
  },
  actions: {
    notify: emit((_, params: NoticeParams) => notice(params.level, params.message)),
    applySaved: assign(({ context, event }) =>
      applySaved(context.rows, context.fees, (event as unknown as { output: SavedChange }).output),
    ),
    /** After each stored change: the provider's version and flag, so the manage view keeps the newest. */
    announceFees: emit(({ context }) => ({
      type: 'provider.saved' as const,
      provider: { version: context.fees.version, isUpkeepPayingProcessingFees: context.fees.saved },
    })),
    takeProvider: assign(({ context, event }) => {
      if (event.type !== 'provider.changed') return {};
      const { version, isUpkeepPayingProcessingFees: saved } = event.provider;
      const untouched = context.fees.draft === context.fees.saved;
      return { fees: { version, saved, draft: untouched ? saved : context.fees.draft } };
    }),
    /** Reload after a stale save: as stored now, with what the person changed on top. */
    takeReloaded: assign(({ context, event }) => {
      const loaded = (event as unknown as { output: LoadedCommissions }).output;
      return {
        ...rebaseCommissions(context, {
          rows: commissionRows(loaded.categories, loaded.commissions, context.presets),
          fees: { saved: loaded.provider.isUpkeepPayingProcessingFees, version: loaded.provider.version },
        }),
        saveError: null,
      };
    }),
    /** The manage view follows the provider's version through `provider.saved` (fees saves) only. */
    announceSaved: () => undefined,
  },
}).createMachine({
  id: 'commissionEditor',
  context: ({ input }) => ({
    providerId: input.providerId,
    rows: [],
    presets: SPEC_PRESETS,
    fees: {
      saved: input.isUpkeepPayingProcessingFees,
      draft: input.isUpkeepPayingProcessingFees,
      version: input.providerVersion,
    },
    showErrors: false,
    saveError: null,
  }),
  initial: 'loading',
  on: { 'provider.changed': { guard: 'isNewerProvider', actions: 'takeProvider' } },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadCommissions',
        input: ({ context }) => ({ providerId: context.providerId }),
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const { provider } = event.output;
            const fresh = provider.version > context.fees.version;
            const presets = event.output.presets ?? context.presets;
            return {
              presets,
              rows: commissionRows(event.output.categories, event.output.commissions, presets),
              fees: fresh
                ? {
                    saved: provider.isUpkeepPayingProcessingFees,
                    draft: provider.isUpkeepPayingProcessingFees,
                    version: provider.version,
                  }
                : context.fees,
            };
          }),
        },
        onError: {
          target: 'loadFailed',
          actions: notifying('error', PROVIDER_MESSAGES.commissionFailed),
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
        onDone: inTurn(
          { self: 'saving', more: 'hasMoreChanges', each: ['applySaved', 'announceFees'] },
          { target: 'editing', actions: [notifying('success', COMMISSION_MESSAGES.saved)] },
        ),
        onError: [
          toStale(),
          {
            target: 'editing',
            actions: [
              assign({ saveError: ({ event }) => errorMessage(event.error) }),
              notifying('error', COMMISSION_MESSAGES.saveFailed),
            ],
          },
        ],
      },
    },
    ...staleStates({
      reload: {
        actor: 'loadCommissions',
        input: ({ context }: { context: CommissionEditorContext }) => ({ providerId: context.providerId }),
      },
    }),
  },
});
