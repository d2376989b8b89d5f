import { Button, Flex, Separator, Spinner, Stack } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import { appointmentOperationsApi } from '../../api/appointments/operations';
import type { ApiClient } from '../../api/client';
import type { ProviderAppointment } from '../../api/contract/appointment';
import type { AppointmentStatus } from '../../domain/appointments/status-labels';
import { nowMs } from '../../app/clock';
import { useFlow } from '../../app/flow';
import { receiptQueries } from '../../api/appointments/appointments.queries';
import { auditQueries } from '../../api/audit/audit.queries';
import { settingsQueries } from '../../api/settings/settings.queries';
import { emptyBookingDraft, localTimeToInstant, rescheduleFromDay } from '../../domain/appointments/booking';
import { zoneOf } from '../../domain/dashboard/appointments';
import {
  createAppointmentStatusActors,
  createExplainTimeActors,
  createSendReceiptActors,
} from '../../machines/appointments/appointments.actors';
import { appointmentStatusMachine } from '../../machines/appointments/appointment-status.machine';
import { appointmentStatusView } from '../../machines/appointments/appointment-status.view';
import { explainTimeMachine } from '../../machines/appointments/explain-time.machine';
import { sendReceiptMachine } from '../../machines/appointments/send-receipt.machine';
import { CancelAppointmentDialog } from '../../ui/appointments/CancelAppointmentDialog';
import { ReceiptList, ReceiptSender, StatusPicker, TimeExplainer } from '../../ui/appointments/StatusTools';
import { ChangedBy } from '../audit/ChangedBy';
import { BookingDialogScreen } from './BookingDialogScreen';

export interface AppointmentToolsProps {
  api: ApiClient;
  appointment: ProviderAppointment;
  fallbackZone: string;
  isAdmin: boolean;
  /** "Now" as an ISO instant (the 24-hour rule). */
  now: string;
  /** The providers an admin may reschedule to. */
  providers: readonly { id: number; name: string }[];
  /** Something about the appointment changed on the server: lists and calendar read again. */
  onChanged(): void;
}

/**
 * The drawer's tools for one appointment (02 §2, §4, §6): the status picker for everyone; for an admin the
 * cancel dialog, Update Appointment (reschedule), receipts and "why is this time closed".
 */
export function AppointmentToolsScreen(props: AppointmentToolsProps) {
  // The status picker follows the marketplace's late-cancel threshold (/settings); read before it starts.
  const settings = useQuery(settingsQueries.current(props.api));
  const [run, hold] = useToolsRun(props.appointment.status);
  if (settings.isPending) return <Spinner size="sm" aria-label="Loading the appointment's tools" />;
  return (
    <AppointmentTools key={run} {...props} lateCancelHours={settings.data?.lateCancelHours} onHeld={hold} />
  );
}

/** The audit trail's key of an appointment's "Changed by" line (it has no version: read again by key). */
const changedByKey = (id: number) => [...auditQueries.all, 'record', 'appointment', String(id)] as const;

/**
 * "Changed by … 3 min ago" under the appointment drawer's title (admins only). An appointment has no version,
 * so the tools read the line again after each change they make.
 */
export function AppointmentChangedBy(props: { api: ApiClient; appointmentId: number; isAdmin: boolean }) {
  return (
    <ChangedBy
      api={props.api}
      recordType="appointment"
      recordId={props.appointmentId}
      isAdmin={props.isAdmin}
      compact
    />
  );
}

/**
 * Which run of the tools shows the appointment. The drawer reads the appointment again after every change:
 * a status read as the tools' own chart holds it (its own change, or that change's Undo) keeps the chart,
 * and with it the toast's Undo; a status changed elsewhere starts the tools again from it.
 */
function useToolsRun(status: AppointmentStatus) {
  const [run, setRun] = useState({ read: status, held: status, count: 0 });
  if (status !== run.read)
    setRun({ read: status, held: status, count: status === run.held ? run.count : run.count + 1 });
  const hold = useCallback((held: AppointmentStatus) => setRun((current) => ({ ...current, held })), []);
  return [run.count, hold] as const;
}

function AppointmentTools(
  props: AppointmentToolsProps & {
    lateCancelHours: number | undefined;
    /** The status the chart now holds (saved, put back or cancelled here). */
    onHeld(status: AppointmentStatus): void;
  },
) {
  const { api, appointment, onHeld } = props;
  const queryClient = useQueryClient();
  const read = props.onChanged;
  // The drawer reads the appointment again, and its "Changed by" line with it.
  const onChanged = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: changedByKey(appointment.id) });
    read();
  }, [queryClient, appointment.id, read]);
  const operations = appointmentOperationsApi(api);
  const [status, sendStatus, statusActor] = useFlow(appointmentStatusMachine, {
    actors: createAppointmentStatusActors(operations),
    input: {
      appointment: {
        id: appointment.id,
        groupId: appointment.groupId,
        status: appointment.status,
        startDate: appointment.startDate,
      },
      now: props.now,
      lateCancelHours: props.lateCancelHours,
      canCancel: props.isAdmin,
    },
  });
  useEffect(() => {
    const subscription = statusActor.on('appointment.changed', (event) => {
      onHeld(event.status);
      onChanged();
    });
    return () => subscription.unsubscribe();
  }, [statusActor, onChanged, onHeld]);
  const view = appointmentStatusView(status);
  // Update Appointment is open when this holds the day its open times start from (read as it opens).
  const [rescheduleFrom, setRescheduleFrom] = useState<string | null>(null);
  const zone = zoneOf(appointment, props.fallbackZone);

  return (
    <Stack gap="4">
      <StatusPicker
        status={view.status}
        options={view.options}
        disabled={view.pickerDisabled}
        saving={view.saving}
        onChoose={(next) => sendStatus({ type: 'status.choose', status: next })}
      />
      {props.isAdmin && (
        <Flex gap="2" wrap="wrap">
          <Button
            size="sm"
            variant="outline"
            disabled={!view.canOpenCancel}
            onClick={() =>
              setRescheduleFrom(
                rescheduleFromDay(
                  appointment.startDate,
                  Temporal.Instant.fromEpochMilliseconds(nowMs()).toString(),
                  zone,
                ),
              )
            }
          >
            Update Appointment
          </Button>
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            disabled={!view.canOpenCancel}
            onClick={() => sendStatus({ type: 'cancel.open' })}
          >
            Cancel Appointment
          </Button>
        </Flex>
      )}
      <CancelAppointmentDialog
        open={view.dialogOpen}
        refundOption={view.refundOption}
        lateCancelFee={view.lateCancelFee}
        previewing={view.previewing}
        summary={view.summary}
        previewError={view.previewError}
        canConfirm={view.canConfirm}
        cancelling={view.cancelling}
        onRefundOption={(option) => sendStatus({ type: 'refund.choose', option })}
        onLateFee={(on) => sendStatus({ type: 'lateFee.set', on })}
        onRetry={() => sendStatus({ type: 'retry' })}
        onConfirm={() => sendStatus({ type: 'cancel.confirm' })}
        onClose={() => sendStatus({ type: 'cancel.close' })}
      />
      {props.isAdmin && (
        <>
          <Separator />
          <ReceiptTool api={api} groupId={appointment.groupId} provider={appointment.provider.id} />
          <Separator />
          <ExplainTool
            api={api}
            serviceItemIds={appointment.serviceItems.map((item) => item.id)}
            provider={appointment.provider.id}
            groupId={appointment.groupId}
            zone={zone}
          />
        </>
      )}
      {rescheduleFrom !== null && (
        <BookingDialogScreen
          api={api}
          mode="reschedule"
          draft={{
            ...emptyBookingDraft(rescheduleFrom, appointment.provider.id),
            serviceItemIds: appointment.serviceItems.map((item) => item.id),
            start: appointment.startDate,
          }}
          appointment={{
            id: appointment.id,
            groupId: appointment.groupId,
            providerId: appointment.provider.id,
          }}
          providers={props.providers}
          onSaved={() => {
            setRescheduleFrom(null);
            onChanged();
          }}
          onClose={() => setRescheduleFrom(null)}
        />
      )}
    </Stack>
  );
}

/** Send a receipt, and the receipts sent for this booking (recorded and logged when no mail service is set). */
function ReceiptTool(props: { api: ApiClient; groupId: string; provider: number }) {
  const [snapshot, send, actor] = useFlow(sendReceiptMachine, {
    actors: createSendReceiptActors(appointmentOperationsApi(props.api)),
    input: { groupId: props.groupId, provider: props.provider },
  });
  const receipts = useQuery(receiptQueries.forBooking(props.api, props.groupId));
  const queryClient = useQueryClient();
  useEffect(() => {
    const subscription = actor.on('receipt.sent', () => {
      void queryClient.invalidateQueries({ queryKey: receiptQueries.all });
    });
    return () => subscription.unsubscribe();
  }, [actor, queryClient]);
  return (
    <Stack gap="3">
      <ReceiptSender
        recipient={snapshot.context.recipient}
        sending={snapshot.matches('sending')}
        onRecipient={(recipient) => send({ type: 'recipient.choose', recipient })}
        onSend={() => send({ type: 'send' })}
      />
      <ReceiptList
        receipts={receipts.data ?? []}
        loading={receipts.isPending}
        error={receipts.isError ? 'The receipts could not be loaded.' : null}
        onRetry={() => void receipts.refetch()}
      />
    </Stack>
  );
}

function ExplainTool(props: {
  api: ApiClient;
  serviceItemIds: number[];
  provider: number;
  groupId: string;
  zone: string;
}) {
  const [local, setLocal] = useState('');
  const [snapshot, send] = useFlow(explainTimeMachine, {
    actors: createExplainTimeActors(appointmentOperationsApi(props.api)),
    input: { serviceItemIds: props.serviceItemIds, provider: props.provider, excludeGroupId: props.groupId },
  });
  return (
    <TimeExplainer
      zone={props.zone}
      localTime={local}
      asking={snapshot.matches('asking')}
      canAsk={snapshot.can({ type: 'ask' })}
      answer={snapshot.context.answer}
      error={snapshot.context.error}
      onTime={(value) => {
        setLocal(value);
        send({ type: 'time.change', time: localTimeToInstant(value, props.zone) });
      }}
      onAsk={() => send({ type: 'ask' })}
    />
  );
}
