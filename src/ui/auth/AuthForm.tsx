import { Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AuthCard } from './AuthCard';
import { submitWith } from '../kit/submit-with';

/** A public page's form (sign in, reset password) in the centred card; submitting never reloads the page. */
export function AuthForm(props: {
  id: string;
  title: string;
  caption: string;
  onSubmit(): void;
  children: ReactNode;
}) {
  const submit = submitWith(props.onSubmit);
  return (
    <AuthCard id={props.id} title={props.title} caption={props.caption}>
      <form onSubmit={submit} noValidate>
        <Stack gap="4">{props.children}</Stack>
      </form>
    </AuthCard>
  );
}

const AUTH_FIELDS = {
  email: { label: 'Email', type: 'email', autoComplete: 'username' },
  password: { label: 'Password', type: 'password', autoComplete: 'current-password' },
} as const;

/** The email or password field of a public form. */
export function AuthField(props: {
  field: keyof typeof AUTH_FIELDS;
  value: string;
  onChange(value: string): void;
}) {
  const { label, type, autoComplete } = AUTH_FIELDS[props.field];
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input
        name={props.field}
        type={type}
        autoComplete={autoComplete}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </Field.Root>
  );
}

/** Why the last attempt failed, read out as it shows. */
export function AuthFailure({ failure }: { failure: string | null }) {
  return (
    failure && (
      <Text role="alert" color="red.700" fontSize="sm">
        {failure}
      </Text>
    )
  );
}

/** The link under a public form to the other public page. */
export function AuthLink({ to, children }: { to: LinkProps['to']; children: ReactNode }) {
  return (
    <Link asChild color="teal.700" fontSize="sm" alignSelf="flex-start">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}
