/**
 * Provider invitations (01 §2, §4, §7): an invite is for one email address and a list of providers, is
 * single-use, and expires INVITE_TTL_DAYS after it is created. Pure: "now" is an argument (epoch ms).
 */
import { INVITE_TTL_DAYS } from '../shared/constants';

const DAY_MS = 86_400_000;

export interface InviteFacts {
  email: string;
  expiresAt: number;
  usedAt: number | null;
}

/** Why an invite can or cannot be used. Every reason but `valid` is shown as the one invalid message. */
export type InviteStatus = 'valid' | 'unknown' | 'wrong-email' | 'used' | 'expired';

/** Emails compare without surrounding whitespace and case. */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export function inviteExpiresAt(createdAt: number, ttlDays: number = INVITE_TTL_DAYS): number {
  return createdAt + ttlDays * DAY_MS;
}

/** An invite is usable by its own email, once, strictly before it expires. */
export function inviteStatus(
  invite: InviteFacts | null | undefined,
  email: string,
  now: number,
): InviteStatus {
  if (!invite) return 'unknown';
  if (!sameEmail(invite.email, email)) return 'wrong-email';
  if (invite.usedAt !== null) return 'used';
  if (!(now < invite.expiresAt)) return 'expired';
  return 'valid';
}

/** The console's registration page for an invite: /provider/invite/{code}?email=… */
export function invitePath(code: string, email: string): string {
  return `/provider/invite/${encodeURIComponent(code)}?${new URLSearchParams({ email }).toString()}`;
}

/** Loose shape check for an email address (the API validates it properly). */
export function looksLikeEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
}

export interface InviteForm {
  email: string;
  providerIds: readonly number[];
}

export type InviteFormErrors = Partial<Record<'email' | 'providerIds', string>>;

/** The admin's Invite provider form: an email address and at least one provider. */
export function inviteFormErrors(
  form: InviteForm,
  messages: { emailRequired: string; emailInvalid: string; providersRequired: string },
): InviteFormErrors {
  const errors: InviteFormErrors = {};
  if (form.email.trim() === '') errors.email = messages.emailRequired;
  else if (!looksLikeEmail(form.email)) errors.email = messages.emailInvalid;
  if (form.providerIds.length === 0) errors.providerIds = messages.providersRequired;
  return errors;
}
