import {
  Alert,
  Button,
  Field,
  Flex,
  Input,
  InputGroup,
  NativeSelect,
  Textarea,
  type InputProps,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface TextFieldProps {
  name: string;
  label: string;
  value: string;
  /** The field's error; the helper text shows while there is none. */
  error: string | undefined;
  helper?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** A multi-line field of this many rows. */
  rows?: number;
  /** Money: a "$" before the field, typed in dollars and cents. */
  dollars?: boolean;
  inputMode?: InputProps['inputMode'];
  onChange(value: string): void;
}

/** One labelled text field of a record form, with its error (or helper) under it. */
export function TextField(props: TextFieldProps) {
  const input =
    props.rows !== undefined ? (
      <Textarea
        name={props.name}
        rows={props.rows}
        bg="white"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    ) : (
      <Input
        name={props.name}
        inputMode={props.dollars ? 'decimal' : props.inputMode}
        autoComplete="off"
        bg="white"
        placeholder={props.dollars ? '0.00' : undefined}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    );
  return (
    <Field.Root invalid={props.error !== undefined} required={props.required} disabled={props.disabled}>
      <Field.Label>
        {props.label}
        {props.required && <Field.RequiredIndicator />}
      </Field.Label>
      {props.dollars ? <InputGroup startElement="$">{input}</InputGroup> : input}
      {props.error ? (
        <FieldError error={props.error} />
      ) : (
        props.helper !== undefined && <Field.HelperText>{props.helper}</Field.HelperText>
      )}
    </Field.Root>
  );
}

/**
 * A field's error under it, inside a `Field.Root` marked invalid; nothing while there is none. Every field's
 * error shows through this (TextField, FieldRow, SelectField and the forms with their own field layout).
 */
export function FieldError(props: { error: string | null | undefined }) {
  return props.error ? <Field.ErrorText color="red.700">{props.error}</Field.ErrorText> : null;
}

/** A refusal above a form's buttons; `announce` reads it out as soon as it shows. */
export function FormAlert(props: { title: string; description?: string; announce?: boolean }) {
  return (
    <Alert.Root status="error" role={props.announce ? 'alert' : undefined}>
      <Alert.Indicator />
      {props.description === undefined ? (
        <Alert.Title>{props.title}</Alert.Title>
      ) : (
        <Alert.Content>
          <Alert.Title>{props.title}</Alert.Title>
          <Alert.Description>{props.description}</Alert.Description>
        </Alert.Content>
      )}
    </Alert.Root>
  );
}

/** A record form's submit button (Save or Create): it shows the save under way and waits while editing is off. */
export function SubmitButton(props: {
  label: string;
  saving: boolean;
  editable: boolean;
  /** What the button says while saving; "Saving" unless told. */
  busyLabel?: string;
}) {
  return (
    <Button
      type="submit"
      colorPalette="teal"
      loading={props.saving}
      loadingText={props.busyLabel ?? 'Saving'}
      disabled={!props.editable && !props.saving}
    >
      {props.label}
    </Button>
  );
}

/** A record form's buttons: submit (Save or Create) and, for a saved record, Delete on the other side. */
export function RecordFormActions(props: {
  submitLabel: string;
  saving: boolean;
  editable: boolean;
  onDelete?: () => void;
}) {
  return (
    <Flex justify="space-between" gap="3">
      <SubmitButton label={props.submitLabel} saving={props.saving} editable={props.editable} />
      {props.onDelete && (
        <Button variant="outline" colorPalette="red" disabled={!props.editable} onClick={props.onDelete}>
          Delete
        </Button>
      )}
    </Flex>
  );
}

/** One field of a dialog's form: label, input, a hint, and its error. */
export function FieldRow(props: {
  label: string;
  type: string;
  autoComplete: string;
  value: string;
  error: string | undefined;
  hint?: string;
  disabled?: boolean;
  onChange(value: string): void;
}) {
  return (
    <Field.Root required invalid={props.error !== undefined} disabled={props.disabled}>
      <Field.Label>{props.label}</Field.Label>
      <Input
        type={props.type}
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      />
      {props.hint && <Field.HelperText>{props.hint}</Field.HelperText>}
      <FieldError error={props.error} />
    </Field.Root>
  );
}

/** A labelled drop-down; `children` are its options. */
export function SelectField(props: {
  label: ReactNode;
  value: string | number;
  disabled?: boolean;
  invalid?: boolean;
  /** Disable the select itself too (not only its field). */
  disableSelect?: boolean;
  size?: 'sm';
  error?: string;
  onChange(value: string): void;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={props.invalid} disabled={props.disabled}>
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root
        {...(props.size ? { size: props.size } : {})}
        {...(props.disableSelect === undefined ? {} : { disabled: props.disableSelect })}
      >
        <NativeSelect.Field
          value={props.value}
          onChange={(event) => props.onChange(event.currentTarget.value)}
        >
          {props.children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <FieldError error={props.error} />
    </Field.Root>
  );
}

/** A select's options: each a value with the label it shows. */
export function SelectOptions(props: { options: readonly { value: string | number; label: string }[] }) {
  return (
    <>
      {props.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}

/** Records with an id and a name as a select's options (providers, a scheduling system's items). */
export const namedOptions = (records: readonly { id: string | number; name: string }[]) =>
  records.map((record) => ({ value: record.id, label: record.name }));

/** A record of labels by value as a select's options, in the record's order (refund options, payment methods). */
export const labelledOptions = <Value extends string>(labels: Readonly<Record<Value, string>>) =>
  (Object.keys(labels) as Value[]).map((value) => ({ value, label: labels[value] }));

export { submitWith } from './submit-with';
