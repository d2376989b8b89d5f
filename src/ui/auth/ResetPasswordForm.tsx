import { Button, Text } from '@chakra-ui/react';
import { AuthFailure, AuthField, AuthForm, AuthLink } from './AuthForm';

export interface ResetPasswordFormProps {
  email: string;
  canSubmit: boolean;
  busy: boolean;
  /** The confirmation once an email was sent. */
  sentMessage: string | null;
  failure: string | null;
  onEmailChange(value: string): void;
  onSubmit(): void;
}

/** Reset password (01 §2): an email field, a Reset button (disabled while the email is empty), a Login link. */
export function ResetPasswordForm(props: ResetPasswordFormProps) {
  return (
    <AuthForm
      id="reset-heading"
      title="Reset password"
      caption="Enter the email you sign in with and we will send you a link to choose a new password."
      onSubmit={props.onSubmit}
    >
      <AuthField field="email" value={props.email} onChange={props.onEmailChange} />
      <AuthFailure failure={props.failure} />
      {props.sentMessage && (
        <Text role="status" color="green.800" fontSize="sm">
          {props.sentMessage}
        </Text>
      )}
      <Button
        type="submit"
        colorPalette="teal"
        disabled={!props.canSubmit}
        loading={props.busy}
        loadingText="Sending"
      >
        Reset
      </Button>
      <AuthLink to="/login">Login</AuthLink>
    </AuthForm>
  );
}
