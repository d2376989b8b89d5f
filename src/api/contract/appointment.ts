/** Appointments as a user's booking history shows them (02 §3). Times are ISO timestamps. */
import * as v from 'valibot';
import { idText, instantMessage, isInstantText, wholeNumber } from './primitives';
import { SettlementAccountSchema } from './payouts';

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

const userDetails = v.object({
  displayName: v.nullable(v.string()),
  email: v.string(),
  phone: v.nullable(v.string()),
  birthdate: v.nullable(v.string()),
});

/**
 * GET /appointments (02 §7): a provider's appointments. With group=true the rows booked together (one
 * groupId) come as one entry whose serviceItems lists every item and whose times span them all; with
 * user=true each carries its customer's details (else user is null).
 */
export const ProviderAppointmentSchema = v.object({
  ...AppointmentSchema.entries,
  serviceItems: v.array(named),
  user: v.nullable(userDetails),
  location: v.nullable(v.object({ id: wholeNumber, timezone: v.string(), name: v.nullable(v.string()) })),
});
export type ProviderAppointment = v.InferOutput<typeof ProviderAppointmentSchema>;
export const ProviderAppointmentListSchema = v.array(ProviderAppointmentSchema);

/**
 * GET /appointments/calendar (the month calendar): one entry per booking with only what a day cell shows;
 * the drawer reads the booking's details (GET /appointments with groupId) when it opens.
 */
export const CalendarAppointmentSchema = v.object({
  /** The booking's first row (the one its drawer and tools address). */
  id: wholeNumber,
  groupId: v.string(),
  status: v.picklist(APPOINTMENT_STATUSES),
  startDate: v.string(),
  /** The end of its last row. */
  endDate: v.string(),
  /** Its services' (or bundle's) names joined with ", "; null when none is known. */
  title: v.nullable(v.string()),
  /** Its location's time zone; null without a location. */
  timezone: v.nullable(v.string()),
  /** Its customer's display name, else email (what the week view shows); null when unknown. */
  customer: v.nullable(v.string()),
});
export type CalendarAppointment = v.InferOutput<typeof CalendarAppointmentSchema>;
export const CalendarAppointmentListSchema = v.array(CalendarAppointmentSchema);

/** The widest window one GET /appointments may ask for. */
export const APPOINTMENT_WINDOW_MAX_DAYS = 100;

const once = (name: string) =>
  v.pipe(
    v.array(v.string()),
    v.length(1, `${name} may be given once`),
    v.transform((values) => values[0] ?? ''),
  );
const flag = (name: string) =>
  v.optional(
    v.pipe(
      once(name),
      v.picklist(['true', 'false'], `${name} must be true or false`),
      v.transform((value) => value === 'true'),
    ),
    ['false'],
  );
const instant = (name: string) =>
  v.optional(v.pipe(once(name), v.check(isInstantText, instantMessage(name))));
const providerParam = v.pipe(
  v.optional(v.array(v.string()), []),
  v.length(1, 'provider is required (the provider whose appointments to list)'),
  v.transform((values) => values[0] ?? ''),
  idText('provider'),
);

/**
 * GET /appointments query: provider, group, user, and the window [from, to) (30 days each side by default);
 * or groupId: that one booking of the provider, whenever it is (the window is not applied).
 */
export const ProviderAppointmentsQuerySchema = v.object({
  provider: providerParam,
  group: flag('group'),
  user: flag('user'),
  from: instant('from'),
  to: instant('to'),
  groupId: v.optional(
    v.pipe(
      once('groupId'),
      v.minLength(1, 'groupId must not be empty'),
      v.maxLength(100, 'groupId can be at most 100 characters'),
    ),
  ),
});
export type ProviderAppointmentsQuery = {
  provider: number;
  group?: boolean;
  user?: boolean;
  from?: string;
  to?: string;
  groupId?: string;
};

/** GET /appointments/calendar query: the provider and the window [from, to) (as GET /appointments). */
export const CalendarAppointmentsQuerySchema = v.object({
  provider: providerParam,
  from: instant('from'),
  to: instant('to'),
});
export type CalendarAppointmentsQuery = { provider: number; from?: string; to?: string };

/** GET /appointments/activity query: the provider. */
export const ProviderActivityQuerySchema = v.object({ provider: providerParam });

/** What every activity answer carries, whether or not the payment provider answered. */
const ActivityEntries = {
  bookingsPast30Days: wholeNumber,
  /** The days the two "past" figures cover (the marketplace setting, 30 by default; /settings). */
  activityWindowDays: v.optional(wholeNumber),
  /** The settlement (payouts) account's status (02 §3), as the checklist reads it. */
  settlementAccount: v.nullable(SettlementAccountSchema),
};

/**
 * GET /appointments/activity?provider=: the dashboard's activity figures (02 §2, §9; payouts in cents) and
 * the settlement account of the provider's location (null when none is attached). The payout figures are
 * the payment provider's: `payouts: 'unavailable'` with both null when it did not answer (the bookings and
 * the account, which are ours, still come).
 */
export const ProviderActivitySchema = v.variant('payouts', [
  v.object({
    ...ActivityEntries,
    payouts: v.literal('available'),
    payoutsPast30DaysInCents: wholeNumber,
    lifetimePayoutsInCents: wholeNumber,
  }),
  v.object({
    ...ActivityEntries,
    payouts: v.literal('unavailable'),
    payoutsPast30DaysInCents: v.null(),
    lifetimePayoutsInCents: v.null(),
  }),
]);
export type ProviderActivity = v.InferOutput<typeof ProviderActivitySchema>;
