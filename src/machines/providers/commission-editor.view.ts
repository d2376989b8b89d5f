import type { SnapshotFrom } from 'xstate';
import { COMMISSION_MESSAGES } from '../../domain/shared/messages';
import { staleView } from '../shared/record-editor';
import type { commissionEditorMachine } from './commission-editor.machine';
import { pendingChanges, rowPercentage } from './commission-editor.rules';

/** What the Commission and Fees section shows; `editable` is false for anyone but an admin. */
export function commissionEditorView(
  snapshot: SnapshotFrom<typeof commissionEditorMachine>,
  isAdmin: boolean,
) {
  const { context } = snapshot;
  const saving = snapshot.hasTag('saving');
  return {
    loading: snapshot.hasTag('loading'),
    loadFailed: snapshot.matches('loadFailed'),
    editable: isAdmin && snapshot.matches('editing'),
    readOnlyNote: isAdmin ? null : COMMISSION_MESSAGES.adminOnly,
    emptyText:
      snapshot.matches('editing') && context.rows.length === 0 ? COMMISSION_MESSAGES.noCategories : null,
    rows: context.rows.map((row) => ({
      categoryId: row.categoryId,
      categoryName: row.categoryName,
      choice: row.choice,
      customText: row.customText,
      error: context.showErrors && rowPercentage(row) === null ? COMMISSION_MESSAGES.customRequired : null,
    })),
    presets: context.presets.presets,
    fees: context.fees.draft,
    saving,
    dirty: pendingChanges(context).length > 0,
    saveError: context.saveError,
    ...staleView(snapshot),
  };
}
export type CommissionEditorView = ReturnType<typeof commissionEditorView>;
