import { Grid, Stack, Text, Button, Spinner } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import { appointmentsApi } from '../../api/appointments/appointments';
import type { ApiClient } from '../../api/client';
import type { ProviderAppointment } from '../../api/contract/appointment';
import type { Provider } from '../../api/contract/provider';
import { nowMs } from '../../app/clock';
import { useFlow } from '../../app/flow';
import { dayIn, emptyBookingDraft } from '../../domain/appointments/booking';
import { monthOf } from '../../domain/dashboard/appointments';
import { calendarMachine } from '../../machines/dashboard/calendar.machine';
import { createCalendarActors, createDashboardActors } from '../../machines/dashboard/dashboard.actors';
import { dashboardMachine } from '../../machines/dashboard/dashboard.machine';
import { calendarView, dashboardView, zoneOfProvider } from '../../machines/dashboard/dashboard.view';
import { AppointmentDrawer } from '../../ui/dashboard/AppointmentDrawer';
import {
  ActivityPanel,
  AppointmentList,
  ChecklistPanel,
  CoverCard,
  PayoutsBanner,
} from '../../ui/dashboard/DashboardPanels';
import { MonthCalendar } from '../../ui/dashboard/MonthCalendar';
import { AppointmentToolsScreen } from '../appointments/AppointmentToolsScreen';
import { BookingDialogScreen } from '../appointments/BookingDialogScreen';

export interface DashboardScreenProps {
  api: ApiClient;
  provider: Provider;
  /** The calendar month in the URL (YYYY-MM), if any. */
  month: string | undefined;
  onMonthChange(month: string): void;
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
  isAdmin,
  providers,
  createLabel,
}: DashboardScreenProps) {
  const [now] = useState(() => Temporal.Instant.fromEpochMilliseconds(nowMs()));
  const zone = zoneOfProvider(provider);
  const [calendarActors] = useState(() => createCalendarActors(appointmentsApi(api)));
  const [dashboard, sendDashboard] = useFlow(dashboardMachine, {
    actors: createDashboardActors(appointmentsApi(api)),
    input: { now: now.toString() },
  });
  const [calendar, sendCalendar, calendarActor] = useFlow(calendarMachine, {
    actors: calendarActors,
    input: { providerId: provider.id, zone, month: month ?? monthOf(now, zone) },
  });
  // The appointment opened from Upcoming or Past, by id: after a change it is read from the new lists.
  const [listOpenId, setListOpenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const refresh = useCallback(() => {
    sendDashboard({ type: 'refresh' });
    sendCalendar({ type: 'refresh' });
  }, [sendDashboard, sendCalendar]);

  useEffect(() => {
    sendDashboard({ type: 'provider.select', providerId: provider.id });
    sendCalendar({ type: 'provider.select', providerId: provider.id, zone });
  }, [provider.id, zone, sendDashboard, sendCalendar]);
  useEffect(() => {
    if (month) sendCalendar({ type: 'month.show', month });
  }, [month, sendCalendar]);
  useEffect(() => {
    const subscription = calendarActor.on('month.changed', (event) => onMonthChange(event.month));
    return () => subscription.unsubscribe();
  }, [calendarActor, onMonthChange]);

  // Each view is derived again only when its own machine moves: a month switch does not redo the lists, and
  // with the memoised panels below it renders only the calendar (issue 16's month-switch budget).
  const view = useMemo(() => dashboardView(dashboard, provider), [dashboard, provider]);
  const cal = useMemo(() => calendarView(calendar), [calendar]);
  const fromList = (id: number | null): ProviderAppointment | null =>
    id === null ? null : ([...view.upcoming, ...view.past].find((a) => a.id === id) ?? null);
  const open = fromList(listOpenId) ?? cal.open;
  const calendarHandlers = useMemo(
    () => ({
      onPrevious: () => sendCalendar({ type: 'month.previous' }),
      onNext: () => sendCalendar({ type: 'month.next' }),
      onRetry: () => sendCalendar({ type: 'retry' }),
      onFocusDay: (day: string) => sendCalendar({ type: 'day.focus', day }),
      onMoveDay: (by: number) => sendCalendar({ type: 'day.move', by }),
      onOpen: (id: number) => sendCalendar({ type: 'appointment.open', id }),
      onCreate: () => setCreating(true),
    }),
    [sendCalendar],
  );
  const openFromList = useCallback((a: ProviderAppointment) => setListOpenId(a.id), []);
  const closeDrawer = useCallback(() => {
    setListOpenId(null);
    sendCalendar({ type: 'drawer.close' });
  }, [sendCalendar]);

  return (
    <Stack gap="5" mt="6" aria-busy={view.loading || view.switching || undefined}>
      {view.showPayoutsBanner && <PayoutsBanner />}
      {view.loading && (
        <Stack direction="row" align="center" gap="2" role="status">
          <Spinner size="sm" />
          <Text>Loading the dashboard…</Text>
        </Stack>
      )}
      {view.error && (
        <Stack direction="row" align="center" gap="3">
          <Text role="alert" color="red.700">
            {view.error}
          </Text>
          <Button size="sm" variant="outline" onClick={() => sendDashboard({ type: 'retry' })}>
            Try again
          </Button>
        </Stack>
      )}
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="5">
        {view.checklist ? <ChecklistPanel checklist={view.checklist} /> : <div />}
        <CoverCard coverImageURL={provider.coverImageURL} />
      </Grid>
      {view.activity && <ActivityPanel lines={view.activity} />}
      {!view.loading && (
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }} gap="5">
          <AppointmentList title="Upcoming" appointments={view.upcoming} zone={zone} onOpen={openFromList} />
          <AppointmentList title="Past" appointments={view.past} zone={zone} onOpen={openFromList} />
        </Grid>
      )}
      <MonthCalendar
        title={cal.title}
        weeks={cal.weeks}
        byDay={cal.byDay}
        focusedDay={cal.focusedDay}
        zone={cal.zone}
        loading={cal.loading}
        error={cal.error}
        {...calendarHandlers}
        {...(createLabel ? { createLabel } : {})}
      />
      <AppointmentDrawer appointment={open} fallbackZone={zone} onClose={closeDrawer}>
        {open && (
          <AppointmentToolsScreen
            key={`${open.id}-${open.status}-${open.startDate}`}
            api={api}
            appointment={open}
            fallbackZone={zone}
            isAdmin={isAdmin}
            now={Temporal.Instant.fromEpochMilliseconds(nowMs()).toString()}
            providers={providers}
            onChanged={refresh}
          />
        )}
      </AppointmentDrawer>
      {creating && (
        <BookingDialogScreen
          api={api}
          mode={isAdmin ? 'admin' : 'provider'}
          draft={emptyBookingDraft(
            dayIn(Temporal.Instant.fromEpochMilliseconds(nowMs()).toString(), zone),
            provider.id,
          )}
          providers={isAdmin ? providers : null}
          onSaved={() => {
            setCreating(false);
            refresh();
          }}
          onClose={() => setCreating(false)}
        />
      )}
    </Stack>
  );
}
