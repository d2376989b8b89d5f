/**
 * What the Create Your Account screen shows, from a registration snapshot: the phase, each field's value
 * and the error it shows (once the field was left, or after a submit), and the form-level failure.
 */
import type { SnapshotFrom } from 'xstate';
import { REGISTRATION_MESSAGES } from '../../domain/shared/messages';
import {
  registrationErrors,
  REGISTRATION_FIELDS,
  type RegistrationField,
} from '../../domain/auth/registration';
import type { InviteProvider } from '../../api/contract/invite';
import type { registrationMachine } from './registration.machine';

export type RegistrationPhase = 'validating' | 'invalid' | 'form' | 'registered' | 'signedIn';

export interface RegistrationView {
  phase: RegistrationPhase;
  busy: boolean;
  fields: Record<RegistrationField, { value: string; error: string | null }>;
  failure: string | null;
  providers: InviteProvider[];
  invalidMessage: string;
}

export function registrationView(snapshot: SnapshotFrom<typeof registrationMachine>): RegistrationView {
  const { context } = snapshot;
  const phase: RegistrationPhase = snapshot.matches('validating')
    ? 'validating'
    : snapshot.matches('invalid')
      ? 'invalid'
      : snapshot.matches('registered')
        ? 'registered'
        : snapshot.matches('signedIn')
          ? 'signedIn'
          : 'form';
  const errors = registrationErrors(context);
  // On submit the mismatch message replaces the confirm field's own message: one error, on its field.
  const mismatchSubmitted = context.failure === REGISTRATION_MESSAGES.passwordMismatchSubmit;
  const fields = Object.fromEntries(
    REGISTRATION_FIELDS.map((field) => {
      const shown = context.submitted || context.touched[field];
      let error = shown ? (errors[field] ?? null) : null;
      if (field === 'email' && !error && context.emailTaken) error = REGISTRATION_MESSAGES.userExists;
      if (field === 'confirmPassword' && error && mismatchSubmitted) error = context.failure;
      return [field, { value: context[field], error }];
    }),
  ) as RegistrationView['fields'];
  return {
    phase,
    busy: snapshot.hasTag('busy'),
    fields,
    failure: mismatchSubmitted ? null : context.failure,
    providers: context.providers,
    invalidMessage: REGISTRATION_MESSAGES.invalidInvite,
  };
}
