import * as v from 'valibot';
import { isDayText, SearchIdSchema, SearchTextSchema, toSearchText } from '../../api/contract/search-params';
import { APPOINTMENT_STATUS_ORDER } from '../../domain/appointments/status-labels';
import type { AppointmentFilters } from '../../domain/appointments/workspace';
import {
  APPOINTMENT_SORT_COLUMNS,
  APPOINTMENT_SORT_DEFAULT,
} from '../../domain/appointments/appointment-sort';
import { sortSearchEntries } from '../shared/sort-search';

/** The customer search as the URL holds it (see SearchTextSchema); `filtersOf` takes its text. */
const search = SearchTextSchema(200);
/** A real calendar day (the API's rule: 2026-02-30 is no day), else no filter. */
const day = v.fallback(v.optional(v.pipe(v.string(), v.check(isDayText))), undefined);

/**
 * The workspace's filters and order in the URL (/appointments?status=&provider=&from=&to=&q=&sort=&dir=); a
 * bad value falls back.
 */
export const AppointmentsSearchSchema = v.object({
  status: v.fallback(v.optional(v.picklist(APPOINTMENT_STATUS_ORDER)), undefined),
  provider: SearchIdSchema,
  from: day,
  to: day,
  q: search,
  /** The order: by start, newest first unless turned around. */
  ...sortSearchEntries(APPOINTMENT_SORT_COLUMNS, APPOINTMENT_SORT_DEFAULT),
});
export type AppointmentsSearch = v.InferOutput<typeof AppointmentsSearchSchema>;

/** Defaults stay out of the URL: /appointments, not /appointments?q=&sort=start&dir=desc. */
export const APPOINTMENTS_SEARCH_DEFAULTS = { q: '', ...APPOINTMENT_SORT_DEFAULT } as const;

/**
 * The filters the list applies: the URL's, with the provider fixed when the person cannot choose one (an
 * admin viewing the console as a provider sees that provider's appointments only).
 */
export function filtersOf(search: AppointmentsSearch, fixedProvider: number | null): AppointmentFilters {
  return {
    status: search.status,
    provider: fixedProvider ?? search.provider,
    from: search.from,
    to: search.to,
    q: String(search.q),
    order: { sort: search.sort, dir: search.dir },
  };
}

/** A change of the filters as the URL holds it: a whole-number search goes as a number (see `search`). */
export function toSearch(
  change: Partial<AppointmentFilters>,
): Partial<v.InferInput<typeof AppointmentsSearchSchema>> {
  const { q, order, ...rest } = change;
  return {
    ...rest,
    ...(q === undefined ? {} : { q: toSearchText(q) }),
    ...(order === undefined ? {} : { sort: order.sort, dir: order.dir }),
  };
}
