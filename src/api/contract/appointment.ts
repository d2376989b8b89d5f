/** Appointments as a user's booking history shows them (02 §3). Times are ISO timestamps. */
import * as v from 'valibot';

const wholeNumber = v.pipe(v.number(), v.integer());
const named = v.object({ id: wholeNumber, name: v.string() });

export const APPOINTMENT_STATUSES = [
  'ACTIVE',
  'COMPLETED',
  'CANCELLED',
  'LATE_CANCELLED',
  'FILMING',
] as const;

export const AppointmentSchema = v.object({
  id: wholeNumber,
  groupId: v.string(),
  status: v.picklist(APPOINTMENT_STATUSES),
  startDate: v.string(),
  endDate: v.string(),
  name: v.nullable(v.string()),
  /** The item's or the bundle's name, whichever was booked. */
  serviceItemDisplayName: v.nullable(v.string()),
  serviceItem: v.nullable(named),
  bundle: v.nullable(named),
  provider: named,
  location: v.nullable(v.object({ id: wholeNumber, timezone: v.string() })),
});
export type Appointment = v.InferOutput<typeof AppointmentSchema>;
export const AppointmentListSchema = v.array(AppointmentSchema);

/** GET /user/appointments?firebaseUid=…: the chosen user's appointments, newest first. */
export interface UserAppointmentsQuery {
  firebaseUid: string;
}
