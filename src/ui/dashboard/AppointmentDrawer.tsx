import { Drawer, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ProviderAppointment } from '../../api/contract/appointment';
import { spanIn, zoneOf } from '../../domain/dashboard/appointments';
import { formatPhone, formatZone } from '../../domain/shared/format';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { DrawerShell } from '../kit/DrawerShell';
import { RetryMessage } from '../kit/RetryMessage';
import { StatusBadge } from '../appointments/StatusBadge';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap="0" as="div">
      <Text as="dt" fontSize="sm" color="gray.700">
        {label}
      </Text>
      <Text as="dd">{children}</Text>
    </Stack>
  );
}

/** An appointment's details (02 §2): customer, services or bundle, times in the location's zone, status. */
export function AppointmentDrawer(props: {
  appointment: ProviderAppointment | null;
  /** Its details are being read (the drawer is open, with a spinner). */
  loading?: boolean;
  /** They could not be read: the message, with Try again. */
  error?: string | null;
  onRetry?(): void;
  fallbackZone: string;
  onClose(): void;
  /** The appointment's tools (status, cancel, reschedule, receipts), below its details. */
  children?: React.ReactNode;
  /** Who last changed the appointment, and when (under the title). */
  changedBy?: React.ReactNode;
}) {
  const a = props.appointment;
  const zone = a ? zoneOf(a, props.fallbackZone) : props.fallbackZone;
  const services = a
    ? a.bundle
      ? `${a.bundle.name} (bundle)`
      : a.serviceItems.map((item) => item.name).join(', ') || (a.serviceItemDisplayName ?? a.name ?? '')
    : '';
  return (
    <DrawerShell
      open={a !== null || !!props.loading || !!props.error}
      onClose={props.onClose}
      size="md"
      header={
        <Stack gap="0">
          <Drawer.Title>Appointment</Drawer.Title>
          {a && props.changedBy}
        </Stack>
      }
    >
      {!a && props.loading && (
        <Stack direction="row" align="center" gap="2" role="status">
          <Spinner size="sm" />
          <Text>Loading the appointment…</Text>
        </Stack>
      )}
      {!a && props.error && <RetryMessage message={props.error} onRetry={props.onRetry} />}
      {a && (
        <Stack as="dl" gap="4">
          <Row label="Customer">
            {a.user ? `${a.user.displayName ?? a.user.email} (${a.user.email})` : 'Not shown'}
          </Row>
          {a.user?.phone && <Row label="Phone">{formatPhone(a.user.phone)}</Row>}
          <Row label={a.bundle ? 'Bundle' : 'Services'}>{services}</Row>
          <Row label="When">{spanIn(a.startDate, a.endDate, zone)}</Row>
          <Row label="Time zone">{formatZone(zone)}</Row>
          {/* With the tools the status picker shows the status: it is not shown twice. */}
          {!props.children && (
            <Row label="Status">
              <StatusBadge status={a.status} />
            </Row>
          )}
          <Row label="Provider">{a.provider.name}</Row>
          <Row label="Location">{a.location?.name ?? PROVIDER_MESSAGES.unknownLocation}</Row>
        </Stack>
      )}
      {a && props.children && (
        <Stack mt="6" gap="4">
          {props.children}
        </Stack>
      )}
    </DrawerShell>
  );
}
