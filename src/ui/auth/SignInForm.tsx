import { Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { AuthCard } from './AuthCard';

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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <AuthCard
      id="sign-in-heading"
      title="Sign In"
      caption="Welcome back to Upkeep. Sign in to manage your marketplace."
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          {props.notice && (
            <Text role="status" color="orange.700">
              {props.notice}
            </Text>
          )}
          <Field.Root>
            <Field.Label>Email</Field.Label>
            <Input
              name="email"
              type="email"
              autoComplete="username"
              value={props.email}
              onChange={(e) => props.onEmailChange(e.target.value)}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>Password</Field.Label>
            <Input
              name="password"
              type="password"
              autoComplete="current-password"
              value={props.password}
              onChange={(e) => props.onPasswordChange(e.target.value)}
            />
          </Field.Root>
          {props.failure && (
            <Text role="alert" color="red.700" fontSize="sm">
              {props.failure}
            </Text>
          )}
          <Button type="submit" colorPalette="teal" loading={props.busy} loadingText="Signing in">
            Sign In
          </Button>
          <Link asChild color="teal.700" fontSize="sm" alignSelf="flex-start">
            <RouterLink to="/reset-password">Reset password</RouterLink>
          </Link>
        </Stack>
      </form>
    </AuthCard>
  );
}
