/**
 * Service catalogue rules (01 §2, §4, §5, §9): the Injectables tabs, display order of new items, reordering
 * within a sub-category, and turning the item form into the values that are saved. Pure functions.
 */
import { INJECTABLES_CATEGORY, NEW_SERVICE_ITEM_DEFAULTS } from '../shared/constants';
import { CATALOGUE_MESSAGES } from '../shared/messages';
import { centsToDollarInput, parseDollars } from '../shared/money';

// ---------------------------------------------------------------------------------------------------------
// Sub-categories and the Injectables tabs
// ---------------------------------------------------------------------------------------------------------

/**
 * The group a sub-category value belongs to. The data holds 'Botox', 'Filler' and 'Fillers' (and nothing);
 * case and surrounding spaces do not matter. Anything else, or nothing, is 'Other'.
 */
export type SubCategoryGroup = 'Botox' | 'Fillers' | 'Other';

export function subCategoryGroup(subCategory: string | null | undefined): SubCategoryGroup {
  const value = (subCategory ?? '').trim().toLowerCase();
  if (value === 'botox') return 'Botox';
  if (value === 'filler' || value === 'fillers') return 'Fillers';
  return 'Other';
}

export function isInjectables(categoryName: string): boolean {
  return categoryName.trim().toLowerCase() === INJECTABLES_CATEGORY.toLowerCase();
}

/**
 * The tabs a category shows: Injectables has Botox and Fillers, plus Other only when some item has no (or
 * another) sub-category, so such an item is never hidden. Other categories show no tabs.
 */
export function categoryTabs(
  categoryName: string,
  items: readonly { subCategory: string | null }[],
): SubCategoryGroup[] {
  if (!isInjectables(categoryName)) return [];
  const tabs: SubCategoryGroup[] = ['Botox', 'Fillers'];
  if (items.some((item) => subCategoryGroup(item.subCategory) === 'Other')) tabs.push('Other');
  return tabs;
}

/** A tab from the URL; anything unknown falls back to the first tab. */
export function parseTab(value: unknown): SubCategoryGroup {
  return value === 'Fillers' || value === 'Other' ? value : 'Botox';
}

/**
 * The reorder group of an item: in Injectables its tab (the sub-category group), elsewhere one group for the
 * whole category, because only Injectables shows its items split by sub-category.
 */
export function reorderGroup(categoryName: string, subCategory: string | null | undefined): string {
  return isInjectables(categoryName) ? subCategoryGroup(subCategory) : 'all';
}

/** The items a category shows under a tab (all of them when the category has no tabs). */
export function itemsInTab<T extends { subCategory: string | null }>(
  categoryName: string,
  items: readonly T[],
  tab: SubCategoryGroup,
): T[] {
  if (!isInjectables(categoryName)) return [...items];
  return items.filter((item) => subCategoryGroup(item.subCategory) === tab);
}

/** The sub-category a new item starts with, so it shows under the tab it was added from. */
export function subCategoryForNewItem(categoryName: string, tab: SubCategoryGroup): string {
  if (!isInjectables(categoryName) || tab === 'Other') return '';
  return tab;
}

// ---------------------------------------------------------------------------------------------------------
// Display order
// ---------------------------------------------------------------------------------------------------------

export interface Orderable {
  key: string;
  display_order: number | null;
}

/**
 * Lists show items by display_order, items without one last; ties keep their given order (the server
 * breaks them by id, drafts come after saved items).
 */
export function sortByDisplayOrder<T extends { display_order: number | null }>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) =>
        (a.item.display_order ?? Number.POSITIVE_INFINITY) -
          (b.item.display_order ?? Number.POSITIVE_INFINITY) || a.index - b.index,
    )
    .map(({ item }) => item);
}

/**
 * The display_order of a new item (01 §4): the list length plus one, or null when the existing items have
 * null orders (a category nobody has ordered yet). When deletions left the highest order above the length,
 * one past the highest, so a new item never ties with an existing one and always comes last.
 */
export function nextDisplayOrder(items: readonly { display_order: number | null }[]): number | null {
  if (items.some((item) => item.display_order === null)) return null;
  const highest = items.reduce((max, item) => Math.max(max, item.display_order ?? 0), 0);
  return Math.max(items.length, highest) + 1;
}

/**
 * Moves one item within its group (01 §4: "reordering an item shifts the other items of the same
 * sub-category within the moved range"). `items` is the whole category in display order. The group's items
 * keep the places in the list they occupy; within them the moved item goes to `toGroupIndex` and the items
 * between its old and new place shift by one. Items of other groups do not move. The result is numbered
 * 1..n in list order, so a category that was never ordered (null orders) becomes ordered.
 * Returns the input unchanged when the key is unknown or the move goes nowhere.
 */
export function moveWithinGroup<T extends Orderable>(
  items: readonly T[],
  key: string,
  toGroupIndex: number,
  groupOf: (item: T) => string,
): T[] {
  const moved = items.find((item) => item.key === key);
  if (!moved) return [...items];
  const group = groupOf(moved);
  const slots: number[] = [];
  const members: T[] = [];
  items.forEach((item, index) => {
    if (groupOf(item) === group) {
      slots.push(index);
      members.push(item);
    }
  });
  const from = members.indexOf(moved);
  const to = Math.max(0, Math.min(members.length - 1, Math.trunc(toGroupIndex)));
  if (from === to) return [...items];
  members.splice(from, 1);
  members.splice(to, 0, moved);
  const result = [...items];
  slots.forEach((slot, index) => {
    result[slot] = members[index] as T;
  });
  return renumber(result);
}

/** Moves an item up (negative) or down (positive) by `offset` places within its group. */
export function moveByOffset<T extends Orderable>(
  items: readonly T[],
  key: string,
  offset: number,
  groupOf: (item: T) => string,
): T[] {
  const moved = items.find((item) => item.key === key);
  if (!moved) return [...items];
  const group = groupOf(moved);
  const index = items.filter((item) => groupOf(item) === group).indexOf(moved);
  return moveWithinGroup(items, key, index + offset, groupOf);
}

/** display_order 1..n in list order; items whose order is already right are kept as they are. */
export function renumber<T extends Orderable>(items: readonly T[]): T[] {
  return items.map((item, index) =>
    item.display_order === index + 1 ? item : { ...item, display_order: index + 1 },
  );
}

/** The position of an item within its group, 1-based, and the group's size (for announcements). */
export function positionInGroup<T extends Orderable>(
  items: readonly T[],
  key: string,
  groupOf: (item: T) => string,
): { position: number; of: number } | null {
  const item = items.find((candidate) => candidate.key === key);
  if (!item) return null;
  const members = items.filter((candidate) => groupOf(candidate) === groupOf(item));
  return { position: members.indexOf(item) + 1, of: members.length };
}

/** Whether any saved item's display_order differs from what the server has. */
export function orderChanged(
  items: readonly { id: number | null; display_order: number | null }[],
  saved: ReadonlyMap<number, number | null>,
): boolean {
  return items.some((item) => item.id !== null && saved.get(item.id) !== item.display_order);
}

// ---------------------------------------------------------------------------------------------------------
// The service item form
// ---------------------------------------------------------------------------------------------------------

export const ITEM_LIMITS = {
  nameMaxLength: 200,
  shortTextMaxLength: 500,
  longTextMaxLength: 10_000,
  urlMaxLength: 2048,
  priceMaxCents: 100_000_000,
  minutesMin: 1,
  minutesMax: 1440,
  pointsMax: 1_000_000,
} as const;

/** What the editor shows: text for every typed value (money in dollars), booleans for the switches. */
export interface ServiceItemForm {
  name: string;
  subCategory: string;
  unitsDescriptor: string;
  unitsDescriptorIconURL: string;
  descriptionTitle: string;
  description: string;
  redemptionPoints: string;
  timeInMins: string;
  termsInfo: string;
  prepInfo: string;
  isFinancingEnabled: boolean;
  /** Dollars with two decimals, e.g. "100.00"; stored as priceInCents. */
  price: string;
  isPricePerUnit: boolean;
}

export type ServiceItemField = keyof ServiceItemForm;
export type ServiceItemErrors = Partial<Record<ServiceItemField, string>>;

/** What is saved: the ServiceItem fields a person edits (01 §3). */
export interface ServiceItemValues {
  name: string;
  subCategory: string | null;
  unitsDescriptor: string | null;
  unitsDescriptorIconURL: string | null;
  descriptionTitle: string | null;
  description: string | null;
  redemptionPoints: number;
  timeInMins: number;
  termsInfo: string | null;
  prepInfo: string | null;
  isFinancingEnabled: boolean;
  priceInCents: number;
  isPricePerUnit: boolean;
}

export function formFromItem(item: ServiceItemValues): ServiceItemForm {
  return {
    name: item.name,
    subCategory: item.subCategory ?? '',
    unitsDescriptor: item.unitsDescriptor ?? '',
    unitsDescriptorIconURL: item.unitsDescriptorIconURL ?? '',
    descriptionTitle: item.descriptionTitle ?? '',
    description: item.description ?? '',
    redemptionPoints: String(item.redemptionPoints),
    timeInMins: String(item.timeInMins),
    termsInfo: item.termsInfo ?? '',
    prepInfo: item.prepInfo ?? '',
    isFinancingEnabled: item.isFinancingEnabled,
    price: centsToDollarInput(item.priceInCents),
    isPricePerUnit: item.isPricePerUnit,
  };
}

/** A new item's form (01 §9: price 100.00, 10 minutes, not priced per unit). */
export function newItemForm(subCategory = ''): ServiceItemForm {
  return {
    name: '',
    subCategory,
    unitsDescriptor: '',
    unitsDescriptorIconURL: '',
    descriptionTitle: '',
    description: '',
    redemptionPoints: '',
    timeInMins: String(NEW_SERVICE_ITEM_DEFAULTS.timeInMins),
    termsInfo: '',
    prepInfo: '',
    isFinancingEnabled: false,
    price: centsToDollarInput(NEW_SERVICE_ITEM_DEFAULTS.priceInCents),
    isPricePerUnit: NEW_SERVICE_ITEM_DEFAULTS.isPricePerUnit,
  };
}

export function formsEqual(a: ServiceItemForm, b: ServiceItemForm): boolean {
  return (Object.keys(a) as ServiceItemField[]).every((field) => a[field] === b[field]);
}

const WHOLE = /^\s*\d+\s*$/;

function wholeNumber(text: string, min: number, max: number): number | undefined {
  if (!WHOLE.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

/**
 * Reads the form into the values to save, or the errors per field. Texts are trimmed. Empty redemption
 * points become 0. On update (01 §5) empty termsInfo, prepInfo and subCategory are sent as empty text, so
 * clearing them clears them; every other empty text (and, on create, these three too) is sent as null.
 */
export function readItemForm(
  form: ServiceItemForm,
  mode: 'create' | 'update',
): { ok: true; values: ServiceItemValues } | { ok: false; errors: ServiceItemErrors } {
  const errors: ServiceItemErrors = {};
  const name = form.name.trim();
  if (name === '') errors.name = CATALOGUE_MESSAGES.itemNameRequired;

  const price = parseDollars(form.price);
  if (price === undefined || price < 0 || price > ITEM_LIMITS.priceMaxCents) {
    errors.price = CATALOGUE_MESSAGES.itemPriceInvalid;
  }
  const minutes = wholeNumber(form.timeInMins, ITEM_LIMITS.minutesMin, ITEM_LIMITS.minutesMax);
  if (minutes === undefined) errors.timeInMins = CATALOGUE_MESSAGES.itemMinutesInvalid;
  const points =
    form.redemptionPoints.trim() === '' ? 0 : wholeNumber(form.redemptionPoints, 0, ITEM_LIMITS.pointsMax);
  if (points === undefined) errors.redemptionPoints = CATALOGUE_MESSAGES.itemPointsInvalid;

  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const optional = (text: string) => (text.trim() === '' ? null : text.trim());
  const emptyAsText = (text: string) => (mode === 'update' ? text.trim() : optional(text));
  return {
    ok: true,
    values: {
      name,
      subCategory: emptyAsText(form.subCategory),
      unitsDescriptor: optional(form.unitsDescriptor),
      unitsDescriptorIconURL: optional(form.unitsDescriptorIconURL),
      descriptionTitle: optional(form.descriptionTitle),
      description: optional(form.description),
      redemptionPoints: points as number,
      timeInMins: minutes as number,
      termsInfo: emptyAsText(form.termsInfo),
      prepInfo: emptyAsText(form.prepInfo),
      isFinancingEnabled: form.isFinancingEnabled,
      priceInCents: price as number,
      isPricePerUnit: form.isPricePerUnit,
    },
  };
}
