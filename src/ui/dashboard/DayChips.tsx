/**
 * A calendar day's bookings as chips (the month grid's cells and the phone's day list), and the dialog that
 * lists a busy day whole.
 */
import { Stack } from '@chakra-ui/react';
import { memo } from 'react';
import type { CalendarAppointment } from '../../api/contract/appointment';
import { DialogShell } from '../kit/DialogShell';
import { chipsOfDay, dateIn, isCancelled, type CalendarEntry } from '../../domain/dashboard/appointments';

/**
 * A day's first bookings and, when it holds more than fit, "+K more" opening its whole list: the grid's cells
 * and the phone's day list alike, so neither mounts a busy month's thousands of bookings.
 */
export function DayChips(props: {
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
export function DayDialog(props: {
  day: string | null;
  entries: CalendarEntry<CalendarAppointment>[];
  onOpen(groupId: string): void;
  onClose(): void;
}) {
  return (
    <DialogShell
      open={props.day !== null}
      title={props.day ? dateIn(`${props.day}T12:00:00Z`, 'UTC') : ''}
      busy={false}
      onClose={props.onClose}
    >
      <Stack gap="1" as="ul" listStyleType="none" aria-label="Appointments of the day" css={CHIP_STYLES}>
        {props.entries.map((entry) => (
          <li key={entry.appointment.id}>
            <AppointmentChip entry={entry} onOpen={props.onOpen} />
          </li>
        ))}
      </Stack>
    </DialogShell>
  );
}

/**
 * The chips' look, declared once on the calendar: each chip is a plain button with a class, since thousands
 * of styled buttons (one style computation each) made a busy month slow to show.
 */
/** The box every chip of a day shares: a full-width line of small text. */
const CHIP_BOX = {
  display: 'block',
  width: 'full',
  textAlign: 'start',
  fontSize: 'xs',
  lineHeight: '1.5',
  paddingInline: '2',
  paddingBlock: '0.5',
  borderRadius: 'sm',
} as const;

export const CHIP_STYLES = {
  '& .appointment-chip': {
    ...CHIP_BOX,
    minWidth: '0',
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
    ...CHIP_BOX,
    color: 'teal.800',
    fontWeight: 'semibold',
    cursor: 'pointer',
  },
  '& .more-chip:hover': { background: 'gray.100' },
  '& .more-chip:focus-visible, & .appointment-chip:focus-visible': {
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
