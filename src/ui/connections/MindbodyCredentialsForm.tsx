import { Button, Field, Input, Stack, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { FieldErrors, MindbodyDraft, MindbodyField } from '../../domain/connections/connection';
import { FieldError, submitWith } from '../kit/FormParts';

export interface MindbodyCredentialsFormProps {
  draft: MindbodyDraft;
  errors: FieldErrors<MindbodyField>;
  busy: boolean;
  /**
   * Saved credentials: their password is never shown; left blank it is kept (this hint says so under the
   * field, which is then optional).
   */
  passwordKeptHint?: string;
  /** The submit button's text (default Connect). */
  submitLabel?: string;
  /** Shown between the fields and the button (a stale notice). */
  notice?: ReactNode;
  onChange(patch: Partial<MindbodyDraft>): void;
  onSubmit(): void;
}

const FIELDS: Array<{ key: MindbodyField; label: string; type: string; autoComplete: string }> = [
  { key: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
  { key: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
  { key: 'siteId', label: 'Site ID', type: 'text', autoComplete: 'off' },
];

/** MINDBODY credentials: username, password and site id, each required (the password once saved is not). */
export function MindbodyCredentialsForm(props: MindbodyCredentialsFormProps) {
  return (
    <chakra.form noValidate onSubmit={submitWith(props.onSubmit)}>
      <Stack gap="4" maxW="md">
        {FIELDS.map(({ key, label, type, autoComplete }) => {
          const hint = key === 'password' ? props.passwordKeptHint : undefined;
          return (
            <Field.Root
              key={key}
              required={hint === undefined}
              invalid={props.errors[key] !== undefined}
              disabled={props.busy}
            >
              <Field.Label>
                {label}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                type={type}
                autoComplete={hint === undefined ? autoComplete : 'new-password'}
                value={props.draft[key]}
                onChange={(event) => props.onChange({ [key]: event.target.value })}
              />
              {hint ? <Field.HelperText>{hint}</Field.HelperText> : null}
              {props.errors[key] ? <FieldError error={props.errors[key]} /> : null}
            </Field.Root>
          );
        })}
        {props.notice}
        <Button type="submit" colorPalette="teal" alignSelf="flex-start" loading={props.busy}>
          {props.submitLabel ?? 'Connect'}
        </Button>
      </Stack>
    </chakra.form>
  );
}
