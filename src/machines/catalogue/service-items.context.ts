/** The service-items chart's context helpers: saved items as editable rows, and settling a save. */
import type { ServiceItem } from '../../api/contract/service-item';
import {
  formFromItem,
  formsEqual,
  readItemForm,
  reorderGroup,
  sortByDisplayOrder,
} from '../../domain/catalogue/catalogue';
import type { EditableItem, ServiceItemsContext } from './service-items.machine';

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
