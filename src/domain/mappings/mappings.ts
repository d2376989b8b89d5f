/**
 * The service mapping editor's rules (spec 02 §2, §3, §4): the sections it shows, what each section's rows may
 * map to, a row as edited (no id until saved), and the bodies a save sends.
 */

/** The editor's sections, in order; the first four are service categories by name, the last our bundles. */
export const MAPPING_SECTIONS = [
  'Facials',
  'Injectables',
  'Laser (Hair Removal)',
  'Body Contour',
  'Bundles',
] as const;
export type MappingSection = (typeof MAPPING_SECTIONS)[number];

/** What a row maps to: one of our service items or one of our bundles. */
export type MappingTarget = { kind: 'item'; id: number } | { kind: 'bundle'; id: number };

/** One choice in a section's picker. */
export interface TargetOption {
  target: MappingTarget;
  name: string;
}

/** The catalogue as the editor needs it: the categories with their items, and the bundles. */
export interface MappingCatalogue {
  categories: ReadonlyArray<{ name: string; serviceItems: ReadonlyArray<{ id: number; name: string }> }>;
  bundles: ReadonlyArray<{ id: number; name: string }>;
}

/** A row as the editor holds it: `id` and `version` are null until the row is saved (then it updates). */
export interface MappingRow {
  /** Stable within the editor, saved or not. */
  key: string;
  id: number | null;
  version: number | null;
  section: MappingSection;
  externalId: string;
  target: MappingTarget | null;
  /** Changed since it was read or last saved (a saved row saves only then). */
  dirty: boolean;
}

/** A saved mapping as the API answers it. */
export interface SavedMapping {
  id: number;
  externalId: string;
  serviceItemId: number | null;
  bundleId: number | null;
  version: number;
}

export const targetKey = (target: MappingTarget | null): string =>
  target === null ? '' : `${target.kind}:${target.id}`;

export function parseTargetKey(key: string): MappingTarget | null {
  const match = /^(item|bundle):(\d+)$/.exec(key);
  if (!match) return null;
  return { kind: match[1] === 'bundle' ? 'bundle' : 'item', id: Number(match[2]) };
}

export function targetOf(mapping: Pick<SavedMapping, 'serviceItemId' | 'bundleId'>): MappingTarget | null {
  if (mapping.serviceItemId !== null) return { kind: 'item', id: mapping.serviceItemId };
  if (mapping.bundleId !== null) return { kind: 'bundle', id: mapping.bundleId };
  return null;
}

/** The choices of a section: its category's items, or every bundle. */
export function sectionOptions(catalogue: MappingCatalogue, section: MappingSection): TargetOption[] {
  if (section === 'Bundles') {
    return catalogue.bundles.map((bundle) => ({
      target: { kind: 'bundle', id: bundle.id },
      name: bundle.name,
    }));
  }
  const category = catalogue.categories.find((entry) => entry.name === section);
  return (category?.serviceItems ?? []).map((item) => ({
    target: { kind: 'item', id: item.id },
    name: item.name,
  }));
}

/** The section a target belongs in; null for an item of a category the editor does not show. */
export function sectionOfTarget(catalogue: MappingCatalogue, target: MappingTarget): MappingSection | null {
  if (target.kind === 'bundle') return 'Bundles';
  for (const section of MAPPING_SECTIONS) {
    if (sectionOptions(catalogue, section).some((option) => option.target.id === target.id)) return section;
  }
  return null;
}

/** The saved mappings as rows, in the sections they belong in (mappings of other categories are left out). */
export function rowsFromMappings(
  catalogue: MappingCatalogue,
  mappings: readonly SavedMapping[],
): MappingRow[] {
  const rows: MappingRow[] = [];
  for (const mapping of mappings) {
    const target = targetOf(mapping);
    const section = target && sectionOfTarget(catalogue, target);
    if (!target || !section) continue;
    rows.push({
      key: `saved-${mapping.id}`,
      id: mapping.id,
      version: mapping.version,
      section,
      externalId: mapping.externalId,
      target,
      dirty: false,
    });
  }
  return rows;
}

/** A row may be saved once it names an external item and a target. */
export const rowIsComplete = (row: Pick<MappingRow, 'externalId' | 'target'>): boolean =>
  row.externalId !== '' && row.target !== null;

/** Work a save would keep, or leaving would lose: a row never saved, or a saved one changed since. */
export const rowIsUnsaved = (row: Pick<MappingRow, 'id' | 'dirty'>): boolean => row.id === null || row.dirty;

/** Save does something: a new complete row, or a saved one changed since. */
export const rowCanSave = (row: Pick<MappingRow, 'id' | 'externalId' | 'target' | 'dirty'>): boolean =>
  rowIsComplete(row) && (row.id === null || row.dirty);

/** The body of a save: the target as serviceItemId or bundleId. */
export function mappingTargetBody(target: MappingTarget) {
  return target.kind === 'item'
    ? { serviceItemId: target.id, bundleId: null }
    : { serviceItemId: null, bundleId: target.id };
}

/** The name the editor uses for an external item: its name in the scheduling system, else its id. */
export function externalName(items: ReadonlyArray<{ id: string; name: string }>, externalId: string): string {
  return items.find((item) => item.id === externalId)?.name ?? externalId;
}
