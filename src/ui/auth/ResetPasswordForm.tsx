import { Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { AuthCard } from './AuthCard';

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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <AuthCard
      id="reset-heading"
      title="Reset password"
      caption="Enter the email you sign in with and we will send you a link to choose a new password."
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
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
          {props.failure && (
            <Text role="alert" color="red.700" fontSize="sm">
              {props.failure}
            </Text>
          )}
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
          <Link asChild color="teal.700" fontSize="sm" alignSelf="flex-start">
            <RouterLink to="/login">Login</RouterLink>
          </Link>
        </Stack>
      </form>
    </AuthCard>
  );
}
