import { Button, Field, Input, Stack, chakra } from '@chakra-ui/react';
import type { FieldErrors, MindbodyDraft, MindbodyField } from '../../domain/connections/connection';

export interface MindbodyCredentialsFormProps {
  draft: MindbodyDraft;
  errors: FieldErrors<MindbodyField>;
  busy: boolean;
  onChange(patch: Partial<MindbodyDraft>): void;
  onSubmit(): void;
}

const FIELDS: Array<{ key: MindbodyField; label: string; type: string; autoComplete: string }> = [
  { key: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
  { key: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
  { key: 'siteId', label: 'Site ID', type: 'text', autoComplete: 'off' },
];

/** MINDBODY credentials: username, password and site id, each required. */
export function MindbodyCredentialsForm(props: MindbodyCredentialsFormProps) {
  return (
    <chakra.form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <Stack gap="4" maxW="md">
        {FIELDS.map(({ key, label, type, autoComplete }) => (
          <Field.Root key={key} required invalid={props.errors[key] !== undefined} disabled={props.busy}>
            <Field.Label>
              {label}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              type={type}
              autoComplete={autoComplete}
              value={props.draft[key]}
              onChange={(event) => props.onChange({ [key]: event.target.value })}
            />
            {props.errors[key] ? (
              <Field.ErrorText color="red.700">{props.errors[key]}</Field.ErrorText>
            ) : null}
          </Field.Root>
        ))}
        <Button type="submit" colorPalette="teal" alignSelf="flex-start" loading={props.busy}>
          Connect
        </Button>
      </Stack>
    </chakra.form>
  );
}
