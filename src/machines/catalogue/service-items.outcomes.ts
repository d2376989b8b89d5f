/**
 * What each answer of a write does to the service-items context, and what it announces: the toast (01 §8
 * wording, the service-item duration) and, after every successful write, `items.saved` with the category's
 * saved items for caches elsewhere. Pure: the chart applies an outcome with one action.
 */
import type { ServiceItem } from '../../api/contract/service-item';
import { CATALOGUE_MESSAGES, SERVICE_ITEM_MESSAGES, TOAST_DURATIONS } from '../../domain/shared/messages';
import { errorMessage } from '../shared/errors';
import { notice } from '../shared/notice';
import {
  find,
  savedItems,
  settle,
  type ServiceItemsContext,
  type ServiceItemsEmitted,
} from './service-items.context';

export interface Outcome {
  change: Partial<ServiceItemsContext>;
  emitted: ServiceItemsEmitted[];
}

export const notify = (level: 'success' | 'error', message: string) =>
  notice(level, message, { duration: TOAST_DURATIONS.serviceItem });

function announced(context: ServiceItemsContext, saved: Record<number, ServiceItem>, message: string) {
  return [
    notify('success', message),
    { type: 'items.saved' as const, categoryId: context.categoryId, items: savedItems(saved) },
  ];
}

/** A create or update answered: the row takes the saved item unless it was typed in meanwhile. */
export function itemWritten(context: ServiceItemsContext, output: ServiceItem, message: string): Outcome {
  const key = context.pending?.key ?? '';
  const saved = { ...context.saved, [output.id]: output };
  return {
    change: { items: settle(context, key, output), saved, pending: null },
    emitted: announced(context, saved, message),
  };
}

/** The delete answered: the row and its saved item go. */
export function itemDeleted(context: ServiceItemsContext): Outcome {
  const item = context.deleteKey ? find(context, context.deleteKey) : undefined;
  const saved = { ...context.saved };
  if (item?.id != null) delete saved[item.id];
  return {
    change: {
      items: context.items.filter((candidate) => candidate.key !== context.deleteKey),
      saved,
      deleteKey: null,
    },
    emitted: announced(context, saved, SERVICE_ITEM_MESSAGES.deleted),
  };
}

/** The display order saved: the saved items take their new order (the rows already show it). */
export function orderSaved(context: ServiceItemsContext, output: ServiceItem[]): Outcome {
  const saved = { ...context.saved };
  for (const item of output) if (saved[item.id]) saved[item.id] = item;
  return { change: { saved }, emitted: announced(context, saved, SERVICE_ITEM_MESSAGES.orderSaved) };
}

/** The spec's failure toasts, each with the server's message; what was typed stays. */
export const failures = {
  create: (error: unknown) => SERVICE_ITEM_MESSAGES.createFailed(errorMessage(error)),
  update: (error: unknown) => SERVICE_ITEM_MESSAGES.saveFailed(errorMessage(error)),
  delete: (error: unknown) => CATALOGUE_MESSAGES.itemDeleteFailed(errorMessage(error)),
  order: (error: unknown) => SERVICE_ITEM_MESSAGES.orderFailed(errorMessage(error)),
};

/** A write refused: nothing is in flight any more, and the failure toast. */
export function writeFailed(change: Partial<ServiceItemsContext>, message: string): Outcome {
  return { change, emitted: [notify('error', message)] };
}
