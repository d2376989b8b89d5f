import { Box, Button, Card, Grid, Heading, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { memo, useEffect, useRef, type KeyboardEvent } from 'react';
import type { ProviderAppointment } from '../../api/contract/appointment';
import { dateIn, timeIn, WEEKDAY_NAMES, zoneOf } from '../../domain/dashboard/appointments';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';

export interface MonthCalendarProps {
  title: string;
  weeks: (string | null)[][];
  byDay: Map<string, ProviderAppointment[]>;
  focusedDay: string;
  zone: string;
  loading: boolean;
  error: string | null;
  onPrevious(): void;
  onNext(): void;
  onRetry(): void;
  onFocusDay(day: string): void;
  onMoveDay(by: number): void;
  onOpen(id: number): void;
  /** Opens Create Appointment. */
  onCreate(): void;
  /** The create button's text (the providers panel says Create Appointment). */
  createLabel?: string;
}

const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * The month calendar (02 §2): each appointment on the day it starts in its location's zone. On a wide
 * screen a week grid whose days the arrow keys move between; on a phone a list of the days with bookings.
 * Memoised, as are its chips: a month of thousands of appointments renders again only when its props change
 * (the screen keeps them stable), not with every change elsewhere on the dashboard.
 */
export const MonthCalendar = memo(function MonthCalendar(props: MonthCalendarProps) {
  const grid = useRef<HTMLDivElement>(null);
  const { focusedDay } = props;
  useEffect(() => {
    const root = grid.current;
    if (!root || !root.contains(document.activeElement)) return;
    root.querySelector<HTMLElement>(`[data-day="${focusedDay}"]`)?.focus();
  }, [focusedDay]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const by = KEY_STEPS[event.key];
    if (by === undefined || event.target !== event.currentTarget) return;
    event.preventDefault();
    props.onMoveDay(by);
  };
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
          <Heading as="h2" id="calendar-heading" size="md" aria-live="polite">
            {props.title}
          </Heading>
          <Stack direction="row" gap="2">
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
        {props.error && (
          <Stack direction="row" align="center" gap="3">
            <Text role="alert" color="red.700">
              {props.error}
            </Text>
            <Button size="sm" variant="outline" onClick={props.onRetry}>
              Try again
            </Button>
          </Stack>
        )}

        {wide ? (
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
                    <Box
                      role="gridcell"
                      key={day}
                      data-day={day}
                      aria-label={dateIn(`${day}T12:00:00Z`, 'UTC')}
                      aria-selected={day === focusedDay}
                      tabIndex={day === focusedDay ? 0 : -1}
                      onKeyDown={onKeyDown}
                      onFocus={(event) => {
                        if (event.target === event.currentTarget && day !== focusedDay) props.onFocusDay(day);
                      }}
                      minH="20"
                      p="1"
                      borderWidth="1px"
                      borderColor={day === focusedDay ? 'teal.600' : 'gray.200'}
                      borderRadius="md"
                      minW="0"
                    >
                      <Text fontSize="xs" color="gray.700">
                        {Number(day.slice(8))}
                      </Text>
                      <Stack gap="0.5">
                        {(props.byDay.get(day) ?? []).map((a) => (
                          <AppointmentChip
                            key={a.id}
                            appointment={a}
                            zone={props.zone}
                            onOpen={props.onOpen}
                          />
                        ))}
                      </Stack>
                    </Box>
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
                <Stack gap="1" mt="1">
                  {(props.byDay.get(day) ?? []).map((a) => (
                    <AppointmentChip key={a.id} appointment={a} zone={props.zone} onOpen={props.onOpen} />
                  ))}
                </Stack>
              </Box>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
});

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
  '& .appointment-chip:hover': { background: 'teal.200' },
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
  appointment: ProviderAppointment;
  zone: string;
  onOpen(id: number): void;
}) {
  const a = props.appointment;
  const cancelled = a.status === 'CANCELLED' || a.status === 'LATE_CANCELLED';
  return (
    <button
      type="button"
      className="appointment-chip"
      data-cancelled={cancelled || undefined}
      onClick={() => props.onOpen(a.id)}
      title={a.serviceItemDisplayName ?? undefined}
    >
      {timeIn(a.startDate, zoneOf(a, props.zone))} {a.serviceItemDisplayName ?? a.name ?? ''}
    </button>
  );
});
