import { Field, Input } from '@chakra-ui/react';
import { useState } from 'react';
import { FieldError } from './FormParts';

/**
 * A typed filter of a list's filter bar: applied on Enter or when the field is left, not on every key. Key
 * it by the applied value, so a change from elsewhere (Clear filters, the back button) starts it afresh.
 */
export function TypedFilter(props: {
  label: string;
  name: string;
  value: string;
  disabled?: boolean;
  placeholder?: string;
  onCommit(value: string): void;
}) {
  const [typed, setTyped] = useState(props.value);
  const commit = () => typed.trim() !== props.value && props.onCommit(typed.trim());
  return (
    <Field.Root
      w={{ base: 'full', sm: 'auto' }}
      flex={{ sm: '1' }}
      minW={{ sm: '40' }}
      disabled={props.disabled}
    >
      <Field.Label>{props.label}</Field.Label>
      <Input
        name={props.name}
        type="search"
        autoComplete="off"
        bg="white"
        value={typed}
        {...(props.placeholder ? { placeholder: props.placeholder } : {})}
        onChange={(event) => setTyped(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => event.key === 'Enter' && commit()}
      />
    </Field.Root>
  );
}

/** A day filter (From, To): applied as it changes; empty is no filter. */
export function DateFilter(props: {
  label: string;
  name: string;
  value: string | undefined;
  /** Shown under the field (e.g. a To before the From). */
  error?: string | undefined;
  onChange(value: string | undefined): void;
}) {
  return (
    <Field.Root w={{ base: 'full', sm: '40' }} invalid={props.error !== undefined}>
      <Field.Label>{props.label}</Field.Label>
      <Input
        type="date"
        name={props.name}
        bg="white"
        value={props.value ?? ''}
        onChange={(event) => props.onChange(event.target.value || undefined)}
      />
      <FieldError error={props.error} />
    </Field.Root>
  );
}
