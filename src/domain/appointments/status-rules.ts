/**
 * The appointment status picker's rules (02 §4 Appointment status, §9): which statuses a person may pick,
 * which only warn, and the late-cancel threshold (24 hours unless the marketplace setting says otherwise,
 * /settings). "Now" and the threshold are always arguments.
 */
import { Temporal } from 'temporal-polyfill';
import { LATE_CANCEL_HOURS, SETTABLE_STATUSES } from './operations';
import { APPOINTMENT_STATUS_ORDER, STATUS_LABELS, type AppointmentStatus } from './status-labels';

export { STATUS_LABELS, type AppointmentStatus };

/** The picker's options, in the order shown (the catalogue's order). */
export const STATUS_PICKER_ORDER: readonly AppointmentStatus[] = APPOINTMENT_STATUS_ORDER;

/** The statuses the picker saves (COMPLETED, ACTIVE, FILMING). */
export function isSavableStatus(status: AppointmentStatus): boolean {
  return (SETTABLE_STATUSES as readonly string[]).includes(status);
}

export function isCancelledStatus(status: AppointmentStatus): boolean {
  return status === 'CANCELLED' || status === 'LATE_CANCELLED';
}

/** True when the appointment starts in under `hours` (24 by default) from `now` (or has started). */
export function startsWithinLateWindow(
  startDate: string,
  now: string,
  hours: number = LATE_CANCEL_HOURS,
): boolean {
  const start = Temporal.Instant.from(startDate);
  const limit = Temporal.Instant.from(now).add({ hours });
  return Temporal.Instant.compare(start, limit) < 0;
}

export interface StatusOption {
  status: AppointmentStatus;
  label: string;
  disabled: boolean;
}

/** The picker's options: LATE_CANCELLED never selectable; CANCELLED not under the late-cancel threshold. */
export function statusOptions(
  startDate: string,
  now: string,
  lateCancelHours: number = LATE_CANCEL_HOURS,
): StatusOption[] {
  const late = startsWithinLateWindow(startDate, now, lateCancelHours);
  return STATUS_PICKER_ORDER.map((status) => ({
    status,
    label: STATUS_LABELS[status],
    disabled: status === 'LATE_CANCELLED' || (status === 'CANCELLED' && late),
  }));
}

/** Whether `status` is an enabled option of the picker. */
export function isSelectableStatus(
  status: AppointmentStatus,
  startDate: string,
  now: string,
  lateCancelHours: number = LATE_CANCEL_HOURS,
): boolean {
  return statusOptions(startDate, now, lateCancelHours).some(
    (option) => option.status === status && !option.disabled,
  );
}
