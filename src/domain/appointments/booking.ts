/**
 * The drafts of the appointment dialogs (02 §5, §6): Update/reschedule, Create Appointment (provider and
 * admin variants) and Create User, and the field checks each needs before anything is sent.
 */
import { Temporal } from 'temporal-polyfill';
import { isEmail, PASSWORD_MAX, PASSWORD_MIN, toBirthdate } from '../users/users';
import type { PaymentMethod } from './operations';

export type BookingMode = 'reschedule' | 'provider' | 'admin';

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  SAVED_CARD: 'Saved card',
  INVOICE: 'Invoice',
  FREE: 'Free',
};

/** The customer typed in by a provider (all five required) or by an admin creating a user. */
export interface CustomerDraft {
  email: string;
  firstName: string;
  lastName: string;
  birthdate: string;
  phone: string;
}
export type CustomerField = keyof CustomerDraft;

export interface BookingDraft {
  serviceItemIds: number[];
  providerId: number | null;
  /** The first local day (YYYY-MM-DD) whose open slots are offered. */
  day: string;
  /** The chosen open slot's start (an ISO instant). */
  start: string | null;
  customer: CustomerDraft;
  /** Admin variant: the existing user booked for. */
  userId: number | null;
  userLabel: string;
  paymentMethod: PaymentMethod;
  sendInvoice: boolean;
  isFree: boolean;
}

export type BookingField = 'serviceItemIds' | 'providerId' | 'start' | 'userId' | CustomerField;
export type BookingErrors = Partial<Record<BookingField, string>>;

export const BOOKING_ERRORS = {
  serviceItems: 'Choose at least one service item',
  provider: 'Choose a provider',
  start: 'Choose one of the open times',
  user: 'Choose a user, or create one',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter an email address like name@example.com',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  birthdateRequired: 'Birth date is required',
  birthdate: 'Enter a real date (YYYY-MM-DD)',
  phone: 'Phone is required',
  tooLong: (max: number) => `At most ${max} characters`,
  password: `Password needs at least ${PASSWORD_MIN} characters`,
  passwordLong: `Password can have at most ${PASSWORD_MAX} characters`,
} as const;

/** The Create User password hint (02 §5). */
export const PASSWORD_HINT = `at least ${PASSWORD_MIN} characters`;

export const EMPTY_CUSTOMER: CustomerDraft = {
  email: '',
  firstName: '',
  lastName: '',
  birthdate: '',
  phone: '',
};

export function emptyBookingDraft(day: string, providerId: number | null): BookingDraft {
  return {
    serviceItemIds: [],
    providerId,
    day,
    start: null,
    customer: EMPTY_CUSTOMER,
    userId: null,
    userLabel: '',
    paymentMethod: 'SAVED_CARD',
    sendInvoice: false,
    isFree: false,
  };
}

/** Whether the open slots can be asked for: items and a provider are chosen. */
export function canFindSlots(draft: BookingDraft): boolean {
  return draft.serviceItemIds.length > 0 && draft.providerId !== null;
}

/** Field errors of a customer as typed (every field required). */
export function checkCustomer(customer: CustomerDraft): Partial<Record<CustomerField, string>> {
  const errors: Partial<Record<CustomerField, string>> = {};
  const email = customer.email.trim();
  if (email === '') errors.email = BOOKING_ERRORS.emailRequired;
  else if (!isEmail(email) || email.length > 254) errors.email = BOOKING_ERRORS.emailInvalid;
  if (customer.firstName.trim() === '') errors.firstName = BOOKING_ERRORS.firstName;
  else if (customer.firstName.trim().length > 100) errors.firstName = BOOKING_ERRORS.tooLong(100);
  if (customer.lastName.trim() === '') errors.lastName = BOOKING_ERRORS.lastName;
  else if (customer.lastName.trim().length > 100) errors.lastName = BOOKING_ERRORS.tooLong(100);
  if (customer.birthdate.trim() === '') errors.birthdate = BOOKING_ERRORS.birthdateRequired;
  else if (toBirthdate(customer.birthdate) === undefined) errors.birthdate = BOOKING_ERRORS.birthdate;
  if (customer.phone.trim() === '') errors.phone = BOOKING_ERRORS.phone;
  else if (customer.phone.trim().length > 40) errors.phone = BOOKING_ERRORS.tooLong(40);
  return errors;
}

/** Field errors of a booking draft in its dialog's variant; empty when it can be sent. */
export function checkBookingDraft(mode: BookingMode, draft: BookingDraft): BookingErrors {
  const errors: BookingErrors = mode === 'provider' ? checkCustomer(draft.customer) : {};
  if (mode === 'admin' && draft.userId === null) errors.userId = BOOKING_ERRORS.user;
  if (draft.serviceItemIds.length === 0) errors.serviceItemIds = BOOKING_ERRORS.serviceItems;
  if (draft.providerId === null) errors.providerId = BOOKING_ERRORS.provider;
  if (draft.start === null) errors.start = BOOKING_ERRORS.start;
  return errors;
}

export interface NewUserDraft extends CustomerDraft {
  password: string;
}
export type NewUserField = keyof NewUserDraft;

export const EMPTY_NEW_USER: NewUserDraft = { ...EMPTY_CUSTOMER, password: '' };

/** Create User (02 §5): every field required; the password has at least 8 characters. */
export function checkNewUser(draft: NewUserDraft): Partial<Record<NewUserField, string>> {
  const errors: Partial<Record<NewUserField, string>> = checkCustomer(draft);
  if (draft.password.length < PASSWORD_MIN) errors.password = BOOKING_ERRORS.password;
  else if (draft.password.length > PASSWORD_MAX) errors.password = BOOKING_ERRORS.passwordLong;
  return errors;
}

/** How many days of open slots a dialog offers from its chosen day. */
export const AVAILABILITY_SEARCH_DAYS = 7;

/** A wall-clock time typed in a location's zone (YYYY-MM-DDTHH:mm) as an instant, or null when not a time. */
export function localTimeToInstant(local: string, zone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return null;
  try {
    return Temporal.PlainDateTime.from(local).toZonedDateTime(zone).toInstant().toString();
  } catch {
    return null;
  }
}

/** The local day (YYYY-MM-DD) of an instant in a zone. */
export function dayIn(instant: string, zone: string): string {
  return Temporal.Instant.from(instant).toZonedDateTimeISO(zone).toPlainDate().toString();
}

/**
 * The day Update/reschedule looks for open times from: the appointment's own day when it is still ahead,
 * otherwise today (a past day has no open times to offer), both in the location's zone.
 */
export function rescheduleFromDay(appointmentStart: string, now: string, zone: string): string {
  const own = dayIn(appointmentStart, zone);
  const today = dayIn(now, zone);
  return own > today ? own : today;
}

/** What the dialog says before open times can be looked up; the provider's own variant has no provider to choose. */
export function openTimesPrompt(mode: BookingMode): string {
  return mode === 'provider'
    ? 'Choose service items to see the open times.'
    : 'Choose service items and a provider to see the open times.';
}

/** Open slots grouped by their local day, in order. */
export function slotsByDay<T extends { start: string }>(
  slots: readonly T[],
  zone: string,
): { day: string; slots: T[] }[] {
  const days = new Map<string, T[]>();
  for (const slot of slots) {
    const day = dayIn(slot.start, zone);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days].map(([day, list]) => ({ day, slots: list }));
}

/** Whether two ISO instants name the same moment (however they are written). */
export function isSameInstant(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return false;
  try {
    return Temporal.Instant.from(a).epochMilliseconds === Temporal.Instant.from(b).epochMilliseconds;
  } catch {
    return false;
  }
}
