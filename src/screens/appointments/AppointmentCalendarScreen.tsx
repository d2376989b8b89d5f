import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import { appointmentsApi } from '../../api/appointments/appointments';
import type { ApiClient } from '../../api/client';
import type { ProviderAppointment } from '../../api/contract/appointment';
import { calendarMonths } from '../../app/calendar-months';
import { nowMs } from '../../app/clock';
import { useFlow } from '../../app/flow';
import { dayIn, emptyBookingDraft } from '../../domain/appointments/booking';
import { monthOf, todayIn } from '../../domain/dashboard/appointments';
import { calendarMachine, type CalendarViewMode } from '../../machines/dashboard/calendar.machine';
import { createCalendarActors } from '../../machines/dashboard/dashboard.actors';
import { calendarView } from '../../machines/dashboard/dashboard.view';
import { AppointmentDrawer } from '../../ui/dashboard/AppointmentDrawer';
import { MonthCalendar } from '../../ui/dashboard/MonthCalendar';
import { AppointmentChangedBy, AppointmentToolsScreen } from './AppointmentToolsScreen';
import { BookingDialogScreen } from './BookingDialogScreen';

export interface AppointmentCalendarScreenProps {
  api: ApiClient;
  providerId: number;
  zone: string;
  /** The month shown (YYYY-MM) when the URL holds it; else this month. */
  month?: string | undefined;
  onMonthChange?(month: string): void;
  /** Month or week when the URL holds it; else month. */
  view?: CalendarViewMode | undefined;
  onViewChange?(view: CalendarViewMode): void;
  /** The week view's focused day (YYYY-MM-DD) when the URL holds it: a reload shows its week. */
  day?: string | undefined;
  /** The week view moved to another week (the month and the focused day, for the URL). */
  onWeekChange?(month: string, day: string): void;
  /** Admins get every appointment tool (02 §6); a provider changes status and creates appointments. */
  isAdmin: boolean;
  /** The providers an admin may book or reschedule with. */
  providers: readonly { id: number; name: string }[];
  /** The calendar button's text (default Create). */
  createLabel?: string;
  /** An appointment opened outside the calendar (the dashboard's lists), shown in the same drawer. */
  listOpen?: ProviderAppointment | null;
  onListClose?(): void;
  /** After an appointment changed: what else shows appointments reads them again. */
  onChanged?(): void;
}

/**
 * The month calendar of a provider's appointments (02 §2) with its drawer, the drawer's tools (status,
 * cancel, reschedule, receipts, why a time is closed) and Create Appointment (provider or admin variant);
 * used by the dashboard and the providers panel's manage view.
 */
export function AppointmentCalendarScreen(props: AppointmentCalendarScreenProps) {
  const { api, providerId, zone, onMonthChange, onViewChange, onWeekChange, onChanged, onListClose } = props;
  const queryClient = useQueryClient();
  const [calendarActors] = useState(() =>
    createCalendarActors(appointmentsApi(api), calendarMonths(api, queryClient)),
  );
  // Today in the calendar's zone: the grid marks it and Today leads to it.
  const today = todayIn(Temporal.Instant.fromEpochMilliseconds(nowMs()), zone);
  const [calendar, sendCalendar, calendarActor] = useFlow(calendarMachine, {
    actors: calendarActors,
    input: {
      providerId,
      zone,
      month: props.month ?? monthOf(Temporal.Instant.fromEpochMilliseconds(nowMs()), zone),
      today,
      view: props.view ?? 'month',
      ...(props.day ? { day: props.day } : {}),
    },
  });
  const [creating, setCreating] = useState(false);
  const refresh = useCallback(() => {
    sendCalendar({ type: 'refresh' });
    onChanged?.();
  }, [sendCalendar, onChanged]);

  useEffect(() => {
    sendCalendar({ type: 'provider.select', providerId, zone });
  }, [providerId, zone, sendCalendar]);
  useEffect(() => {
    if (props.month) sendCalendar({ type: 'month.show', month: props.month });
  }, [props.month, sendCalendar]);
  useEffect(() => {
    if (props.view) sendCalendar({ type: 'view.show', view: props.view });
  }, [props.view, sendCalendar]);
  useEffect(() => {
    if (!onMonthChange) return undefined;
    const subscription = calendarActor.on('month.changed', (event) => onMonthChange(event.month));
    return () => subscription.unsubscribe();
  }, [calendarActor, onMonthChange]);
  useEffect(() => {
    const subscription = calendarActor.on('week.changed', (event) => {
      if (onWeekChange) onWeekChange(event.month, event.day);
      else if (event.month !== props.month) onMonthChange?.(event.month);
    });
    return () => subscription.unsubscribe();
  }, [calendarActor, onWeekChange, onMonthChange, props.month]);

  // Derived again only when the calendar moves; with stable handlers the memoised MonthCalendar renders
  // only for a new month or focus (issue 16's month-switch budget).
  const cal = useMemo(() => calendarView(calendar), [calendar]);
  const calendarHandlers = useMemo(
    () => ({
      // Previous and Next move by the view's span: a month, or a week.
      onPrevious: () =>
        sendCalendar({
          type: calendarActor.getSnapshot().context.view === 'week' ? 'week.previous' : 'month.previous',
        }),
      onNext: () =>
        sendCalendar({
          type: calendarActor.getSnapshot().context.view === 'week' ? 'week.next' : 'month.next',
        }),
      onView: (view: CalendarViewMode) => {
        sendCalendar({ type: 'view.show', view });
        onViewChange?.(view);
      },
      onToday: () =>
        sendCalendar({
          type: 'month.today',
          day: todayIn(Temporal.Instant.fromEpochMilliseconds(nowMs()), zone),
        }),
      onRetry: () => sendCalendar({ type: 'retry' }),
      onFocusDay: (day: string) => sendCalendar({ type: 'day.focus', day }),
      onMoveDay: (by: number) => sendCalendar({ type: 'day.move', by }),
      onOpen: (groupId: string) => sendCalendar({ type: 'appointment.open', groupId }),
      onCreate: () => setCreating(true),
    }),
    [sendCalendar, calendarActor, onViewChange, zone],
  );
  const open = props.listOpen ?? cal.open;
  const now = () => Temporal.Instant.fromEpochMilliseconds(nowMs()).toString();

  return (
    <>
      <MonthCalendar
        view={cal.view}
        week={cal.week}
        title={cal.title}
        weeks={cal.weeks}
        byDay={cal.byDay}
        focusedDay={cal.focusedDay}
        today={today}
        zone={cal.zone}
        loading={cal.loading}
        error={cal.error}
        {...calendarHandlers}
        {...(props.createLabel ? { createLabel: props.createLabel } : {})}
      />
      <AppointmentDrawer
        appointment={open}
        loading={!props.listOpen && cal.opening}
        error={props.listOpen ? null : cal.openError}
        onRetry={() => sendCalendar({ type: 'drawer.retry' })}
        fallbackZone={zone}
        changedBy={open && <AppointmentChangedBy api={api} appointmentId={open.id} isAdmin={props.isAdmin} />}
        onClose={() => {
          onListClose?.();
          sendCalendar({ type: 'drawer.close' });
        }}
      >
        {open && (
          <AppointmentToolsScreen
            key={`${open.id}-${open.startDate}`}
            api={api}
            appointment={open}
            fallbackZone={zone}
            isAdmin={props.isAdmin}
            now={now()}
            providers={props.providers}
            onChanged={refresh}
          />
        )}
      </AppointmentDrawer>
      {creating && (
        <BookingDialogScreen
          api={api}
          mode={props.isAdmin ? 'admin' : 'provider'}
          draft={emptyBookingDraft(dayIn(now(), zone), providerId)}
          providers={props.isAdmin ? props.providers : null}
          onSaved={() => {
            setCreating(false);
            refresh();
          }}
          onClose={() => setCreating(false)}
        />
      )}
    </>
  );
}
