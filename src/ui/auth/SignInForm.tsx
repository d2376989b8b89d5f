import { Button, Text } from '@chakra-ui/react';
import { AuthFailure, AuthField, AuthForm, AuthLink } from './AuthForm';

export interface SignInFormProps {
  email: string;
  password: string;
  busy: boolean;
  failure: string | null;
  notice: string | null;
  onEmailChange(value: string): void;
  onPasswordChange(value: string): void;
  onSubmit(): void;
}

/** The Sign In form (01 §2): email, password, a Reset password link and a welcome caption. */
export function SignInForm(props: SignInFormProps) {
  return (
    <AuthForm
      id="sign-in-heading"
      title="Sign In"
      caption="Welcome back to Upkeep. Sign in to manage your marketplace."
      onSubmit={props.onSubmit}
    >
      {props.notice && (
        <Text role="status" color="orange.700">
          {props.notice}
        </Text>
      )}
      <AuthField field="email" value={props.email} onChange={props.onEmailChange} />
      <AuthField field="password" value={props.password} onChange={props.onPasswordChange} />
      <AuthFailure failure={props.failure} />
      <Button type="submit" colorPalette="teal" loading={props.busy} loadingText="Signing in">
        Sign In
      </Button>
      <AuthLink to="/reset-password">Reset password</AuthLink>
    </AuthForm>
  );
}
