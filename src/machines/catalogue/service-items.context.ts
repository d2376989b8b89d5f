/**
 * The service-items chart's context and the pure work on its rows: saved items as editable rows, drafts,
 * typing, discarding, reloading one item, and settling a save. What a write's answer does to the context is
 * in service-items.outcomes.ts; the chart is service-items.machine.ts.
 */
import type { ServiceItem } from '../../api/contract/service-item';
import {
  formFromItem,
  formsEqual,
  newItemForm,
  nextDisplayOrder,
  readItemForm,
  reorderGroup,
  sortByDisplayOrder,
  subCategoryForNewItem,
  type ServiceItemErrors,
  type ServiceItemField,
  type ServiceItemForm,
  type ServiceItemValues,
  type SubCategoryGroup,
} from '../../domain/catalogue/catalogue';
import type { ConfirmDeleteEvent } from '../shared/confirm-delete';
import type { Notice } from '../shared/notice';
import { rebaseDraft, type StaleSaveEvent } from '../shared/record-editor';

export interface EditableItem {
  /** `item-<id>` for saved items, `draft-<n>` for drafts. */
  key: string;
  id: number | null;
  /** A local draft, created on the server only by Save (01 §4). */
  isNew: boolean;
  form: ServiceItemForm;
  display_order: number | null;
  /** The sub-category that places the item under a tab: the saved one (a draft's starting one), so an item
   * does not jump tabs while its form is edited. */
  groupSubCategory: string | null;
  errors: ServiceItemErrors;
}

export interface ServiceItemsInput {
  categoryId: number;
  categoryName: string;
  items: readonly ServiceItem[];
}

export interface ServiceItemsContext {
  categoryId: number;
  categoryName: string;
  /** The whole category in display order, drafts included. */
  items: EditableItem[];
  /** What the server has, by id. */
  saved: Record<number, ServiceItem>;
  draftCount: number;
  /** The item a create, update or delete is in flight for, with the form that was sent. */
  pending: { key: string; form: ServiceItemForm } | null;
  /** The saved item waiting for its delete confirmation. */
  deleteKey: string | null;
  /** The item whose save was refused because someone else saved it first (Reload or Keep editing). */
  staleKey: string | null;
}

export type ServiceItemsEvent =
  | { type: 'item.add'; tab: SubCategoryGroup }
  | { type: 'item.change'; key: string; field: ServiceItemField; value: string | boolean }
  | { type: 'item.save'; key: string }
  /** Removes a draft, or puts a saved item's form back to what is saved. */
  | { type: 'item.discard'; key: string }
  | { type: 'item.delete'; key: string }
  | ConfirmDeleteEvent
  /** Drag and drop: to a place (0-based) within the item's group. */
  | { type: 'item.move'; key: string; toIndex: number }
  /** Keyboard: one place up (-1) or down (1) within the group. */
  | { type: 'item.moveBy'; key: string; offset: number }
  | { type: 'order.save' }
  | StaleSaveEvent;

export type ServiceItemsEmitted = Notice | { type: 'items.saved'; categoryId: number; items: ServiceItem[] };

export type CreateItemInput = ServiceItemValues & { serviceCategoryId: number; display_order: number | null };
/** `version`: the version the item was read at (a newer one answers 409 record/stale). */
export type UpdateItemInput = { id: number; version: number; values: ServiceItemValues };
export type SaveOrderInput = { id: number; display_order: number | null }[];

export const savedKey = (id: number) => `item-${id}`;

export function editable(item: ServiceItem): EditableItem {
  return {
    key: savedKey(item.id),
    id: item.id,
    isNew: false,
    form: formFromItem(item),
    display_order: item.display_order,
    groupSubCategory: item.subCategory,
    errors: {},
  };
}

export const find = (context: ServiceItemsContext, key: string) =>
  context.items.find((item) => item.key === key);

export function groupOf(categoryName: string) {
  return (item: EditableItem) => reorderGroup(categoryName, item.groupSubCategory);
}

export function readPending(context: ServiceItemsContext) {
  const item = context.pending ? find(context, context.pending.key) : undefined;
  if (!item || !context.pending) throw new Error('no item is being saved');
  const read = readItemForm(context.pending.form, item.isNew ? 'create' : 'update');
  if (!read.ok) throw new Error('the item being saved is not valid');
  return { item, values: read.values };
}

/** After a save answered: the saved version, unless the form changed while the request was out. */
export function settle(context: ServiceItemsContext, key: string, saved: ServiceItem): EditableItem[] {
  return context.items.map((item) => {
    if (item.key !== key) return item;
    const unchanged = context.pending !== null && formsEqual(item.form, context.pending.form);
    return {
      ...editable(saved),
      display_order: item.isNew ? saved.display_order : item.display_order,
      form: unchanged ? formFromItem(saved) : item.form,
      errors: unchanged ? {} : item.errors,
    };
  });
}

export function savedItems(saved: Record<number, ServiceItem>): ServiceItem[] {
  return sortByDisplayOrder(Object.values(saved));
}

/** The context a category starts with: its saved items in display order, no drafts. */
export function initialContext(input: ServiceItemsInput): ServiceItemsContext {
  return {
    categoryId: input.categoryId,
    categoryName: input.categoryName,
    items: sortByDisplayOrder(input.items.map(editable)),
    saved: Object.fromEntries(input.items.map((item) => [item.id, item])),
    draftCount: 0,
    pending: null,
    deleteKey: null,
    staleKey: null,
  };
}

/** A new local draft at the end of the tab's group. */
export function addDraft(context: ServiceItemsContext, tab: SubCategoryGroup) {
  const subCategory = subCategoryForNewItem(context.categoryName, tab);
  const draft: EditableItem = {
    key: `draft-${context.draftCount + 1}`,
    id: null,
    isNew: true,
    form: newItemForm(subCategory),
    display_order: nextDisplayOrder(context.items),
    groupSubCategory: subCategory,
    errors: {},
  };
  return { items: [...context.items, draft], draftCount: context.draftCount + 1 };
}

/** One field typed: the form takes the value (of the field's own kind) and the field's error clears. */
export function changeField(
  context: ServiceItemsContext,
  change: { key: string; field: ServiceItemField; value: string | boolean },
): EditableItem[] {
  return context.items.map((item) => {
    if (item.key !== change.key || typeof item.form[change.field] !== typeof change.value) return item;
    const { [change.field]: _cleared, ...errors } = item.errors;
    return { ...item, form: { ...item.form, [change.field]: change.value }, errors };
  });
}

/** The item's form errors as the rules read it (none when it passes). */
export function showErrors(context: ServiceItemsContext, key: string): EditableItem[] {
  return context.items.map((item) => {
    if (item.key !== key) return item;
    const read = readItemForm(item.form, item.isNew ? 'create' : 'update');
    return { ...item, errors: read.ok ? {} : read.errors };
  });
}

/** A draft goes away; a saved item's form goes back to what is saved. */
export function discard(context: ServiceItemsContext, key: string): EditableItem[] {
  return context.items.flatMap((item) => {
    if (item.key !== key) return [item];
    if (item.isNew) return [];
    const saved = item.id === null ? undefined : context.saved[item.id];
    return saved ? [{ ...item, form: formFromItem(saved), errors: {} }] : [item];
  });
}

/** Reload after a stale save: the fresh item, with every field the admin changed on top. */
export function takeReloaded(context: ServiceItemsContext, fresh: ServiceItem) {
  const read = context.saved[fresh.id];
  return {
    saved: { ...context.saved, [fresh.id]: fresh },
    items: context.items.map((item) =>
      item.id === fresh.id
        ? {
            ...item,
            form: read
              ? rebaseDraft(formFromItem(read), item.form, formFromItem(fresh))
              : formFromItem(fresh),
            errors: {},
          }
        : item,
    ),
  };
}

/** The saved item's id behind a row key (0 when there is none, which the server refuses). */
export const savedIdOf = (context: ServiceItemsContext, key: string | null) =>
  (key ? find(context, key)?.id : undefined) ?? 0;
