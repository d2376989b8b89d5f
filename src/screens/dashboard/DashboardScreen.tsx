import { Grid, Stack, Text, Spinner } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import { appointmentsApi } from '../../api/appointments/appointments';
import type { ApiClient } from '../../api/client';
import type { ProviderAppointment } from '../../api/contract/appointment';
import type { Provider } from '../../api/contract/provider';
import { uploadedImageUrl } from '../../api/uploads/uploads';
import { getRouteApi } from '@tanstack/react-router';
import { nowMs } from '../../app/clock';
import { useFlow } from '../../app/flow';
import { createDashboardActors } from '../../machines/dashboard/dashboard.actors';
import { dashboardMachine } from '../../machines/dashboard/dashboard.machine';
import type { CalendarViewMode } from '../../machines/dashboard/calendar.machine';
import { dashboardView, zoneOfProvider } from '../../machines/dashboard/dashboard.view';
import {
  ActivityPanel,
  AppointmentList,
  ChecklistPanel,
  CoverCard,
  PayoutsBanner,
} from '../../ui/dashboard/DashboardPanels';
import { RetryMessage } from '../../ui/kit/RetryMessage';
import { AppointmentCalendarScreen } from '../appointments/AppointmentCalendarScreen';

const consoleRoute = getRouteApi('/_console');

export interface DashboardScreenProps {
  api: ApiClient;
  provider: Provider;
  /** The calendar month in the URL (YYYY-MM), if any. */
  month: string | undefined;
  onMonthChange(month: string): void;
  /** The calendar's view in the URL (month or week), if any. */
  calendarView?: CalendarViewMode | undefined;
  onCalendarViewChange?(view: CalendarViewMode): void;
  /** The week view's focused day in the URL (YYYY-MM-DD), if any. */
  day?: string | undefined;
  onWeekChange?(month: string, day: string): void;
  /** Admins get every appointment tool (02 §6); a provider changes status and creates appointments. */
  isAdmin: boolean;
  /** The providers an admin may book or reschedule with. */
  providers: readonly { id: number; name: string }[];
  /** The calendar button's text (default Create). */
  createLabel?: string;
}

/**
 * The provider dashboard's content (02 §2): payouts banner, checklist, cover card, activity, Upcoming and
 * Past, the month calendar, and the drawer of the appointment opened from any of them.
 */
export function DashboardScreen({
  api,
  provider,
  month,
  onMonthChange,
  calendarView,
  onCalendarViewChange,
  day,
  onWeekChange,
  isAdmin,
  providers,
  createLabel,
}: DashboardScreenProps) {
  const [now] = useState(() => Temporal.Instant.fromEpochMilliseconds(nowMs()));
  const apiUrl = consoleRoute.useRouteContext().env.VITE_API_URL;
  const zone = zoneOfProvider(provider);
  const [dashboard, sendDashboard] = useFlow(dashboardMachine, {
    actors: createDashboardActors(appointmentsApi(api)),
    input: { now: now.toString() },
  });
  // The appointment opened from Upcoming or Past, by id: after a change it is read from the new lists.
  const [listOpenId, setListOpenId] = useState<number | null>(null);
  const refresh = useCallback(() => sendDashboard({ type: 'refresh' }), [sendDashboard]);
  const retryPayouts = useCallback(() => sendDashboard({ type: 'activity.retry' }), [sendDashboard]);

  useEffect(() => {
    sendDashboard({ type: 'provider.select', providerId: provider.id });
  }, [provider.id, sendDashboard]);

  // Derived again only when the dashboard's own machine moves: a month switch (the calendar's machine) does
  // not redo the lists, and with the memoised panels it renders only the calendar (issue 16).
  const view = useMemo(() => dashboardView(dashboard, provider), [dashboard, provider]);
  const fromList = (id: number | null): ProviderAppointment | null =>
    id === null ? null : ([...view.upcoming, ...view.past].find((a) => a.id === id) ?? null);
  const openFromList = useCallback((a: ProviderAppointment) => setListOpenId(a.id), []);

  return (
    <Stack gap="5" mt="6" aria-busy={view.loading || view.switching || undefined}>
      {view.showPayoutsBanner && <PayoutsBanner />}
      {view.loading && (
        <Stack direction="row" align="center" gap="2" role="status">
          <Spinner size="sm" />
          <Text>Loading the dashboard…</Text>
        </Stack>
      )}
      {view.error && <RetryMessage message={view.error} onRetry={() => sendDashboard({ type: 'retry' })} />}
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="5">
        {view.checklist ? <ChecklistPanel checklist={view.checklist} /> : <div />}
        <CoverCard
          coverImageURL={provider.coverImageURL ? uploadedImageUrl(apiUrl, provider.coverImageURL) : null}
        />
      </Grid>
      {view.activity && (
        <ActivityPanel
          lines={view.activity}
          payoutsNotice={view.payoutsNotice}
          onRetryPayouts={retryPayouts}
          retryingPayouts={view.rereadingActivity}
        />
      )}
      {!view.loading && (
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }} gap="5">
          <AppointmentList title="Upcoming" appointments={view.upcoming} zone={zone} onOpen={openFromList} />
          <AppointmentList title="Past" appointments={view.past} zone={zone} onOpen={openFromList} />
        </Grid>
      )}
      <AppointmentCalendarScreen
        api={api}
        providerId={provider.id}
        zone={zone}
        month={month}
        onMonthChange={onMonthChange}
        view={calendarView}
        {...(onCalendarViewChange ? { onViewChange: onCalendarViewChange } : {})}
        day={day}
        {...(onWeekChange ? { onWeekChange } : {})}
        isAdmin={isAdmin}
        providers={providers}
        {...(createLabel ? { createLabel } : {})}
        listOpen={fromList(listOpenId)}
        onListClose={() => setListOpenId(null)}
        onChanged={refresh}
      />
    </Stack>
  );
}
