import { Box, Button, Card, Grid, Heading, Spinner, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { CalendarAppointment } from '../../api/contract/appointment';
import {
  dateIn,
  WEEKDAY_NAMES,
  type CalendarEntry,
  type CalendarViewMode,
  type WeekDay,
} from '../../domain/dashboard/appointments';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { RetryMessage } from '../kit/RetryMessage';
import { CHIP_STYLES, DayChips, DayDialog } from './DayChips';
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
      data-menu-label="Appointments"
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
