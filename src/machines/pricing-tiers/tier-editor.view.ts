/** What the tier editor shows, from its snapshot: the form, its errors, and what may be clicked. */
import type { SnapshotFrom } from 'xstate';
import { hasMinUnits, isTierDraftDirty, type TierMenuRow } from '../../domain/pricing-tiers/tiers';
import { STALE_MESSAGE } from '../shared/record-editor';
import type { tierEditorMachine } from './tier-editor.machine';

function groupByCategory(rows: TierMenuRow[]): { category: string; rows: TierMenuRow[] }[] {
  const groups: { category: string; rows: TierMenuRow[] }[] = [];
  for (const row of rows) {
    const group = groups.find((candidate) => candidate.category === row.item.category);
    if (group) group.rows.push(row);
    else groups.push({ category: row.item.category, rows: [row] });
  }
  return groups;
}

export function tierEditorView(snapshot: SnapshotFrom<typeof tierEditorMachine>) {
  const { context } = snapshot;
  const dirty = isTierDraftDirty(context.draft, context.saved);
  return {
    tab: context.tab,
    name: context.draft.name,
    description: context.draft.description,
    nameError: context.errors.name,
    saveError: context.saveError,
    cityIds: context.draft.cityIds,
    groups: groupByCategory(
      context.items.map((item): TierMenuRow => {
        const row = context.draft.prices[item.id];
        const errors = context.errors.prices[item.id];
        return {
          item,
          price: row?.price ?? '',
          isPricePerUnit: row?.isPricePerUnit ?? false,
          showMinUnits: hasMinUnits(item),
          minUnits: row?.minUnits ?? '',
          priceError: errors?.price,
          minUnitsError: errors?.minUnits,
        };
      }),
    ),
    dirty,
    saving: snapshot.hasTag('saving'),
    editable: snapshot.matches('editing'),
    confirmingLeave: snapshot.matches('confirmingLeave'),
    /** Someone else saved the tier since it was opened: Reload (keeps what was typed) or Keep editing. */
    stale: snapshot.hasTag('stale'),
    reloading: snapshot.hasTag('reloading'),
    staleMessage: STALE_MESSAGE,
    leftTo: snapshot.status === 'done' ? snapshot.output.to : null,
  };
}
export type TierEditorView = ReturnType<typeof tierEditorView>;
