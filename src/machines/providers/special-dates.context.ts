/**
 * The Special Dates chart's pure work on its context: a date kept in start order, the service menu's queue
 * after each attach, an item or a date taken away, the notices of a removal and its Undo. The chart itself is
 * in special-dates.machine.ts (its holiday half in special-dates.holidays.ts); the rules it reads (the range,
 * the queue, the clashes) are in special-dates.rules.ts.
 */
import type { SpecialDate } from '../../api/contract/special-date';
import { PROVIDER_MESSAGES, SPECIAL_DATE_MESSAGES } from '../../domain/shared/messages';
import { errorMessage } from '../shared/errors';
import { notice, type Notice } from '../shared/notice';
import {
  byStart,
  type ServiceMenu,
  type SpecialDatesContext,
  type SpecialDatesInput,
} from './special-dates.rules';

/** Nothing read yet, nothing picked. */
export const initialSpecialDatesContext = (input: SpecialDatesInput): SpecialDatesContext => ({
  ...input,
  dates: [],
  loadError: null,
  pick: { start: '', end: '' },
  menu: null,
  removing: null,
  undoable: null,
  holidays: null,
  holidayQueue: [],
  holidaysAdded: 0,
  clashes: [],
});

/** The dates with this one as the API answered it (new or changed), in start order. */
export const withDate = (dates: SpecialDate[], date: SpecialDate): SpecialDate[] =>
  [...dates.filter((d) => d.id !== date.id), date].sort(byStart);

/** The menu once its first chosen service item (else bundle) is attached. */
export function withoutAttached(menu: ServiceMenu | null): ServiceMenu | null {
  if (!menu) return null;
  const { serviceItemIds, bundleIds } = menu;
  return serviceItemIds.length > 0
    ? { ...menu, serviceItemIds: serviceItemIds.slice(1) }
    : { ...menu, bundleIds: bundleIds.slice(1) };
}

/** The dates without the item being removed. */
export const withoutItem = (context: SpecialDatesContext): SpecialDate[] =>
  context.dates.map((date) =>
    date.id === context.removing?.dateId
      ? {
          ...date,
          specialDateServiceItems: date.specialDateServiceItems.filter(
            (item) => item.id !== context.removing?.itemId,
          ),
        }
      : date,
  );

/** The special date being removed, as it is now (kept for Undo once the removal is done). */
export const removedDate = (context: SpecialDatesContext): SpecialDate | null =>
  context.dates.find((date) => date.id === context.removing?.dateId) ?? null;

/** The Undo a removed date's toasts offer: it names the date, so an older toast's Undo does nothing. */
const undoOf = (date: SpecialDate | null) => (date ? { undo: { type: 'undo', id: date.id } } : {});

/** 'Removed Special Date …', with Undo. */
export function removedNotice(context: SpecialDatesContext): Notice {
  const date = removedDate(context);
  return notice(
    'success',
    PROVIDER_MESSAGES.specialDateRemoved(date?.startDate ?? '', date?.endDate ?? ''),
    undoOf(date),
  );
}

/** The removed date is back, with its services. */
export const restoredNotice = (date: SpecialDate): Notice =>
  notice('success', SPECIAL_DATE_MESSAGES.restored(date.startDate, date.endDate));

/** An Undo that failed: why, in the server's words, and Undo again (the removed date is still kept). */
export function restoreFailedNotice(context: SpecialDatesContext, error: unknown): Notice {
  const date = context.undoable;
  return notice(
    'error',
    SPECIAL_DATE_MESSAGES.restoreFailed(date?.startDate ?? '', date?.endDate ?? '', errorMessage(error)),
    undoOf(date),
  );
}
