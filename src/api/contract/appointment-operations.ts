/**
 * Appointment operations (02 §3, §4, §6, §7): open slots and why a time is or is not open, the status
 * update, cancel with a refund option and late fee, reschedule, the two Create Appointment variants,
 * receipts, and Create User (POST /user/register). Shared by the console (parsing responses) and the API
 * (validating requests). Instants travel as ISO timestamps with their offset; calendar days as YYYY-MM-DD.
 */
import * as v from 'valibot';
import {
  CANCEL_REFUND_OPTIONS,
  EXPLANATION_CODES,
  PAYMENT_METHODS,
  RECIPIENT_TYPES,
} from '../../domain/appointments/operations';
import { isEmail, PASSWORD_MAX, PASSWORD_MIN } from '../../domain/users/users';
import { APPOINTMENT_STATUSES } from './appointment';
import { dayField, idField, instantField, requiredText, wholeNumber } from './primitives';

export {
  CANCEL_REFUND_OPTIONS,
  EXPLANATION_CODES,
  PAYMENT_METHODS,
  RECIPIENT_TYPES,
  SETTABLE_STATUSES,
  type CancelRefundOption,
  type ExplanationCode,
  type PaymentMethod,
  type RecipientType,
  type SettableStatus,
} from '../../domain/appointments/operations';

/** The most service items one booking may hold. */
export const MAX_BOOKING_ITEMS = 20;
/** The most days one availability request may cover. */
export const MAX_AVAILABILITY_DAYS = 31;
/** Days covered when the request does not say. */
export const DEFAULT_AVAILABILITY_DAYS = 7;

const serviceItemIdsField = v.pipe(
  v.array(idField('serviceItemIds'), 'serviceItemIds must be a list of service item ids'),
  v.minLength(1, 'serviceItemIds needs at least one service item'),
  v.maxLength(MAX_BOOKING_ITEMS, `serviceItemIds can list at most ${MAX_BOOKING_ITEMS} service items`),
);
const emailField = v.pipe(
  v.string('email is required'),
  v.trim(),
  v.nonEmpty('email is required'),
  v.maxLength(254, 'email can be at most 254 characters'),
  v.check(isEmail, 'email must be an email address'),
);
const birthdateField = v.pipe(
  v.string('birthdate is required'),
  v.trim(),
  v.nonEmpty('birthdate is required'),
  dayField('birthdate', 'birthdate must be a real date (YYYY-MM-DD)'),
);
const coordinatesField = v.object({
  lat: v.pipe(v.number('coordinates.lat must be a number'), v.minValue(-90), v.maxValue(90)),
  lng: v.pipe(v.number('coordinates.lng must be a number'), v.minValue(-180), v.maxValue(180)),
});

// ---------------------------------------------------------------------------------------------------------
// POST /appointments/availability

/**
 * Open slots for the service items, from `startDate` (a day in the provider location's calendar) for `days`
 * days. `provider` asks for one provider; without it, `coordinates` asks for the MANUAL providers near that
 * point. `excludeGroupId` leaves a booking's own appointments out (rescheduling it).
 */
export const AvailabilityRequestSchema = v.pipe(
  v.object({
    serviceItemIds: serviceItemIdsField,
    startDate: dayField('startDate'),
    days: v.optional(
      v.pipe(
        v.number('days must be a number'),
        v.integer('days must be a whole number'),
        v.minValue(1, 'days must be at least 1'),
        v.maxValue(MAX_AVAILABILITY_DAYS, `days can be at most ${MAX_AVAILABILITY_DAYS}`),
      ),
    ),
    provider: v.optional(idField('provider')),
    coordinates: v.optional(coordinatesField),
    excludeGroupId: v.optional(v.pipe(v.string('excludeGroupId must be text'), v.maxLength(100))),
  }),
  v.forward(
    v.check(
      (input) => input.provider !== undefined || input.coordinates !== undefined,
      'provider or coordinates is required',
    ),
    ['provider'],
  ),
);
export type AvailabilityRequest = v.InferInput<typeof AvailabilityRequestSchema>;

export const SlotSchema = v.object({ start: v.string(), end: v.string() });
export type Slot = v.InferOutput<typeof SlotSchema>;

/** One provider's open slots (ascending) and the first of them (null when none is open in the window). */
export const ProviderSlotsSchema = v.object({
  providerId: wholeNumber,
  providerName: v.string(),
  /** The location's IANA time zone: the slots are on its calendar. */
  timeZone: v.string(),
  durationMinutes: wholeNumber,
  earliestAppointmentTime: v.nullable(v.string()),
  slots: v.array(SlotSchema),
});
export type ProviderSlots = v.InferOutput<typeof ProviderSlotsSchema>;
export const ProviderSlotsListSchema = v.array(ProviderSlotsSchema);

// ---------------------------------------------------------------------------------------------------------
// POST /appointments/availability/explain

/** Why a start time is or is not open for these service items at this provider. */
export const ExplainRequestSchema = v.object({
  serviceItemIds: serviceItemIdsField,
  provider: idField('provider'),
  time: instantField('time'),
  excludeGroupId: v.optional(v.pipe(v.string('excludeGroupId must be text'), v.maxLength(100))),
});
export type ExplainRequest = v.InferInput<typeof ExplainRequestSchema>;

export const ExplanationReasonSchema = v.object({
  code: v.picklist(EXPLANATION_CODES),
  /** A sentence for the person, e.g. "closed on Sundays", "taken by an appointment 10:00–10:45". */
  message: v.string(),
});
export type ExplanationReason = v.InferOutput<typeof ExplanationReasonSchema>;

export const ExplanationSchema = v.object({
  open: v.boolean(),
  time: v.string(),
  /** The time on the location's clock, YYYY-MM-DDTHH:mm. */
  localTime: v.string(),
  timeZone: v.string(),
  durationMinutes: wholeNumber,
  /** Empty when open; every reason it is closed otherwise. */
  reasons: v.array(ExplanationReasonSchema),
});
export type Explanation = v.InferOutput<typeof ExplanationSchema>;

// ---------------------------------------------------------------------------------------------------------
// PUT /appointments/{id}

/**
 * The full appointment plus status (02 §7); only the status is read. COMPLETED, ACTIVE or FILMING are
 * saved for every row booked with it (its groupId); CANCELLED and LATE_CANCELLED are refused with 400
 * `appointment/cancel-by-delete` (cancel is DELETE /appointments/{groupId}).
 */
export const StatusUpdateSchema = v.looseObject({
  status: v.picklist(APPOINTMENT_STATUSES, `status must be one of ${APPOINTMENT_STATUSES.join(', ')}`),
});
export type StatusUpdate = { status: (typeof APPOINTMENT_STATUSES)[number] } & Record<string, unknown>;

// ---------------------------------------------------------------------------------------------------------
// DELETE /appointments/{groupId}?latecancelfee=&refundOption= and its preview

const once = (name: string) =>
  v.pipe(
    v.array(v.string()),
    v.length(1, `${name} may be given once`),
    v.transform((values) => values[0] ?? ''),
  );

/** The cancel query (also the preview's, GET /appointments/{groupId}/cancellation). */
export const CancelQuerySchema = v.object({
  latecancelfee: v.optional(
    v.pipe(
      once('latecancelfee'),
      v.picklist(['true', 'false'], 'latecancelfee must be true or false'),
      v.transform((value) => value === 'true'),
    ),
    ['true'],
  ),
  refundOption: v.pipe(
    v.optional(v.array(v.string()), []),
    v.length(1, `refundOption is required (${CANCEL_REFUND_OPTIONS.join(', ')})`),
    v.transform((values) => values[0] ?? ''),
    v.picklist(CANCEL_REFUND_OPTIONS, `refundOption must be one of ${CANCEL_REFUND_OPTIONS.join(', ')}`),
  ),
});
export interface CancelQuery {
  /** The late-cancel fee: on by default ("charge fee"). */
  latecancelfee?: boolean;
  refundOption: (typeof CANCEL_REFUND_OPTIONS)[number];
}

/** What cancelling does to the booking and the customer's money (recorded on DELETE, computed on preview). */
export const CancellationSchema = v.object({
  groupId: v.string(),
  status: v.picklist(['CANCELLED', 'LATE_CANCELLED']),
  refundOption: v.picklist(CANCEL_REFUND_OPTIONS),
  lateCancelFee: v.boolean(),
  /** What the booking cost (cents). */
  priceInCents: wholeNumber,
  /** The late-cancel fee charged (cents; 0 without the fee). */
  lateFeeInCents: wholeNumber,
  /** Money returned to the customer's card (cents). */
  refundInCents: wholeNumber,
  /** Points added to the customer's account instead of money. */
  creditPoints: wholeNumber,
  /** The sentence the dialog shows, e.g. "The customer is refunded $80.00 and charged a $20.00 late fee." */
  summary: v.string(),
});
export type Cancellation = v.InferOutput<typeof CancellationSchema>;

// ---------------------------------------------------------------------------------------------------------
// PUT /appointments/reschedule/{id}

export const RescheduleSchema = v.object({
  serviceItemIds: serviceItemIdsField,
  provider: idField('provider'),
  startDate: instantField('startDate'),
  /** The customer (user id); the booking's own when absent. */
  user: v.optional(v.nullable(idField('user'))),
  /** Sent by the console; the start is always checked against the open slots. */
  isAvaliableSlots: v.optional(v.boolean('isAvaliableSlots must be true or false')),
  isProviderChanged: v.optional(v.boolean('isProviderChanged must be true or false')),
  previousProvider: v.optional(v.nullable(idField('previousProvider'))),
});
export type RescheduleInput = v.InferInput<typeof RescheduleSchema>;

// ---------------------------------------------------------------------------------------------------------
// POST /i/appointments/ (provider variant) and POST /appointments (admin variant)

/** Create Appointment from the provider view: the customer is typed in (all five fields required). */
export const ProviderBookingSchema = v.object({
  email: emailField,
  firstName: requiredText('firstName', 100),
  lastName: requiredText('lastName', 100),
  phone: requiredText('phone', 40),
  birthdate: birthdateField,
  serviceItemIds: serviceItemIdsField,
  provider: idField('provider'),
  startDate: instantField('startDate'),
  /** An existing user's id, when the console knows it; else the customer is found or added by email. */
  user: v.optional(v.nullable(idField('user'))),
  sendInvoice: v.optional(v.boolean('sendInvoice must be true or false'), false),
  isFree: v.optional(v.boolean('isFree must be true or false'), false),
});
export type ProviderBookingInput = v.InferInput<typeof ProviderBookingSchema>;

/** Create Appointment, admin variant: an existing user and a provider, paid by saved card, invoice or free. */
export const AdminBookingSchema = v.object({
  user: idField('user'),
  provider: idField('provider'),
  serviceItemIds: serviceItemIdsField,
  startDate: instantField('startDate'),
  paymentMethod: v.picklist(PAYMENT_METHODS, `paymentMethod must be one of ${PAYMENT_METHODS.join(', ')}`),
});
export type AdminBookingInput = v.InferInput<typeof AdminBookingSchema>;

// ---------------------------------------------------------------------------------------------------------
// POST /appointments/receipts and GET /appointments/receipts

export const ReceiptRequestSchema = v.object({
  recipient: v.picklist(RECIPIENT_TYPES, `recipient must be one of ${RECIPIENT_TYPES.join(', ')}`),
  groupId: v.pipe(
    v.string('groupId is required'),
    v.trim(),
    v.nonEmpty('groupId is required'),
    v.maxLength(100),
  ),
  provider: idField('provider'),
});
export type ReceiptRequest = v.InferInput<typeof ReceiptRequestSchema>;

export const ReceiptSchema = v.object({
  id: wholeNumber,
  recipient: v.picklist(RECIPIENT_TYPES),
  groupId: v.string(),
  providerId: wholeNumber,
  /** The address it went (or would go) to. */
  to: v.string(),
  subject: v.string(),
  body: v.string(),
  /** RECORDED: no mail service is configured, so the receipt was stored and logged only. */
  delivery: v.picklist(['RECORDED', 'SENT']),
  createdAt: v.string(),
});
export type Receipt = v.InferOutput<typeof ReceiptSchema>;
export const ReceiptListSchema = v.array(ReceiptSchema);

/** GET /appointments/receipts?groupId= (admin): the newest receipts first, at most 100. */
export interface ReceiptListQuery {
  groupId?: string;
}
export const ReceiptListQuerySchema = v.object({
  groupId: v.optional(v.pipe(once('groupId'), v.maxLength(100, 'groupId can be at most 100 characters'))),
});

// ---------------------------------------------------------------------------------------------------------
// POST /user/register (Create User, admin)

export const RegisterUserSchema = v.object({
  email: emailField,
  firstName: requiredText('firstName', 100),
  lastName: requiredText('lastName', 100),
  password: v.pipe(
    v.string('password is required'),
    v.minLength(PASSWORD_MIN, `password needs at least ${PASSWORD_MIN} characters`),
    v.maxLength(PASSWORD_MAX, `password can be at most ${PASSWORD_MAX} characters`),
  ),
  phone: requiredText('phone', 40),
  birthdate: birthdateField,
  isSubscribedToNotifications: v.optional(
    v.boolean('isSubscribedToNotifications must be true or false'),
    false,
  ),
});
export type RegisterUserInput = v.InferInput<typeof RegisterUserSchema>;
