/**
 * What the services screen shows of the service items, from the service-items snapshot: the tab's items
 * with their state, the counts, what may be pressed, and whether leaving would lose something. Components
 * read this and never re-implement a guard. The bundles' view is bundle-editor.view.ts.
 */
import type { SnapshotFrom } from 'xstate';
import {
  categoryTabs,
  formFromItem,
  formsEqual,
  itemsInTab,
  orderChanged,
  positionInGroup,
  reorderGroup,
  type ServiceItemErrors,
  type ServiceItemForm,
  type SubCategoryGroup,
} from '../../domain/catalogue/catalogue';
import { STALE_MESSAGE } from '../shared/record-editor';
import type { EditableItem } from './service-items.context';
import type { serviceItemsMachine } from './service-items.machine';

export interface ServiceItemRow {
  key: string;
  id: number | null;
  isNew: boolean;
  form: ServiceItemForm;
  errors: ServiceItemErrors;
  /** A saved item whose form differs from what is saved (drafts are always unsaved). */
  edited: boolean;
  /** 1-based place within its tab, and the tab's size. */
  position: number;
  of: number;
  /** A request for this item is in flight. */
  busy: boolean;
}

export interface ServiceItemsView {
  tabs: SubCategoryGroup[];
  /** The tab shown; the requested one if the category has it, else the first. */
  tab: SubCategoryGroup | null;
  rows: ServiceItemRow[];
  /** Saved items shown after the tab filter (01 §2); unsaved drafts are counted apart, in `drafts`. */
  count: number;
  drafts: number;
  busy: boolean;
  hasDrafts: boolean;
  orderChanged: boolean;
  /** Save order is offered when the order changed or drafts exist (then it says why it cannot). */
  canSaveOrder: boolean;
  /** Leaving now would lose drafts, edits or a new order. */
  unsaved: boolean;
  /** The saved item whose delete waits for confirmation. */
  confirmDelete: { key: string; name: string } | null;
  /** The item whose save someone else's newer save refused: Reload (keeps what was typed) or Keep editing. */
  stale: StaleView | null;
}

/** A stale save of one row of a list editor (service items by key, bundles by id). */
export interface StaleView<K = string> {
  key: K;
  stale: true;
  reloading: boolean;
  staleMessage: string;
}

export function staleView<K>(snapshot: { hasTag(tag: string): boolean }, key: K | null): StaleView<K> | null {
  if (!snapshot.hasTag('stale') || key === null) return null;
  return { key, stale: true, reloading: snapshot.hasTag('reloading'), staleMessage: STALE_MESSAGE };
}

/** The row a request is in flight for: the one being saved or deleted, or the stale one while it reloads. */
export function busyRowKey<K>(
  snapshot: { hasTag(tag: string): boolean },
  inFlight: K | null,
  staleKey: K | null,
): K | null {
  if (snapshot.hasTag('busy')) return inFlight;
  return snapshot.hasTag('reloading') ? staleKey : null;
}

export function serviceItemsView(
  snapshot: SnapshotFrom<typeof serviceItemsMachine>,
  requestedTab: SubCategoryGroup,
): ServiceItemsView {
  const { items, saved, categoryName, pending, deleteKey, staleKey } = snapshot.context;
  const grouped = items.map((item) => ({ ...item, subCategory: item.groupSubCategory }));
  const tabs = categoryTabs(categoryName, grouped);
  const tab = tabs.length === 0 ? null : tabs.includes(requestedTab) ? requestedTab : (tabs[0] ?? null);
  const shown = tab === null ? items : itemsInTab(categoryName, grouped, tab);
  const groupOf = (item: EditableItem) => reorderGroup(categoryName, item.groupSubCategory);
  // While a stale save waits for Reload or Keep editing, nothing else is sent.
  const busy = snapshot.hasTag('busy') || snapshot.hasTag('stale');
  const busyKey = busyRowKey(snapshot, pending?.key ?? deleteKey, staleKey);
  const edited = (item: EditableItem) => {
    const savedItem = item.id === null ? undefined : saved[item.id];
    return savedItem ? !formsEqual(item.form, formFromItem(savedItem)) : item.isNew;
  };
  const rows = shown.map((item): ServiceItemRow => {
    const place = positionInGroup(items, item.key, groupOf) ?? { position: 0, of: 0 };
    return {
      key: item.key,
      id: item.id,
      isNew: item.isNew,
      form: item.form,
      errors: item.errors,
      edited: edited(item),
      position: place.position,
      of: place.of,
      busy: busyKey === item.key,
    };
  });
  const hasDrafts = items.some((item) => item.isNew);
  const moved = orderChanged(
    items,
    new Map(Object.values(saved).map((item) => [item.id, item.display_order])),
  );
  const deleting = deleteKey ? items.find((item) => item.key === deleteKey) : undefined;
  return {
    tabs,
    tab,
    rows,
    count: rows.filter((row) => !row.isNew).length,
    drafts: rows.filter((row) => row.isNew).length,
    busy,
    hasDrafts,
    orderChanged: moved,
    canSaveOrder: !busy && (hasDrafts || moved),
    unsaved: hasDrafts || moved || items.some(edited),
    confirmDelete:
      snapshot.matches('confirmingDelete') && deleting
        ? { key: deleting.key, name: deleting.form.name || 'this item' }
        : null,
    stale: staleView(snapshot, staleKey),
  };
}
