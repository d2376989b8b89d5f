import {
  Box,
  Button,
  Card,
  CloseButton,
  Dialog,
  Grid,
  Heading,
  Portal,
  Spinner,
  Stack,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react';
import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { CalendarAppointment } from '../../api/contract/appointment';
import {
  chipsOfDay,
  dateIn,
  isCancelled,
  WEEKDAY_NAMES,
  type CalendarEntry,
  type CalendarViewMode,
  type WeekDay,
} from '../../domain/dashboard/appointments';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { RetryMessage } from '../kit/RetryMessage';
import { CalendarViewSwitch, WeekCalendar } from './WeekCalendar';

export interface MonthCalendarProps {
  /** Month (the grid) or week (the focused day's week, bookings in full). */
  view: CalendarViewMode;
  onView(view: CalendarViewMode): void;
  /** The week view's days (empty in the month view). */
  week: WeekDay<CalendarAppointment>[];
  title: string;
  weeks: (string | null)[][];
  byDay: Map<string, CalendarEntry<CalendarAppointment>[]>;
  focusedDay: string;
  /** Today in the zone (YYYY-MM-DD): marked in the grid, and where Today leads. */
  today: string;
  zone: string;
  loading: boolean;
  error: string | null;
  onPrevious(): void;
  onNext(): void;
  onToday(): void;
  onRetry(): void;
  onFocusDay(day: string): void;
  onMoveDay(by: number): void;
  /** Opens a booking's drawer (by its groupId). */
  onOpen(groupId: string): void;
  /** Opens Create Appointment. */
  onCreate(): void;
  /** The create button's text (the providers panel says Create Appointment). */
  createLabel?: string;
}

const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * The month calendar (02 §2): each appointment on the day it starts in its location's zone. On a wide
 * screen a week grid whose days the arrow keys move between, each day showing its first bookings and a
 * "+K more" button that opens the day's full list; on a phone a list of the days with bookings.
 * Memoised, as are its day cells and chips: a month of thousands of appointments renders again only when its
 * props change (the screen keeps them stable), not with every change elsewhere on the dashboard, and a day
 * cell mounts at most CHIPS_PER_DAY chips however busy the day is.
 */
export const MonthCalendar = memo(function MonthCalendar(props: MonthCalendarProps) {
  const grid = useRef<HTMLDivElement>(null);
  const { focusedDay } = props;
  useEffect(() => {
    const root = grid.current;
    if (!root || !root.contains(document.activeElement)) return;
    root.querySelector<HTMLElement>(`[data-day="${focusedDay}"]`)?.focus();
    // The weeks too: the focused day of a month still loading is in the grid once that month shows.
  }, [focusedDay, props.weeks]);

  const [moreDay, setMoreDay] = useState<string | null>(null);
  const { onOpen } = props;
  const openFromDay = useCallback(
    (groupId: string) => {
      setMoreDay(null);
      onOpen(groupId);
    },
    [onOpen],
  );
  const days = [...props.byDay.keys()].sort();
  // One layout in the document, not both with one hidden: a month of thousands of appointments is mounted once.
  const wide = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? false;

  return (
    <Card.Root
      as="section"
      aria-labelledby="calendar-heading"
      aria-busy={props.loading || undefined}
      css={CHIP_STYLES}
    >
      <Card.Body gap="3">
        <Stack direction="row" justify="space-between" align="center" flexWrap="wrap" gap="2">
          <Stack direction="row" align="center" gap="2">
            <Heading as="h2" id="calendar-heading" size="md" aria-live="polite">
              {props.title}
            </Heading>
            {props.loading && <Spinner size="sm" color="teal.700" aria-hidden="true" />}
          </Stack>
          <Stack direction="row" gap="2" flexWrap="wrap">
            <CalendarViewSwitch view={props.view} onView={props.onView} />
            <Button size="sm" variant="outline" onClick={props.onToday}>
              Today
            </Button>
            <Button size="sm" variant="outline" onClick={props.onPrevious}>
              Previous
            </Button>
            <Button size="sm" variant="outline" onClick={props.onNext}>
              Next
            </Button>
            <Button size="sm" colorPalette="teal" onClick={props.onCreate}>
              {props.createLabel ?? 'Create'}
            </Button>
          </Stack>
        </Stack>
        {props.error && <RetryMessage message={props.error} onRetry={props.onRetry} />}

        {props.view === 'week' ? (
          <WeekCalendar week={props.week} today={props.today} onOpen={props.onOpen} />
        ) : wide ? (
          <Box ref={grid} role="grid" aria-labelledby="calendar-heading">
            <Grid role="row" templateColumns="repeat(7, minmax(0, 1fr))" gap="1">
              {WEEKDAY_NAMES.map((name) => (
                <Text role="columnheader" key={name} fontSize="xs" fontWeight="semibold" textAlign="center">
                  {name}
                </Text>
              ))}
            </Grid>
            {props.weeks.map((week, w) => (
              <Grid role="row" key={w} templateColumns="repeat(7, minmax(0, 1fr))" gap="1" mt="1">
                {week.map((day, d) =>
                  day ? (
                    <DayCell
                      key={day}
                      day={day}
                      entries={props.byDay.get(day)}
                      focused={day === focusedDay}
                      today={day === props.today}
                      onFocusDay={props.onFocusDay}
                      onMoveDay={props.onMoveDay}
                      onOpen={props.onOpen}
                      onMore={setMoreDay}
                    />
                  ) : (
                    <Box role="gridcell" key={`blank-${w}-${d}`} aria-hidden="true" />
                  ),
                )}
              </Grid>
            ))}
          </Box>
        ) : (
          <Stack gap="3" aria-label="Days with appointments">
            {days.length === 0 && <Text color="gray.700">{PROVIDER_MESSAGES.noAppointments}</Text>}
            {days.map((day) => (
              <Box key={day}>
                <Heading as="h3" size="sm">
                  {dateIn(`${day}T12:00:00Z`, 'UTC')}
                </Heading>
                <DayChips
                  entries={props.byDay.get(day) ?? []}
                  day={day}
                  onOpen={props.onOpen}
                  onMore={setMoreDay}
                  gap="1"
                  mt="1"
                />
              </Box>
            ))}
          </Stack>
        )}
      </Card.Body>
      <DayDialog
        day={moreDay}
        entries={moreDay ? (props.byDay.get(moreDay) ?? []) : []}
        onOpen={openFromDay}
        onClose={() => setMoreDay(null)}
      />
    </Card.Root>
  );
});

interface DayCellProps {
  day: string;
  entries: CalendarEntry<CalendarAppointment>[] | undefined;
  focused: boolean;
  today: boolean;
  onFocusDay(day: string): void;
  onMoveDay(by: number): void;
  onOpen(groupId: string): void;
  onMore(day: string): void;
}

/** One day of the grid: its first bookings and "+K more" (opening the day's list) when it holds more. */
const DayCell = memo(function DayCell({ day, entries, focused, today, ...props }: DayCellProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const by = KEY_STEPS[event.key];
    if (by === undefined || event.target !== event.currentTarget) return;
    event.preventDefault();
    props.onMoveDay(by);
  };
  return (
    <Box
      role="gridcell"
      data-day={day}
      aria-label={`${dateIn(`${day}T12:00:00Z`, 'UTC')}${today ? ', today' : ''}`}
      aria-current={today ? 'date' : undefined}
      aria-selected={focused}
      tabIndex={focused ? 0 : -1}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        if (event.target === event.currentTarget && !focused) props.onFocusDay(day);
      }}
      minH="20"
      p="1"
      borderWidth="1px"
      borderColor={focused ? 'teal.600' : 'gray.200'}
      bg={today ? 'teal.50' : undefined}
      borderRadius="md"
      minW="0"
    >
      <Text
        fontSize="xs"
        lineHeight="1.5rem"
        w="6"
        textAlign="center"
        rounded="full"
        {...(today ? { bg: 'teal.700', color: 'white', fontWeight: 'semibold' } : { color: 'gray.700' })}
      >
        {Number(day.slice(8))}
      </Text>
      <DayChips entries={entries ?? []} day={day} onOpen={props.onOpen} onMore={props.onMore} gap="0.5" />
    </Box>
  );
});

/**
 * A day's first bookings and, when it holds more than fit, "+K more" opening its whole list: the grid's cells
 * and the phone's day list alike, so neither mounts a busy month's thousands of bookings.
 */
function DayChips(props: {
  day: string;
  entries: CalendarEntry<CalendarAppointment>[];
  onOpen(groupId: string): void;
  onMore(day: string): void;
  gap: string;
  mt?: string;
}) {
  const { shown, more } = chipsOfDay(props.entries);
  return (
    <Stack gap={props.gap} {...(props.mt ? { mt: props.mt } : {})}>
      {shown.map((entry) => (
        <AppointmentChip key={entry.appointment.id} entry={entry} onOpen={props.onOpen} />
      ))}
      {more > 0 && (
        <button
          type="button"
          className="more-chip"
          data-more={more}
          aria-haspopup="dialog"
          onClick={() => props.onMore(props.day)}
        >
          +{more} more
        </button>
      )}
    </Stack>
  );
}

/** A busy day's full list, opened from its "+K more"; a booking in it opens the appointment's drawer. */
function DayDialog(props: {
  day: string | null;
  entries: CalendarEntry<CalendarAppointment>[];
  onOpen(groupId: string): void;
  onClose(): void;
}) {
  return (
    <Dialog.Root
      open={props.day !== null}
      onOpenChange={(details) => {
        if (!details.open) props.onClose();
      }}
      placement="center"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content css={CHIP_STYLES} mx="3">
            <Dialog.Header>
              <Dialog.Title>{props.day ? dateIn(`${props.day}T12:00:00Z`, 'UTC') : ''}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="1" as="ul" listStyleType="none" aria-label="Appointments of the day">
                {props.entries.map((entry) => (
                  <li key={entry.appointment.id}>
                    <AppointmentChip entry={entry} onOpen={props.onOpen} />
                  </li>
                ))}
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="md" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * The chips' look, declared once on the calendar: each chip is a plain button with a class, since thousands
 * of styled buttons (one style computation each) made a busy month slow to show.
 */
const CHIP_STYLES = {
  '& .appointment-chip': {
    display: 'block',
    width: 'full',
    minWidth: '0',
    textAlign: 'start',
    fontSize: 'xs',
    lineHeight: '1.5',
    paddingInline: '2',
    paddingBlock: '0.5',
    borderRadius: 'sm',
    background: 'teal.100',
    color: 'teal.900',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    cursor: 'pointer',
  },
  // Hovered or focused from the keyboard, a chip cut short shows its whole text (wrapped in place).
  '& .appointment-chip:hover, & .appointment-chip:focus-visible': {
    whiteSpace: 'normal',
    overflowWrap: 'anywhere',
  },
  '& .appointment-chip:hover': { background: 'teal.200' },
  '& .more-chip': {
    display: 'block',
    width: 'full',
    textAlign: 'start',
    fontSize: 'xs',
    lineHeight: '1.5',
    paddingInline: '2',
    paddingBlock: '0.5',
    borderRadius: 'sm',
    color: 'teal.800',
    fontWeight: 'semibold',
    cursor: 'pointer',
  },
  '& .more-chip:hover': { background: 'gray.100' },
  '& .more-chip:focus-visible': { outline: '2px solid', outlineColor: 'teal.700', outlineOffset: '1px' },
  '& .appointment-chip:focus-visible': {
    outline: '2px solid',
    outlineColor: 'teal.700',
    outlineOffset: '1px',
  },
  '& .appointment-chip[data-cancelled]': {
    background: 'gray.100',
    color: 'gray.800',
    textDecoration: 'line-through',
  },
  '& .appointment-chip[data-cancelled]:hover': { background: 'gray.200' },
} as const;

const AppointmentChip = memo(function AppointmentChip(props: {
  entry: CalendarEntry<CalendarAppointment>;
  onOpen(groupId: string): void;
}) {
  const a = props.entry.appointment;
  const cancelled = isCancelled(a.status);
  const text = `${props.entry.time} ${a.title ?? ''}`.trim();
  return (
    <button
      type="button"
      className="appointment-chip"
      data-cancelled={cancelled || undefined}
      onClick={() => props.onOpen(a.groupId)}
      title={text}
    >
      {text}
    </button>
  );
});
