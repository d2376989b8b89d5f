/**
 * What the mapping editor shows as a selection (BOULEVARD's "Select supported Upkeep service items"), from
 * the mapping rows snapshot: every Upkeep item and bundle per section, selected or not, the external service
 * each selected one is booked by and whether that is saved, what may be pressed, whether leaving would lose
 * something, and the question before a saved selection is removed.
 */
import type { SnapshotFrom } from 'xstate';
import {
  externalName,
  rowCanSave,
  rowIsComplete,
  rowIsUnsaved,
  targetKey,
  type MappingCatalogue,
  type MappingSection,
  type MappingTarget,
} from '../../domain/mappings/mappings';
import { selectionSections } from '../../domain/mappings/selection';
import type { mappingRowsMachine } from './mapping-rows.machine';

/** A selected item's state: saved as shown, chosen but not saved yet, or still without its external service. */
export type SelectionStatus = 'saved' | 'unsaved' | 'incomplete';

export interface SelectionItem {
  /** `item:<id>` or `bundle:<id>`: stable, for keys and labels. */
  id: string;
  target: MappingTarget;
  name: string;
  /** The row that selects it, or null while it is not selected. */
  rowKey: string | null;
  externalId: string;
  status: SelectionStatus | null;
  /** Its save or removal is in flight. */
  working: boolean;
  /** Its removal is being asked about or runs: shown unselected until the answer (Cancel selects it again). */
  removing: boolean;
}

export interface SelectionSectionView {
  section: MappingSection;
  items: SelectionItem[];
  selected: number;
}

export interface MappingSelectionView {
  sections: SelectionSectionView[];
  busy: boolean;
  /** Selections chosen or changed but not saved: leaving would lose them. */
  unsaved: number;
  /** Save has something to save. */
  canSave: boolean;
  /** The question before a saved selection is removed: its name and the service it is booked by. */
  confirmRemove: { name: string; service: string } | null;
  removing: boolean;
  /** Every selection is saved and the wizard may go on. */
  left: boolean;
}

export function mappingSelectionView(
  snapshot: SnapshotFrom<typeof mappingRowsMachine>,
  catalogue: MappingCatalogue,
): MappingSelectionView {
  const { rows, pending, externalItems } = snapshot.context;
  const busy = snapshot.hasTag('busy') || snapshot.hasTag('deleting');
  const asked = snapshot.matches('confirmingDelete') || snapshot.hasTag('deleting');
  const sections = selectionSections(catalogue, rows).map(({ section, options }) => {
    const items = options.map(({ target, name, row }): SelectionItem => {
      let status: SelectionStatus | null = null;
      if (row) status = !rowIsComplete(row) ? 'incomplete' : rowIsUnsaved(row) ? 'unsaved' : 'saved';
      return {
        id: targetKey(target),
        target,
        name,
        rowKey: row?.key ?? null,
        externalId: row?.externalId ?? '',
        status,
        working: busy && row !== null && row.key === pending,
        removing: asked && row !== null && row.key === pending,
      };
    });
    return { section, items, selected: items.filter((item) => item.rowKey !== null).length };
  });
  const removed = asked ? rows.find((row) => row.key === pending) : undefined;
  const removedName = sections
    .flatMap((section) => section.items)
    .find((item) => removed !== undefined && item.rowKey === removed.key)?.name;
  return {
    sections,
    busy,
    unsaved: rows.filter(rowIsUnsaved).length,
    canSave: !busy && rows.some(rowCanSave),
    confirmRemove: removed
      ? { name: removedName ?? '', service: externalName(externalItems, removed.externalId) }
      : null,
    removing: snapshot.hasTag('deleting'),
    left: snapshot.matches('left'),
  };
}
