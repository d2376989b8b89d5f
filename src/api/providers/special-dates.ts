import type { ApiClient } from '../client';
import {
  SpecialDateListSchema,
  SpecialDateSchema,
  type SpecialDateInput,
  type SpecialDateUpdate,
} from '../contract/special-date';
import { DeletedSchema } from '../contract/primitives';

/** Special dates of a location (02 §7); dates as YYYY/MM/DD. */
export function specialDatesApi(client: ApiClient) {
  return {
    list: (locationId: number) => client.get(SpecialDateListSchema, `/special-date/provider/${locationId}`),
    create: (input: SpecialDateInput) =>
      client.post(SpecialDateSchema, '/special-date', { body: input, idempotent: true }),
    /** New dates and/or one service item or bundle to attach; answers the date with its items. */
    update: (id: number, input: SpecialDateUpdate) =>
      client.put(SpecialDateSchema, `/special-date/${id}`, { body: input }),
    remove: (id: number) => client.delete(DeletedSchema, `/special-date/${id}`),
    removeItem: (id: number) => client.delete(DeletedSchema, `/special-date/svc-item/${id}`),
  };
}
export type SpecialDatesApi = ReturnType<typeof specialDatesApi>;
