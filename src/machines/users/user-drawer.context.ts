/**
 * The user drawer chart's context and the pure work on it: the account form and its errors, a reload that
 * keeps what was typed, and the user's credits as they are added and removed. The chart itself is in
 * user-drawer.machine.ts.
 */
import type { Appointment } from '../../api/contract/appointment';
import type { UserCredit } from '../../api/contract/credit';
import type { User } from '../../api/contract/user';
import { API_ERROR_CODES } from '../../api/contract/error-codes';
import { isRestorable } from '../../domain/credits/credits';
import { EDITOR_MESSAGES, USER_MESSAGES } from '../../domain/shared/messages';
import { userFormFrom, type UserForm, type UserFormErrors, type UserRole } from '../../domain/users/users';
import type { ConfirmDeleteEvent } from '../shared/confirm-delete';
import { errorCode, errorMessage } from '../shared/errors';
import { notice, type Notice } from '../shared/notice';
import { rebaseDraft, type StaleSaveEvent } from '../shared/record-editor';

/** The text fields of the form (role and providers have their own events). */
export type UserTextField = Exclude<keyof UserForm, 'role' | 'providerIds'>;

export interface UserDrawerContext {
  firebaseUid: string;
  /** The user as last loaded or saved. */
  user: User | null;
  form: UserForm | null;
  errors: UserFormErrors;
  /** A save failure that belongs to no field. */
  saveError: string | null;
  appointments: Appointment[];
  credits: UserCredit[];
  /** The user credit whose removal waits for a confirmation. */
  removingCreditId: number | null;
  /**
   * The credit just removed, when nothing of it was spent: its toast's Undo gives the same credit back. A
   * credit partly spent cannot be given back as it was, so its removal offers no Undo.
   */
  undoableCredit: UserCredit | null;
}

export type UserDrawerEvent =
  | { type: 'field.change'; field: UserTextField; value: string }
  | { type: 'role.change'; role: UserRole }
  | { type: 'providers.change'; providerIds: number[] }
  | { type: 'user.save' }
  | { type: 'user.delete' }
  | ConfirmDeleteEvent
  | { type: 'user.retry' }
  | { type: 'bookings.retry' }
  | { type: 'credits.retry' }
  | { type: 'credit.add'; creditId: number }
  | { type: 'credit.remove'; userCreditId: number }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }
  /** The removed credit's toast: Undo. */
  | { type: 'credit.undo'; userCreditId: number }
  | StaleSaveEvent;

export type UserDrawerEmitted =
  | Notice
  /** The list should show the change. */
  | { type: 'user.changed'; firebaseUid: string };

/** Nothing read yet: the drawer opens on the user's id. */
export const initialUserDrawerContext = (firebaseUid: string): UserDrawerContext => ({
  firebaseUid,
  user: null,
  form: null,
  errors: {},
  saveError: null,
  appointments: [],
  credits: [],
  removingCreditId: null,
  undoableCredit: null,
});

type Failure = { code?: string; message?: string };
export const failureOf = (error: unknown): Failure =>
  typeof error === 'object' && error !== null ? error : {};

/** The user as read or saved: the form starts again from it. */
export const withUser = (user: User) => ({ user, form: userFormFrom(user), errors: {}, saveError: null });

/** A text field typed: its error goes. */
export const withField = (context: UserDrawerContext, field: UserTextField, value: string) => ({
  form: context.form && { ...context.form, [field]: value },
  errors: { ...context.errors, [field]: undefined },
});

/** The role or the providers changed: the providers' error goes. */
export const withAccess = (
  context: UserDrawerContext,
  change: Partial<Pick<UserForm, 'role' | 'providerIds'>>,
) => ({
  form: context.form && { ...context.form, ...change },
  errors: { ...context.errors, providerIds: undefined },
});

/** The server refused one field (a taken invite code or email): its message goes on that field. */
export const withFieldError = (context: UserDrawerContext, field: keyof UserFormErrors, error: unknown) => ({
  errors: { ...context.errors, [field]: failureOf(error).message ?? USER_MESSAGES.saveFailed },
  saveError: null,
});

/** The fresh user after a stale save: every field the person changed stays on top of it. */
export const withReloaded = (context: UserDrawerContext, user: User) => {
  const fresh = userFormFrom(user);
  const read = context.user ? userFormFrom(context.user) : fresh;
  return { user, form: context.form ? rebaseDraft(read, context.form, fresh) : fresh, saveError: null };
};

/** The list of the user's credits without the one removed. */
export const withoutCredit = (context: UserDrawerContext, userCreditId: number) => ({
  credits: context.credits.filter((credit) => credit.id !== userCreditId),
  removingCreditId: null,
});

/** The credit a removal took away, when nothing of it was spent (it can be given back as it was). */
export const undoableRemoval = (context: UserDrawerContext, userCreditId: number): UserCredit | null =>
  context.credits.find((held) => held.id === userCreditId && isRestorable(held)) ?? null;

/** The Undo a removed credit's toasts offer: it names the credit, so an older toast's Undo does nothing. */
const undoOf = (credit: UserCredit | null) =>
  credit ? { undo: { type: 'credit.undo', userCreditId: credit.id } } : {};

/** 'Removed credit.', with Undo when nothing of it was spent. */
export const removedNotice = (context: UserDrawerContext): Notice =>
  notice('success', EDITOR_MESSAGES.creditRemoved, undoOf(context.undoableCredit));

/** The credit given back: the new grant joins the list where a reload puts it (the newest last). */
export const withRestoredCredit = (context: UserDrawerContext, restored: UserCredit) => ({
  credits: [...context.credits, restored],
  undoableCredit: null,
});

/** An Undo that failed: why, and Undo again (the removed credit is still kept). */
export function restoreFailedNotice(context: UserDrawerContext, error: unknown): Notice {
  const reason =
    errorCode(error) === API_ERROR_CODES.creditNotFound
      ? EDITOR_MESSAGES.creditNoLongerListed
      : errorMessage(error);
  return notice('error', EDITOR_MESSAGES.creditRestoreFailed(reason), undoOf(context.undoableCredit));
}
