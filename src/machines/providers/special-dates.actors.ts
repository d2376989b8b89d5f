import type { Temporal } from 'temporal-polyfill';
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { SpecialDate, SpecialDateInput } from '../../api/contract/special-date';
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
    /**
     * Undo of a removal: the same days again (POST), then each service item and bundle it had (one PUT each,
     * with the version the last answered). When an attach fails, the new date is taken away again, so a
     * second Undo starts from where the first did.
     */
    restoreSpecialDate: fromPromise(async ({ input }: { input: SpecialDate }) => {
      let date = await specialDates.create({
        startDate: input.startDate,
        endDate: input.endDate,
        locationId: input.locationId,
      });
      try {
        for (const item of input.specialDateServiceItems) {
          const target =
            item.serviceItemId !== null ? { serviceItemId: item.serviceItemId } : { bundleId: item.bundleId };
          date = await specialDates.update(date.id, { ...target, version: date.version });
        }
      } catch (error) {
        await specialDates.remove(date.id).catch(() => undefined);
        throw error;
      }
      return date;
    }),
    loadHolidays: fromPromise(async ({ input }: { input: { timeZone: string } }) => {
      const { currentHolidays } = await import('../../domain/providers/holidays');
      return currentHolidays(now(), input.timeZone);
    }),
  };
}
