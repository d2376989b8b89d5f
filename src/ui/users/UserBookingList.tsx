import { Table, Text } from '@chakra-ui/react';
import type { Appointment } from '../../api/contract/appointment';
import { DEFAULT_TIME_ZONE } from '../../domain/shared/constants';
import { formatDateTime } from '../../domain/shared/format';
import { USER_MESSAGES } from '../../domain/shared/messages';
import { StatusBadge } from '../appointments/StatusBadge';
import { RetryMessage } from '../kit/RetryMessage';
import { LoadingRows } from '../kit/ListStates';

export interface UserBookingListProps {
  loading: boolean;
  failed: boolean;
  appointments: readonly Appointment[];
  onRetry(): void;
}

function when(appointment: Appointment): string {
  return formatDateTime(
    Date.parse(appointment.startDate),
    appointment.location?.timezone ?? DEFAULT_TIME_ZONE,
    {
      zoneName: true,
    },
  );
}

/** Booking History (01 §2): the user's appointments, newest first; 'No appointments' when none. */
export function UserBookingList({ loading, failed, appointments, onRetry }: UserBookingListProps) {
  if (loading) {
    return <LoadingRows label="Loading appointments" rows={2} height="6" />;
  }
  if (failed) {
    return <RetryMessage message={USER_MESSAGES.appointmentsFailed} onRetry={onRetry} />;
  }
  if (appointments.length === 0) return <Text>{USER_MESSAGES.noAppointments}</Text>;
  return (
    <Table.Root size="sm" aria-label="Booking history">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>When</Table.ColumnHeader>
          <Table.ColumnHeader>Service</Table.ColumnHeader>
          <Table.ColumnHeader>Provider</Table.ColumnHeader>
          <Table.ColumnHeader>Status</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {appointments.map((appointment) => (
          <Table.Row key={appointment.id}>
            <Table.Cell>{when(appointment)}</Table.Cell>
            <Table.Cell>{appointment.serviceItemDisplayName ?? appointment.name ?? '—'}</Table.Cell>
            <Table.Cell>{appointment.provider.name}</Table.Cell>
            <Table.Cell>
              <StatusBadge status={appointment.status} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
