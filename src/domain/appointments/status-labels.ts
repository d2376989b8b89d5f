/**
 * The one catalogue of what each appointment status reads as on screen (02 §4 Appointment status): the
 * status picker, the badges of the dashboard, the user drawer and the appointments workspace, the status
 * filter. The raw value is never shown. Import-free, so a screen that only shows statuses loads nothing more.
 */
export type AppointmentStatus = 'ACTIVE' | 'COMPLETED' | 'CANCELLED' | 'LATE_CANCELLED' | 'FILMING';

export const STATUS_LABELS: Record<AppointmentStatus, string> = {
  ACTIVE: 'Active',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
  LATE_CANCELLED: 'Late cancelled',
  FILMING: 'Filming',
};

/** Every status, in the order the workspace's filter offers them. */
export const APPOINTMENT_STATUS_ORDER: readonly AppointmentStatus[] = [
  'ACTIVE',
  'COMPLETED',
  'FILMING',
  'CANCELLED',
  'LATE_CANCELLED',
];

/** The status as a person reads it; a value this console does not know yet reads "Unknown status". */
export function statusLabel(status: string): string {
  return Object.hasOwn(STATUS_LABELS, status) ? STATUS_LABELS[status as AppointmentStatus] : 'Unknown status';
}
