/**
 * Users (01 §3, §5): roles, the account form and its save rules, as pure functions.
 *
 * Save rules (01 §5): the invite code is uppercased; empty values are removed from what is sent; the
 * birthdate becomes a calendar date (YYYY-MM-DD); the first word of the full name is the first name and the
 * second word the last name. A third or later word is kept in the display name only (the form says so).
 */
import type { ClaimRole } from '../auth/roles';

import { USER_ROLES, type UserRole } from './user-list-params';

export { USER_ROLES, type UserRole };

const CLAIM_OF_ROLE: Record<UserRole, ClaimRole> = { USER: 'user', PROVIDER: 'provider', ADMIN: 'admin' };

/** The identity service's `role` claim for a user role. */
export function claimForRole(role: UserRole): ClaimRole {
  return CLAIM_OF_ROLE[role];
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const MAX_POINTS = 1_000_000_000;

export interface NameParts {
  /** The words as typed, single-spaced. */
  displayName: string;
  firstName: string;
  lastName: string;
  /** Words after the second: kept in the display name, not in first or last name. */
  extraWords: string[];
}

/** "  Mary  Ann Smith " → display "Mary Ann Smith", first "Mary", last "Ann", extra ["Smith"]. */
export function splitFullName(fullName: string): NameParts {
  const words = fullName
    .trim()
    .split(/\s+/u)
    .filter((word) => word !== '');
  return {
    displayName: words.join(' '),
    firstName: words[0] ?? '',
    lastName: words[1] ?? '',
    extraWords: words.slice(2),
  };
}

/** Up to two letters for the avatar: first and last name, else the display name's words, else the email. */
export function initials(user: {
  displayName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}): string {
  const letter = (word: string | null | undefined) => [...(word?.trim() ?? '')][0] ?? '';
  const fromParts = letter(user.firstName) + letter(user.lastName);
  if (fromParts) return fromParts.toUpperCase();
  const words = (user.displayName ?? '').trim().split(/\s+/u).filter(Boolean);
  const fromDisplay = letter(words[0]) + letter(words[1]);
  if (fromDisplay) return fromDisplay.toUpperCase();
  return letter(user.email).toUpperCase() || '?';
}

/** The name a list shows: the display name, else first and last name, else the email. */
export function userLabel(user: {
  displayName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email: string;
}): string {
  const display = user.displayName?.trim();
  if (display) return display;
  const parts = [user.firstName, user.lastName].map((part) => part?.trim()).filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : user.email;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD (1900-01-01 … 9999-12-31). */
export function isCalendarDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

/**
 * "Birthdate becomes a date": accepts YYYY-MM-DD (what a date input gives) and M/D/YYYY (what people type),
 * returns YYYY-MM-DD, or undefined when it is not a real date.
 */
export function toBirthdate(text: string): string | undefined {
  const trimmed = text.trim();
  if (isCalendarDate(trimmed)) return trimmed;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  if (!us) return undefined;
  const iso = `${us[3]}-${us[1]?.padStart(2, '0')}-${us[2]?.padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : undefined;
}

export function normaliseInviteCode(code: string): string {
  return code.trim().toUpperCase();
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;
export function isEmail(text: string): boolean {
  return EMAIL.test(text);
}

/** The account form as typed; numbers stay text until saved so nothing typed is lost. */
export interface UserForm {
  fullName: string;
  email: string;
  phone: string;
  birthdate: string;
  photoURL: string;
  inviteCode: string;
  availablePoints: string;
  /** Blank keeps the current password. */
  password: string;
  role: UserRole;
  providerIds: number[];
}

export interface UserLike {
  displayName: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string;
  phone: string | null;
  birthdate: string | null;
  photoURL: string | null;
  inviteCode: string | null;
  availablePoints: number;
  role: UserRole;
  providers: { id: number }[];
}

export function userFormFrom(user: UserLike): UserForm {
  const fullName =
    user.displayName?.trim() || [user.firstName, user.lastName].filter((part) => part?.trim()).join(' ');
  return {
    fullName,
    email: user.email,
    phone: user.phone ?? '',
    birthdate: user.birthdate ?? '',
    photoURL: user.photoURL ?? '',
    inviteCode: user.inviteCode ?? '',
    availablePoints: String(user.availablePoints),
    password: '',
    role: user.role,
    providerIds: user.providers.map((provider) => provider.id),
  };
}

export type UserFormField =
  | 'fullName'
  | 'email'
  | 'phone'
  | 'birthdate'
  | 'photoURL'
  | 'inviteCode'
  | 'availablePoints'
  | 'password'
  | 'providerIds';
export type UserFormErrors = Partial<Record<UserFormField, string>>;

export const USER_FORM_ERRORS = {
  emailRequired: 'Email is required',
  emailInvalid: 'Enter an email address like name@example.com',
  birthdate: 'Enter a real date (YYYY-MM-DD)',
  points: 'Points must be a whole number, 0 or more',
  password: `The new password needs at least ${PASSWORD_MIN} characters`,
  passwordLong: `The new password can have at most ${PASSWORD_MAX} characters`,
  providers: 'Choose at least one provider for a provider user',
  inviteCode: 'Invite codes use letters, digits, - and _ only (up to 32)',
  tooLong: (max: number) => `At most ${max} characters`,
  inviteCodeTaken: (code: string) => `${code} is another user's invite code. Choose a different one.`,
  emailTaken: 'Another account already uses this email.',
} as const;

const INVITE_CODE = /^[A-Z0-9_-]{1,32}$/;

/** Field errors of the form; empty when it can be saved. */
export function validateUserForm(form: UserForm): UserFormErrors {
  const errors: UserFormErrors = {};
  const email = form.email.trim();
  if (email === '') errors.email = USER_FORM_ERRORS.emailRequired;
  else if (!isEmail(email) || email.length > 254) errors.email = USER_FORM_ERRORS.emailInvalid;
  if (form.fullName.trim().length > 200) errors.fullName = USER_FORM_ERRORS.tooLong(200);
  if (form.phone.trim().length > 40) errors.phone = USER_FORM_ERRORS.tooLong(40);
  if (form.photoURL.trim().length > 2048) errors.photoURL = USER_FORM_ERRORS.tooLong(2048);
  if (form.birthdate.trim() !== '' && toBirthdate(form.birthdate) === undefined)
    errors.birthdate = USER_FORM_ERRORS.birthdate;
  const code = normaliseInviteCode(form.inviteCode);
  if (code !== '' && !INVITE_CODE.test(code)) errors.inviteCode = USER_FORM_ERRORS.inviteCode;
  const points = form.availablePoints.trim();
  if (points !== '' && (!/^\d+$/.test(points) || Number(points) > MAX_POINTS))
    errors.availablePoints = USER_FORM_ERRORS.points;
  if (form.password !== '' && form.password.length < PASSWORD_MIN)
    errors.password = USER_FORM_ERRORS.password;
  if (form.password.length > PASSWORD_MAX) errors.password = USER_FORM_ERRORS.passwordLong;
  if (form.role === 'PROVIDER' && form.providerIds.length === 0)
    errors.providerIds = USER_FORM_ERRORS.providers;
  return errors;
}

/** What PUT /user/{firebaseUid} receives: keys with empty values are left out (01 §5). */
export interface UserUpdatePayload {
  email: string;
  firebaseUid: string;
  displayName?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  birthdate?: string;
  photoURL?: string;
  inviteCode?: string;
  availablePoints?: number;
  password?: string;
  role: UserRole;
  providers?: number[];
}

/** Applies the save rules to a valid form (see validateUserForm). */
export function toUserUpdate(form: UserForm, firebaseUid: string): UserUpdatePayload {
  const name = splitFullName(form.fullName);
  const candidate: Record<string, unknown> = {
    email: form.email.trim(),
    firebaseUid,
    displayName: name.displayName,
    firstName: name.firstName,
    lastName: name.lastName,
    phone: form.phone.trim(),
    birthdate: toBirthdate(form.birthdate) ?? '',
    photoURL: form.photoURL.trim(),
    inviteCode: normaliseInviteCode(form.inviteCode),
    availablePoints: form.availablePoints.trim() === '' ? undefined : Number(form.availablePoints.trim()),
    password: form.password,
    role: form.role,
    providers: form.role === 'PROVIDER' ? [...new Set(form.providerIds)] : undefined,
  };
  return removeEmpty(candidate) as unknown as UserUpdatePayload;
}

/** Drops keys whose value is undefined, null or blank text; keeps 0, false and lists. */
export function removeEmpty<T extends Record<string, unknown>>(values: T): Partial<T> {
  const kept: Partial<T> = {};
  for (const [key, value] of Object.entries(values) as [keyof T, unknown][]) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    kept[key] = value as T[keyof T];
  }
  return kept;
}
