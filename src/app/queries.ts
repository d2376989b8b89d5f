/**
 * One query-options factory per resource (TanStack Query `queryOptions`): loaders, screens and invalidations
 * take their keys from here, never typed by hand. Each resource's keys start with its `all` key, so
 * `invalidateQueries({ queryKey: x.all })` reaches every view of that data.
 */
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { appointmentsApi } from '../api/appointments/appointments';
import { AUDIT_LATEST_LIMIT, auditApi } from '../api/audit/audit';
import { appointmentOperationsApi } from '../api/appointments/operations';
import { connectionsApi } from '../api/connections/connections';
import { geoApi } from '../api/geo/geo';
import type { AppointmentListQuery } from '../api/contract/appointment-list';
import type { FetchLocationsInput } from '../api/contract/strategies';
import { bundlesApi } from '../api/catalogue/bundles';
import type { ApiClient } from '../api/client';
import { creditsApi } from '../api/credits/credits';
import type { CreditListQuery } from '../api/contract/credit';
import type { PromoCodeListQuery } from '../api/contract/promo';
import { CREDIT_SORT_DEFAULT } from '../domain/credits/credit-list';
import { PROMO_SORT_DEFAULT } from '../domain/promos/promo-list';
import { mappingsApi } from '../api/mappings/mappings';
import { notificationsApi } from '../api/notifications/notifications';
import { onboardingApi } from '../api/onboarding/onboarding';
import { overviewApi } from '../api/overview/overview';
import { pricingTiersApi } from '../api/pricing-tiers/pricing-tiers';
import { promosApi } from '../api/promos/promos';
import { providersApi, type ProviderFilters, type ProviderOrder } from '../api/providers/providers';
import { serviceCategoriesApi } from '../api/catalogue/service-categories';
import { settingsApi } from '../api/settings/settings';
import { usersApi } from '../api/users/users';
import type { UserList, UserListQuery } from '../api/contract/user';
import { monthWindow } from '../domain/dashboard/appointments';

/**
 * GET /geo/place/{placeId}: a place's details, such as the name of a city a pricing tier lists by its id.
 * A place does not change: read once per visit.
 */
export const geoQueries = {
  all: ['geo'] as const,
  place: (api: ApiClient, placeId: string) =>
    queryOptions({
      queryKey: [...geoQueries.all, 'place', placeId] as const,
      queryFn: () => geoApi(api).place(placeId),
      staleTime: Infinity,
    }),
};

/**
 * GET /credits: the credit catalogue (credits screen, the user drawer's Add credit), in an order (by title
 * without one); a new order shows the old rows until it comes.
 */
export const creditQueries = {
  all: ['credits'] as const,
  list: (api: ApiClient, order: CreditListQuery = CREDIT_SORT_DEFAULT) =>
    queryOptions({
      queryKey: [...creditQueries.all, order] as const,
      queryFn: () => creditsApi(api).list(order),
      placeholderData: keepPreviousData,
    }),
};

/** GET /appointments/receipts?groupId= (admin): the receipts sent for one booking, newest first. */
export const receiptQueries = {
  all: ['appointments', 'receipts'] as const,
  forBooking: (api: ApiClient, groupId: string) =>
    queryOptions({
      queryKey: [...receiptQueries.all, groupId],
      queryFn: ({ signal }) => appointmentOperationsApi(api).receipts({ groupId }, signal),
    }),
};

/**
 * GET /appointments/calendar: one month of a provider's bookings (the calendar's light list), in the month's
 * window in the zone. Held for a minute, so paging back and forth (and to the months read ahead) paints from
 * the cache; the calendar reads afresh on a visit's first month and after a change.
 */
export const calendarQueries = {
  all: ['appointments', 'calendar'] as const,
  ofProvider: (providerId: number) => [...calendarQueries.all, providerId] as const,
  month: (api: ApiClient, input: { providerId: number; month: string; zone: string }) =>
    queryOptions({
      queryKey: [...calendarQueries.ofProvider(input.providerId), input.zone, input.month] as const,
      queryFn: ({ signal }) =>
        appointmentsApi(api).calendar(
          { provider: input.providerId, ...monthWindow(input.month, input.zone) },
          signal,
        ),
      staleTime: 60_000,
    }),
};

/**
 * GET /appointments/list: one page of the appointments workspace (its filters, the page's cursor and size).
 * Always read afresh (the workspace shows what is there now); the key lets a change reach it.
 */
export const appointmentListQueries = {
  all: ['appointments', 'list'] as const,
  page: (api: ApiClient, query: AppointmentListQuery) =>
    queryOptions({
      queryKey: [...appointmentListQueries.all, query] as const,
      queryFn: ({ signal }) => appointmentsApi(api).page(query, signal),
      staleTime: 0,
    }),
};

/** GET /appointments/activity?provider=: a provider's activity figures and settlement account. */
export const activityQueries = {
  all: ['appointments', 'activity'] as const,
  ofProvider: (api: ApiClient, providerId: number) =>
    queryOptions({
      queryKey: [...activityQueries.all, providerId] as const,
      queryFn: ({ signal }) => appointmentsApi(api).activity(providerId, signal),
    }),
};

/** GET /promo, in an order (by code without one); a new order shows the old rows until it comes. */
export const promoQueries = {
  all: ['promo'] as const,
  list: (api: ApiClient, order: PromoCodeListQuery = PROMO_SORT_DEFAULT) =>
    queryOptions({
      queryKey: [...promoQueries.all, order] as const,
      queryFn: () => promosApi(api).list(order),
      placeholderData: keepPreviousData,
    }),
};

/** GET /providers: every provider for an admin, a provider user's own. */
export const providerQueries = {
  all: ['providers'] as const,
  list: (api: ApiClient) =>
    queryOptions({ queryKey: providerQueries.all, queryFn: () => providersApi(api).list() }),
  /** One provider of the caller's (the wizard's completion screen reads the one it made). */
  detail: (api: ApiClient, id: number) =>
    queryOptions({
      queryKey: [...providerQueries.all, 'detail', id] as const,
      // null when the API lists no such provider for the caller (a query's data is never undefined).
      queryFn: async () => (await providersApi(api).get(id)) ?? null,
    }),
  /** One page of the filtered list (the panel at /providers). */
  page: (api: ApiClient, filters: ProviderFilters, page: number, pageSize: number, order?: ProviderOrder) =>
    queryOptions({
      queryKey: [...providerQueries.all, 'page', filters, page, pageSize, order] as const,
      queryFn: () => providersApi(api).page(filters, page, pageSize, order),
      placeholderData: keepPreviousData,
    }),
  /** How many providers each filter value shows (the list's facets). */
  facets: (api: ApiClient, filters: ProviderFilters) =>
    queryOptions({
      queryKey: [...providerQueries.all, 'facets', filters] as const,
      queryFn: () => providersApi(api).facets(filters),
      placeholderData: keepPreviousData,
    }),
};

/** GET /svc-category: the categories with their service items (services screen, promo service picker). */
export const serviceCategoryQueries = {
  all: ['svc-category'] as const,
  list: (api: ApiClient) =>
    queryOptions({ queryKey: serviceCategoryQueries.all, queryFn: () => serviceCategoriesApi(api).list() }),
};

/** GET /price-tier: every tier with its prices, cities and polygons (pricing tiers screen). */
export const priceTierQueries = {
  all: ['price-tiers'] as const,
  list: (api: ApiClient) =>
    queryOptions({ queryKey: priceTierQueries.all, queryFn: () => pricingTiersApi(api).list() }),
};

/** GET /bundle. */
export const bundleQueries = {
  all: ['bundle'] as const,
  list: (api: ApiClient) =>
    queryOptions({ queryKey: bundleQueries.all, queryFn: () => bundlesApi(api).list() }),
};

/** Which users the list shows and in which order: the search, one role or all, the sort and direction. */
export type UserListFilter = Pick<UserListQuery, 'role' | 'sort' | 'dir'> & { search: string };

/** The `nextCursor` of the cached list page under `key`, if it is cached and fresh (not refetched since a change). */
function cursorBefore(client: QueryClient, key: readonly unknown[]): string | undefined {
  const state = client.getQueryState<UserList>(key);
  if (!state?.data || state.isInvalidated) return undefined;
  return state.data.nextCursor ?? undefined;
}

const USERS_KEY = ['users'] as const;
const pageKey = (filter: UserListFilter, page: number, pageSize: number | undefined) =>
  [...USERS_KEY, 'page', filter, page, pageSize ?? 'all'] as const;
const chunkKey = (filter: UserListFilter, index: number) => [...USERS_KEY, 'chunk', filter, index] as const;

/** GET /user: one page of the list, or one chunk of it when every user is shown. */
export const userQueries = {
  all: USERS_KEY,
  /**
   * A page by number. When the page before it is in the cache (the person pressed Next), its rows are read
   * after that page's last row (keyset: as cheap 90% down as on page 1) instead of by OFFSET; the number
   * still places it for the total.
   */
  page: (api: ApiClient, filter: UserListFilter, page: number, pageSize: number | undefined) =>
    queryOptions({
      queryKey: pageKey(filter, page, pageSize),
      queryFn: ({ signal, client }) => {
        const after = cursorBefore(client, pageKey(filter, page - 1, pageSize));
        return usersApi(api).list({ ...filter, page, pageSize, ...(after ? { after } : {}) }, signal);
      },
      placeholderData: keepPreviousData,
    }),
  /** Rows of All, `size` at a time; after the chunk before it when that one is cached (scrolling down). */
  chunk: (api: ApiClient, filter: UserListFilter, index: number, size: number) =>
    queryOptions({
      queryKey: chunkKey(filter, index),
      queryFn: ({ signal, client }) => {
        const after = cursorBefore(client, chunkKey(filter, index - 1));
        return usersApi(api).list(
          { ...filter, page: index + 1, pageSize: size, ...(after ? { after } : {}) },
          signal,
        );
      },
    }),
};

/** GET /availabilities?locationId=: a location's weekly availability per category. */
export const availabilityQueries = {
  all: ['availabilities'] as const,
  forLocation: (api: ApiClient, locationId: number) =>
    queryOptions({
      queryKey: [...availabilityQueries.all, locationId],
      queryFn: () => onboardingApi(api).availabilities(locationId),
    }),
};

/** Service mappings (02 §7): a provider's external service items and a location's mappings. */
export const mappingQueries = {
  all: ['provider-svc-items'] as const,
  externalItems: (api: ApiClient, providerId: number) =>
    queryOptions({
      queryKey: [...mappingQueries.all, 'external', providerId],
      queryFn: () => mappingsApi(api).externalItems(providerId),
    }),
  forLocation: (api: ApiClient, locationId: number) =>
    queryOptions({
      queryKey: [...mappingQueries.all, 'location', locationId],
      queryFn: () => mappingsApi(api).list(locationId),
    }),
};

/** POST /strategies/fetch/locations: a connection's locations (the wizard's step-1 pick-list). */
export const connectionQueries = {
  all: ['strategies', 'locations'] as const,
  locations: (api: ApiClient, connection: FetchLocationsInput) =>
    queryOptions({
      queryKey: [...connectionQueries.all, connection] as const,
      queryFn: () => connectionsApi(api).fetchLocations(connection),
      staleTime: 60_000,
    }),
};

/**
 * GET /audit (admin): the latest events of one record, for its "Changed by" line; read again when the
 * record's version (if it has one) moves on.
 */
export const auditQueries = {
  all: ['audit'] as const,
  latestOf: (api: ApiClient, recordType: string, recordId: string, version: number | null = null) =>
    queryOptions({
      queryKey: [...auditQueries.all, 'record', recordType, recordId, version] as const,
      queryFn: ({ signal }) =>
        auditApi(api).page({ recordType, recordId, limit: AUDIT_LATEST_LIMIT }, signal),
    }),
};

/**
 * GET /settings: the marketplace's business constants (02 §9) that rules and pickers follow (the late-cancel
 * threshold, commission presets, available-after options, default zone, activity window). A save on /settings
 * invalidates `settingsQueries.all`, so every screen reads the new values.
 */
export const settingsQueries = {
  all: ['settings'] as const,
  current: (api: ApiClient) =>
    queryOptions({
      queryKey: settingsQueries.all,
      queryFn: () => settingsApi(api).get(),
      staleTime: 60_000,
    }),
};

/**
 * GET /overview (admin): the marketplace's figures for the last 30 days against the 30 before. Held for a
 * minute, so going back to the Overview paints at once; the figures are read again after that.
 */
export const overviewQueries = {
  all: ['overview'] as const,
  summary: (api: ApiClient) =>
    queryOptions({
      queryKey: [...overviewQueries.all, 'summary'] as const,
      queryFn: ({ signal }) => overviewApi(api).get({}, signal),
      staleTime: 60_000,
    }),
};

/**
 * The admin's unread notifications (GET /notifications, its `unread`): the sidebar's count on Notifications.
 * Read again every minute and on focus; the inbox writes the count each read, unread or dismiss answers, so the
 * sidebar follows at once.
 */
export const notificationQueries = {
  all: ['notifications'] as const,
  unread: (api: ApiClient) =>
    queryOptions({
      queryKey: [...notificationQueries.all, 'unread'] as const,
      queryFn: async ({ signal }) =>
        (await notificationsApi(api).page({ filter: 'unread', limit: 1 }, signal)).unread,
      staleTime: 30_000,
      refetchInterval: 60_000,
    }),
};
