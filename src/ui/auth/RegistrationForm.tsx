import { Button, Field, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import type { InviteProvider } from '../../api/contract/invite';
import type { RegistrationField } from '../../domain/auth/registration';
import { AuthCard } from './AuthCard';
import { AuthFailure, AuthLink } from './AuthForm';
import { FieldError, FormAlert, submitWith } from '../kit/FormParts';

export interface RegistrationFormProps {
  phase: 'validating' | 'invalid' | 'form' | 'registered' | 'signedIn';
  busy: boolean;
  fields: Record<RegistrationField, { value: string; error: string | null }>;
  failure: string | null;
  providers: InviteProvider[];
  invalidMessage: string;
  registeredMessage: string;
  onChange(field: RegistrationField, value: string): void;
  onBlur(field: RegistrationField): void;
  onSubmit(): void;
}

const LABELS: Record<RegistrationField, { label: string; type: string; autoComplete: string }> = {
  email: { label: 'Email', type: 'email', autoComplete: 'username' },
  password: { label: 'Password', type: 'password', autoComplete: 'new-password' },
  confirmPassword: { label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
};

/** Create Your Account (01 §2): the invite is checked, then the form or the invalid-invite message. */
export function RegistrationForm(props: RegistrationFormProps) {
  const submit = submitWith(props.onSubmit);
  const names = props.providers.map((provider) => provider.name).join(', ');
  return (
    <AuthCard
      id="register-heading"
      title="Create Your Account"
      caption={
        props.phase === 'form' && names ? `You have been invited to manage ${names} on Upkeep.` : undefined
      }
    >
      {props.phase === 'validating' && (
        <Stack direction="row" align="center" gap="3" role="status">
          <Spinner size="sm" />
          <Text>Checking your invite…</Text>
        </Stack>
      )}
      {props.phase === 'invalid' && (
        <Stack gap="4">
          <FormAlert announce title={props.invalidMessage} />
          <AuthLink to="/login">Go to Sign In</AuthLink>
        </Stack>
      )}
      {props.phase === 'registered' && (
        <Stack gap="4">
          <Text role="status">{props.registeredMessage}</Text>
          <AuthLink to="/login">Go to Sign In</AuthLink>
        </Stack>
      )}
      {(props.phase === 'form' || props.phase === 'signedIn') && (
        <form onSubmit={submit} noValidate>
          <Stack gap="4">
            {(Object.keys(LABELS) as RegistrationField[]).map((field) => {
              const { value, error } = props.fields[field];
              return (
                <Field.Root key={field} invalid={error !== null} required>
                  <Field.Label>
                    {LABELS[field].label}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Input
                    name={field}
                    type={LABELS[field].type}
                    autoComplete={LABELS[field].autoComplete}
                    value={value}
                    onChange={(e) => props.onChange(field, e.target.value)}
                    onBlur={() => props.onBlur(field)}
                  />
                  <FieldError error={error} />
                </Field.Root>
              );
            })}
            <AuthFailure failure={props.failure} />
            <Button type="submit" colorPalette="teal" loading={props.busy} loadingText="Creating account">
              Create Account
            </Button>
            <AuthLink to="/login">Already have an account? Sign in</AuthLink>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
