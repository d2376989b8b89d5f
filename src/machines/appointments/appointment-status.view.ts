/** What the status picker and the cancel dialog show, from the status chart's snapshot. */
import type { SnapshotFrom } from 'xstate';
import { statusOptions, type StatusOption } from '../../domain/appointments/status-rules';
import type { appointmentStatusMachine, RefundOption } from './appointment-status.machine';

export interface AppointmentStatusView {
  status: StatusOption['status'];
  options: StatusOption[];
  /** Disabled once CANCELLED or LATE_CANCELLED, and while a status is being saved (or put back by Undo). */
  pickerDisabled: boolean;
  saving: boolean;
  /** The admin's Cancel Appointment button. */
  canOpenCancel: boolean;
  dialogOpen: boolean;
  refundOption: RefundOption;
  lateCancelFee: boolean;
  previewing: boolean;
  /** What the customer will be refunded or charged (shown before confirming). */
  summary: string | null;
  previewError: string | null;
  canConfirm: boolean;
  cancelling: boolean;
}

export function appointmentStatusView(
  snapshot: SnapshotFrom<typeof appointmentStatusMachine>,
): AppointmentStatusView {
  const { context } = snapshot;
  const locked = snapshot.matches('locked');
  const saving = snapshot.matches('savingStatus') || snapshot.matches('undoingStatus');
  const dialogOpen = snapshot.matches('cancelDialog');
  const previewing = snapshot.matches({ cancelDialog: 'previewing' });
  return {
    status: context.appointment.status,
    options: statusOptions(context.appointment.startDate, context.now, context.lateCancelHours),
    pickerDisabled: locked || saving || dialogOpen,
    saving,
    canOpenCancel: context.canCancel && snapshot.matches('ready'),
    dialogOpen,
    refundOption: context.refundOption,
    lateCancelFee: context.lateCancelFee,
    previewing,
    summary: previewing ? null : (context.preview?.summary ?? null),
    previewError: snapshot.matches({ cancelDialog: 'previewFailed' }) ? context.previewError : null,
    canConfirm: snapshot.matches({ cancelDialog: 'confirming' }),
    cancelling: snapshot.matches({ cancelDialog: 'cancelling' }),
  };
}
