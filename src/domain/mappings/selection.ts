/**
 * The mapping editor as a selection (spec 02 §2 Step 2, "Select supported Upkeep service items"; BOULEVARD):
 * every Upkeep item and bundle of the editor's sections, selected when a row maps it, and the external
 * service a new selection starts with (the one of the same name).
 */
import {
  MAPPING_SECTIONS,
  sectionOptions,
  targetKey,
  type MappingCatalogue,
  type MappingRow,
  type MappingSection,
  type MappingTarget,
} from './mappings';

/** A name as compared: case, spaces and punctuation aside ("Glow-Up facial bundle" = "Glow Up Facial Bundle"). */
export const comparableName = (name: string): string => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** The external service a new selection of `name` starts with: the only one of the same name, else none (''). */
export function matchingExternalId(items: ReadonlyArray<{ id: string; name: string }>, name: string): string {
  const wanted = comparableName(name);
  const same = items.filter((item) => comparableName(item.name) === wanted);
  return same.length === 1 ? (same[0]?.id ?? '') : '';
}

/** One Upkeep item or bundle of the selection, with the row that maps it when it is selected. */
export interface SelectionOption {
  target: MappingTarget;
  name: string;
  row: MappingRow | null;
}

export interface SelectionSection {
  section: MappingSection;
  options: SelectionOption[];
}

/** The editor's sections with every choice, each with its row (the first, should a target have two). */
export function selectionSections(
  catalogue: MappingCatalogue,
  rows: readonly MappingRow[],
): SelectionSection[] {
  const byTarget = new Map<string, MappingRow>();
  for (const row of rows) {
    const key = targetKey(row.target);
    if (key !== '' && !byTarget.has(key)) byTarget.set(key, row);
  }
  return MAPPING_SECTIONS.map((section) => ({
    section,
    options: sectionOptions(catalogue, section).map((option) => ({
      ...option,
      row: byTarget.get(targetKey(option.target)) ?? null,
    })),
  }));
}
