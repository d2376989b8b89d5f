import { Box, Button, Grid, Group, Heading, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import type { CalendarAppointment } from '../../api/contract/appointment';
import {
  dayLabel,
  isCancelled,
  type CalendarEntry,
  type CalendarViewMode,
  type WeekDay,
} from '../../domain/dashboard/appointments';
import { statusLabel } from '../../domain/appointments/status-labels';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';

const VIEWS: readonly { value: CalendarViewMode; label: string }[] = [
  { value: 'month', label: 'Month' },
  { value: 'week', label: 'Week' },
];

/** Month or Week: a segmented pair of toggle buttons (the one shown pressed). */
export function CalendarViewSwitch(props: { view: CalendarViewMode; onView(view: CalendarViewMode): void }) {
  return (
    <Group attached role="group" aria-label="Calendar view">
      {VIEWS.map(({ value, label }) => (
        <Button
          key={value}
          size="sm"
          colorPalette="teal"
          variant={props.view === value ? 'solid' : 'outline'}
          aria-pressed={props.view === value}
          onClick={() => props.onView(value)}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}

/**
 * The calendar's week view: the focused day's week, Sunday first as the month grid, one column a day on a
 * wide screen and a list of the seven days on a phone. Each booking shows its time, services and customer in
 * full (in its location's zone), ascending by start; a booking opens the same drawer as the month's chips.
 */
export const WeekCalendar = memo(function WeekCalendar(props: {
  week: WeekDay<CalendarAppointment>[];
  today: string;
  onOpen(groupId: string): void;
}) {
  return (
    <Grid
      templateColumns={{ base: 'minmax(0, 1fr)', md: 'repeat(7, minmax(0, 1fr))' }}
      gap={{ base: '3', md: '1' }}
      aria-label="Days of the week"
      role="list"
      css={WEEK_STYLES}
    >
      {props.week.map(({ day, entries }) => {
        const today = day === props.today;
        return (
          <Box
            role="listitem"
            key={day}
            data-day={day}
            aria-current={today ? 'date' : undefined}
            borderWidth="1px"
            borderColor={today ? 'teal.600' : 'gray.200'}
            bg={today ? 'teal.50' : undefined}
            borderRadius="md"
            p="2"
            minW="0"
          >
            <Heading as="h3" size="xs" id={`week-day-${day}`} mb="1">
              {dayLabel(day)}
              {today && (
                <Text as="span" ms="1" px="1.5" rounded="full" bg="teal.700" color="white" fontSize="xs">
                  Today
                </Text>
              )}
            </Heading>
            {entries.length === 0 ? (
              <Text fontSize="xs" color="gray.700">
                {PROVIDER_MESSAGES.noAppointments}
              </Text>
            ) : (
              <Stack as="ul" listStyleType="none" gap="1" aria-labelledby={`week-day-${day}`}>
                {entries.map((entry) => (
                  <li key={entry.appointment.id}>
                    <WeekBooking entry={entry} onOpen={props.onOpen} />
                  </li>
                ))}
              </Stack>
            )}
          </Box>
        );
      })}
    </Grid>
  );
});

function WeekBooking(props: { entry: CalendarEntry<CalendarAppointment>; onOpen(groupId: string): void }) {
  const a = props.entry.appointment;
  const cancelled = isCancelled(a.status);
  return (
    <button
      type="button"
      className="appointment-chip week-booking"
      data-cancelled={cancelled || undefined}
      onClick={() => props.onOpen(a.groupId)}
    >
      <span className="week-booking-time">{props.entry.time}</span>
      {a.title && <span>{a.title}</span>}
      {a.customer && <span className="week-booking-customer">{a.customer}</span>}
      {cancelled && <span className="week-booking-customer">{statusLabel(a.status)}</span>}
    </button>
  );
}

/**
 * The bookings' look: the month's chips (the calendar's styles, which this view sits in), here in full: the
 * time, services and customer on lines of their own, wrapped rather than cut short.
 */
const WEEK_STYLES = {
  '& .appointment-chip.week-booking': {
    display: 'flex',
    flexDirection: 'column',
    paddingBlock: '1',
    whiteSpace: 'normal',
    overflowWrap: 'anywhere',
  },
  '& .week-booking-time': { fontWeight: 'semibold' },
  '& .week-booking-customer': { color: 'teal.800' },
  '& .week-booking[data-cancelled] .week-booking-customer': { color: 'gray.800' },
} as const;
