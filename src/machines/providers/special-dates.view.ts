import { Temporal } from 'temporal-polyfill';
import type { SnapshotFrom } from 'xstate';
import type { SpecialDate } from '../../api/contract/special-date';
import { formatDisplayDate, parseIsoDate, rangesOverlap } from '../../domain/providers/dates';
import { SPECIAL_DATE_MESSAGES } from '../../domain/shared/messages';
import { staleView } from '../shared/record-editor';
import { rangeOf, type specialDatesMachine } from './special-dates.machine';

/** What the service names are, for showing a special date's items and the service menu. */
export interface ServiceCatalogue {
  categories: readonly { id: number; name: string; serviceItems: readonly { id: number; name: string }[] }[];
  bundles: readonly { id: number; name: string }[];
}

function rangeText(date: SpecialDate): string {
  const range = rangeOf(date);
  if (!range) return `${date.startDate} - ${date.endDate}`;
  const start = formatDisplayDate(range.start);
  return range.start.equals(range.end) ? start : `${start} - ${formatDisplayDate(range.end)}`;
}

/** What the Special Dates section shows, from the machine's snapshot and the service catalogue. */
export function specialDatesView(
  snapshot: SnapshotFrom<typeof specialDatesMachine>,
  catalogue: ServiceCatalogue,
) {
  const { context } = snapshot;
  const today = parseIsoDate(context.today);
  const itemNames = new Map(
    catalogue.categories.flatMap((category) => category.serviceItems.map((item) => [item.id, item.name])),
  );
  const bundleNames = new Map(catalogue.bundles.map((bundle) => [bundle.id, bundle.name]));
  const isPast = (end: Temporal.PlainDate) => today !== null && Temporal.PlainDate.compare(end, today) < 0;
  const dates = context.dates.map((date) => {
    const range = rangeOf(date);
    return {
      id: date.id,
      label: rangeText(date),
      slashLabel: `${date.startDate} - ${date.endDate}`,
      past: range !== null && isPast(range.end),
      items: date.specialDateServiceItems.map((item) => ({
        id: item.id,
        name:
          item.serviceItemId !== null
            ? (itemNames.get(item.serviceItemId) ?? `Service item ${item.serviceItemId}`)
            : (bundleNames.get(item.bundleId ?? 0) ?? `Bundle ${item.bundleId}`),
        kindLabel: item.serviceItemId !== null ? ('Service' as const) : ('Bundle' as const),
      })),
    };
  });
  const menuDate = context.dates.find((date) => date.id === context.menu?.dateId);
  const attachedItems = new Set(menuDate?.specialDateServiceItems.map((item) => item.serviceItemId));
  const attachedBundles = new Set(menuDate?.specialDateServiceItems.map((item) => item.bundleId));
  const ranges = context.dates.flatMap((date) => rangeOf(date) ?? []);
  // The list waits for the dates too: until they are read, which holidays are special dates already is
  // unknown and Add cannot run, so it is not drawn as a list with a dimmed, disabled Add that lights up.
  const holidayState: 'loading' | 'failed' | 'listed' | 'optedOut' = snapshot.matches({
    holidays: 'failed',
  })
    ? 'failed'
    : snapshot.hasTag('loading')
      ? 'loading'
      : snapshot.matches({ holidays: { ready: 'optedOut' } })
        ? 'optedOut'
        : snapshot.matches({ holidays: { ready: 'listed' } })
          ? 'listed'
          : 'loading';
  const removingDate = snapshot.matches({ dates: 'confirmingDelete' }) || snapshot.hasTag('deleting');
  const removing = context.dates.find((date) => date.id === context.removing?.dateId);
  return {
    loading: snapshot.hasTag('loading'),
    loadError: snapshot.matches({ dates: 'loadFailed' }) ? context.loadError : null,
    busy: snapshot.hasTag('busy'),
    canEdit: snapshot.matches({ dates: 'idle' }),
    pick: context.pick,
    dates,
    emptyText: dates.length === 0 ? SPECIAL_DATE_MESSAGES.empty : null,
    removingItemId: snapshot.matches({ dates: 'removingItem' }) ? (context.removing?.itemId ?? null) : null,
    menu:
      context.menu && menuDate
        ? {
            title: `Services on ${rangeText(menuDate)}`,
            categories: catalogue.categories.map((category) => ({
              ...category,
              serviceItems: category.serviceItems.filter((item) => !attachedItems.has(item.id)),
            })),
            bundles: catalogue.bundles.filter((bundle) => !attachedBundles.has(bundle.id)),
            serviceItemIds: context.menu.serviceItemIds,
            bundleIds: context.menu.bundleIds,
            attaching: snapshot.matches({ dates: 'attaching' }),
            canAttach: snapshot.can({ type: 'services.attach' }),
            /** After a stale attach: the shared notice (Reload keeps what was chosen). */
            ...staleView(snapshot),
          }
        : null,
    confirmRemove:
      removingDate && removing
        ? {
            message: SPECIAL_DATE_MESSAGES.confirmRemove(removing.startDate, removing.endDate),
            deleting: snapshot.hasTag('deleting'),
          }
        : null,
    holidays: {
      state: holidayState,
      entries: (context.holidays ?? []).map((holiday, index) => ({
        index,
        name: holiday.name,
        dateLabel: formatDisplayDate(holiday.date),
        checked: holiday.checked,
        past: isPast(holiday.date),
        isSpecialDate: ranges.some((range) =>
          rangesOverlap({ start: holiday.date, end: holiday.date }, range),
        ),
      })),
      canAdd: snapshot.can({ type: 'holidays.add' }),
      adding: snapshot.matches({ dates: 'addingHolidays' }),
      clashes: context.clashes,
    },
  };
}
export type SpecialDatesView = ReturnType<typeof specialDatesView>;
