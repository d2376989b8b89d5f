import { CloseButton, Drawer, Portal, Stack, Text } from '@chakra-ui/react';
import type { ProviderAppointment } from '../../api/contract/appointment';
import { spanIn, zoneOf } from '../../domain/dashboard/appointments';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { StatusBadge } from './DashboardPanels';

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
  fallbackZone: string;
  onClose(): void;
  /** The appointment's tools (status, cancel, reschedule, receipts), below its details. */
  children?: React.ReactNode;
}) {
  const a = props.appointment;
  const zone = a ? zoneOf(a, props.fallbackZone) : props.fallbackZone;
  const services = a
    ? a.bundle
      ? `${a.bundle.name} (bundle)`
      : a.serviceItems.map((item) => item.name).join(', ') || (a.serviceItemDisplayName ?? a.name ?? '')
    : '';
  return (
    <Drawer.Root
      open={a !== null}
      onOpenChange={(details) => {
        if (!details.open) props.onClose();
      }}
      placement="end"
      size="md"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Appointment</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              {a && (
                <Stack as="dl" gap="4">
                  <Row label="Customer">
                    {a.user ? `${a.user.displayName ?? a.user.email} (${a.user.email})` : 'Not shown'}
                  </Row>
                  {a.user?.phone && <Row label="Phone">{a.user.phone}</Row>}
                  <Row label={a.bundle ? 'Bundle' : 'Services'}>{services}</Row>
                  <Row label="When">{spanIn(a.startDate, a.endDate, zone)}</Row>
                  <Row label="Time zone">{zone}</Row>
                  <Row label="Status">
                    <StatusBadge status={a.status} />
                  </Row>
                  <Row label="Provider">{a.provider.name}</Row>
                  <Row label="Location">{a.location?.name ?? PROVIDER_MESSAGES.unknownLocation}</Row>
                </Stack>
              )}
              {a && props.children && (
                <Stack mt="6" gap="4">
                  {props.children}
                </Stack>
              )}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
