import type { Temporal } from 'temporal-polyfill';
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { SpecialDateInput } from '../../api/contract/special-date';
import { specialDatesApi } from '../../api/providers/special-dates';
import type { AttachInput } from './special-dates.machine';

/**
 * The Special Dates section's side effects, built from the API client. `now` is read when the holiday list is
 * computed; the holiday calendar (date-holidays) is downloaded then, with this screen only.
 */
export function createSpecialDatesActors(api: ApiClient, now: () => Temporal.Instant) {
  const specialDates = specialDatesApi(api);
  return {
    loadSpecialDates: fromPromise(({ input }: { input: { locationId: number } }) =>
      specialDates.list(input.locationId),
    ),
    createSpecialDate: fromPromise(({ input }: { input: SpecialDateInput }) => specialDates.create(input)),
    attachService: fromPromise(({ input }: { input: AttachInput }) =>
      specialDates.update(input.id, { ...input.target, version: input.version }),
    ),
    removeSpecialDateItem: fromPromise(async ({ input }: { input: { id: number } }) => {
      await specialDates.removeItem(input.id);
    }),
    removeSpecialDate: fromPromise(async ({ input }: { input: { id: number } }) => {
      await specialDates.remove(input.id);
    }),
    loadHolidays: fromPromise(async ({ input }: { input: { timeZone: string } }) => {
      const { currentHolidays } = await import('../../domain/providers/holidays');
      return currentHolidays(now(), input.timeZone);
    }),
  };
}
