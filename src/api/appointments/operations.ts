import type { ApiClient } from '../client';
import { ProviderAppointmentSchema } from '../contract/appointment';
import {
  CancellationSchema,
  ExplanationSchema,
  ProviderSlotsListSchema,
  ReceiptListSchema,
  ReceiptSchema,
  type AdminBookingInput,
  type AvailabilityRequest,
  type CancelQuery,
  type ExplainRequest,
  type ProviderBookingInput,
  type ReceiptListQuery,
  type ReceiptRequest,
  type RescheduleInput,
  type StatusUpdate,
} from '../contract/appointment-operations';

const cancelQuery = (query: CancelQuery) => ({
  latecancelfee: String(query.latecancelfee ?? true),
  refundOption: query.refundOption,
});
const path = (value: string | number) => encodeURIComponent(String(value));

/**
 * Appointment operations (02 §7): open slots and why a time is closed, status, cancel (and its preview),
 * reschedule, the two Create Appointment variants and receipts.
 */
export function appointmentOperationsApi(client: ApiClient) {
  return {
    availability: (body: AvailabilityRequest, signal?: AbortSignal) =>
      client.post(ProviderSlotsListSchema, '/appointments/availability', {
        body,
        ...(signal ? { signal } : {}),
      }),
    explain: (body: ExplainRequest, signal?: AbortSignal) =>
      client.post(ExplanationSchema, '/appointments/availability/explain', {
        body,
        ...(signal ? { signal } : {}),
      }),
    updateStatus: (id: number, body: StatusUpdate) =>
      client.put(ProviderAppointmentSchema, `/appointments/${path(id)}`, { body }),
    cancellationPreview: (groupId: string, query: CancelQuery, signal?: AbortSignal) =>
      client.get(CancellationSchema, `/appointments/${path(groupId)}/cancellation`, {
        query: cancelQuery(query),
        ...(signal ? { signal } : {}),
      }),
    cancel: (groupId: string, query: CancelQuery) =>
      client.delete(CancellationSchema, `/appointments/${path(groupId)}`, { query: cancelQuery(query) }),
    reschedule: (id: number, body: RescheduleInput) =>
      client.put(ProviderAppointmentSchema, `/appointments/reschedule/${path(id)}`, { body }),
    createAsProvider: (body: ProviderBookingInput) =>
      client.post(ProviderAppointmentSchema, '/i/appointments/', { body, idempotent: true }),
    createAsAdmin: (body: AdminBookingInput) =>
      client.post(ProviderAppointmentSchema, '/appointments', { body, idempotent: true }),
    sendReceipt: (body: ReceiptRequest) =>
      client.post(ReceiptSchema, '/appointments/receipts', { body, idempotent: true }),
    receipts: (query: ReceiptListQuery = {}, signal?: AbortSignal) =>
      client.get(ReceiptListSchema, '/appointments/receipts', {
        query: query.groupId ? { groupId: query.groupId } : {},
        ...(signal ? { signal } : {}),
      }),
  };
}
export type AppointmentOperationsApi = ReturnType<typeof appointmentOperationsApi>;
