import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import type { AppointmentListQuery } from '../contract/appointment-list';
import { appointmentsApi } from './appointments';
import { appointmentOperationsApi } from './operations';

/** The root of every appointments key (receipts, the workspace's pages, activity, the calendar's months). */
export const APPOINTMENTS_KEY = ['appointments'] as const;

/** GET /appointments/receipts?groupId= (admin): the receipts sent for one booking, newest first. */
export const receiptQueries = {
  all: [...APPOINTMENTS_KEY, 'receipts'] as const,
  forBooking: (api: ApiClient, groupId: string) =>
    queryOptions({
      queryKey: [...receiptQueries.all, groupId],
      queryFn: ({ signal }) => appointmentOperationsApi(api).receipts({ groupId }, signal),
    }),
};

/**
 * GET /appointments/list: one page of the appointments workspace (its filters, the page's cursor and size).
 * Always read afresh (the workspace shows what is there now); the key lets a change reach it.
 */
export const appointmentListQueries = {
  all: [...APPOINTMENTS_KEY, 'list'] as const,
  page: (api: ApiClient, query: AppointmentListQuery) =>
    queryOptions({
      queryKey: [...appointmentListQueries.all, query] as const,
      queryFn: ({ signal }) => appointmentsApi(api).page(query, signal),
      staleTime: 0,
    }),
};

/** GET /appointments/activity?provider=: a provider's activity figures and settlement account. */
export const activityQueries = {
  all: [...APPOINTMENTS_KEY, 'activity'] as const,
  ofProvider: (api: ApiClient, providerId: number) =>
    queryOptions({
      queryKey: [...activityQueries.all, providerId] as const,
      queryFn: ({ signal }) => appointmentsApi(api).activity(providerId, signal),
    }),
};
