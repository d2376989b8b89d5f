import { Badge } from '@chakra-ui/react';
import { STATUS_LABELS, type AppointmentStatus } from '../../domain/appointments/status-labels';

const STATUS_PALETTE: Record<AppointmentStatus, string> = {
  ACTIVE: 'teal',
  COMPLETED: 'green',
  CANCELLED: 'red',
  LATE_CANCELLED: 'orange',
  FILMING: 'purple',
};

/** An appointment's status as a badge, with its label from the catalogue (never the raw value). */
export function StatusBadge({ status }: { status: AppointmentStatus }) {
  return <Badge colorPalette={STATUS_PALETTE[status]}>{STATUS_LABELS[status]}</Badge>;
}
