import { Box, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import { appointmentsApi } from '../../api/appointments/appointments';
import type { AppointmentListItem } from '../../api/contract/appointment-list';
import { nowMs } from '../../app/clock';
import type { AppContext } from '../../app/context';
import { useFlow } from '../../app/flow';
import { appointmentListQueries } from '../../api/appointments/appointments.queries';
import { calendarQueries } from '../../api/appointments/calendar.queries';
import { providerQueries } from '../../api/providers/providers.queries';
import { startLabels, type AppointmentFilters } from '../../domain/appointments/workspace';
import {
  APPOINTMENT_SORTS_DESCENDING_FIRST,
  type AppointmentSortColumn,
} from '../../domain/appointments/appointment-sort';
import { nextSort } from '../../domain/shared/sort';
import { DEFAULT_TIME_ZONE } from '../../domain/shared/constants';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { createAppointmentWorkspaceActors } from '../../machines/appointments/appointment-workspace.actors';
import { appointmentWorkspaceMachine } from '../../machines/appointments/appointment-workspace.machine';
import { appointmentWorkspaceView } from '../../machines/appointments/appointment-workspace.view';
import { AppointmentFiltersBar } from '../../ui/appointments/AppointmentFiltersBar';
import { AppointmentTable } from '../../ui/appointments/AppointmentTable';
import { AppointmentDrawer } from '../../ui/dashboard/AppointmentDrawer';
import { PageHeader } from '../../ui/kit/PageHeader';
import { PageShell } from '../../ui/kit/PageShell';
import { EmptyList, ListStates } from '../../ui/kit/ListStates';
import { LoadOlder } from '../../ui/kit/LoadOlder';
import { AppointmentChangedBy, AppointmentToolsScreen } from './AppointmentToolsScreen';
import { filtersOf, toSearch, type AppointmentsSearch } from './appointments-search';
import { formatCount } from '../../domain/shared/format';

/**
 * The appointments workspace (/appointments, 02 §2): every provider's appointments for an admin, a
 * provider's own (an admin viewing as a provider: that provider's), newest start first (or oldest first),
 * filtered and ordered by the URL,
 * a page at a time with Load more; a row opens the dashboard's drawer with its tools.
 */
export function AppointmentsWorkspaceScreen({
  api,
  session,
  search,
}: Pick<AppContext, 'api' | 'session'> & { search: AppointmentsSearch }) {
  const navigate = useNavigate({ from: '/appointments' });
  const queryClient = useQueryClient();
  const isAdmin = useSelector(session, (s) => s.context.isAdmin);
  const viewAsProvider = useSelector(session, (s) => s.context.viewAsProvider);
  const sessionProvider = useSelector(session, (s) => s.context.providerId);
  const fixedProvider = isAdmin && viewAsProvider ? sessionProvider : null;
  const providers = useQuery(providerQueries.choices(api));
  const options = useMemo(
    () => (providers.data ?? []).map(({ id, name }) => ({ id, name })),
    [providers.data],
  );
  // A choice of provider when there is one to make: an admin's (not while viewing as one), a provider user's
  // among several of their own.
  const choosable = fixedProvider === null && (isAdmin || options.length > 1);

  // A provider user's URL may name only one of their own providers (else the list would be refused).
  const ownSearch = useMemo(
    () =>
      isAdmin || options.some((option) => option.id === search.provider)
        ? search
        : { ...search, provider: undefined },
    [isAdmin, options, search],
  );
  const filters = useMemo(() => filtersOf(ownSearch, fixedProvider), [ownSearch, fixedProvider]);
  const [actors] = useState(() =>
    createAppointmentWorkspaceActors(appointmentsApi(api), (query) =>
      queryClient.fetchQuery(appointmentListQueries.page(api, query)),
    ),
  );
  const [snapshot, send] = useFlow(appointmentWorkspaceMachine, { input: { filters }, actors });
  useEffect(() => send({ type: 'filters.change', filters }), [send, filters]);
  const view = appointmentWorkspaceView(snapshot, fixedProvider);
  const startOf = useMemo(() => startLabels(view.rows), [view.rows]);

  const setFilters = useCallback(
    (change: Partial<AppointmentFilters>) =>
      void navigate({ search: (prev) => ({ ...prev, ...toSearch(change) }) }),
    [navigate],
  );
  // Clear filters keeps the order.
  const clear = useCallback(
    () => void navigate({ search: (prev) => ({ sort: prev.sort, dir: prev.dir }) }),
    [navigate],
  );
  const order = filters.order;
  const onSort = useCallback(
    (column: AppointmentSortColumn) =>
      void navigate({
        search: (prev) => ({ ...prev, ...nextSort(order, column, APPOINTMENT_SORTS_DESCENDING_FIRST) }),
      }),
    [navigate, order],
  );
  const open = useCallback(
    (row: AppointmentListItem) =>
      send({ type: 'appointment.open', providerId: row.provider.id, groupId: row.groupId }),
    [send],
  );
  const changed = useCallback(() => {
    send({ type: 'appointment.changed' });
    // The dashboard's calendar reads its months afresh next time.
    void queryClient.invalidateQueries({ queryKey: calendarQueries.all, refetchType: 'none' });
  }, [send, queryClient]);

  const booking = view.booking;
  const zone =
    view.rows.find((row) => row.groupId === snapshot.context.open?.groupId)?.timezone ?? DEFAULT_TIME_ZONE;

  return (
    <PageShell>
      <PageHeader
        title="Appointments"
        description={`${isAdmin && fixedProvider === null ? "Every provider's appointments" : 'Your appointments'}, ${
          order.dir === 'desc' ? 'the latest start first' : 'the earliest start first'
        }.`}
      />
      <AppointmentFiltersBar
        filters={filters}
        providers={choosable ? options : null}
        onChange={setFilters}
        onClear={clear}
        canClear={view.canClearFilters}
      />
      <ListStates
        view={view}
        onRetry={() => send({ type: 'retry' })}
        loadingLabel="Loading appointments"
        skeleton={{ rows: 5, height: '10' }}
        empty={
          view.empty && (
            <EmptyList
              message={PROVIDER_MESSAGES.noAppointments}
              onClearFilters={view.canClearFilters ? clear : undefined}
            />
          )
        }
      >
        <Box aria-busy={view.refreshing || undefined}>
          <AppointmentTable
            rows={view.rows}
            startOf={startOf}
            showProvider={choosable}
            onOpen={open}
            sort={order}
            onSort={onSort}
            busy={view.refreshing}
          />
          <LoadOlder
            error={view.moreError}
            hasOlder={view.hasMore}
            loading={view.loadingMore}
            onLoad={() => send({ type: 'more.load' })}
            label="Load more"
            busyLabel="Loading more"
            count={
              <Text fontSize="sm" color="fg.muted">
                {view.hasMore ? 'Showing' : 'Showing all'} {formatCount(view.rows.length)}
              </Text>
            }
          />
        </Box>
      </ListStates>
      <AppointmentDrawer
        appointment={booking}
        loading={view.opening}
        error={view.openError}
        onRetry={() => send({ type: 'drawer.retry' })}
        fallbackZone={zone}
        changedBy={booking && <AppointmentChangedBy api={api} appointmentId={booking.id} isAdmin={isAdmin} />}
        onClose={() => send({ type: 'drawer.close' })}
      >
        {booking && (
          <AppointmentToolsScreen
            key={`${booking.id}-${booking.startDate}`}
            api={api}
            appointment={booking}
            fallbackZone={zone}
            isAdmin={isAdmin}
            now={Temporal.Instant.fromEpochMilliseconds(nowMs()).toString()}
            providers={options}
            onChanged={changed}
          />
        )}
      </AppointmentDrawer>
    </PageShell>
  );
}
