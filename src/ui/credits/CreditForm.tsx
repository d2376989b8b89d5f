import { Alert, Button, Field, Flex, Input, InputGroup, Stack, Textarea } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import type { CreditDraft, CreditErrors, CreditField } from '../../domain/credits/credits';
import { PEOPLE_MESSAGES } from '../../domain/shared/messages';
import { formatDollars } from '../../domain/shared/money';

export interface CreditFormProps {
  draft: CreditDraft;
  errors: CreditErrors;
  saveError: string | null;
  /** The saved total of an existing credit: shown, not editable. Null while creating. */
  fixedTotalInCents: number | null;
  saving: boolean;
  submitLabel: string;
  onFieldChange(field: CreditField, value: string): void;
  onSubmit(): void;
  /** A saved credit can be deleted: shows the Delete button. */
  onDelete?: () => void;
  /** Why the last delete failed, as the server said it (e.g. users still hold the credit). */
  deleteError?: string | null;
  /** False while a delete is being confirmed or done: the buttons wait. Defaults to true. */
  editable?: boolean;
}

/** A credit's title, description (3 rows) and total in dollars (01 §3); the total is fixed once created. */
export function CreditForm(props: CreditFormProps) {
  const editable = props.editable ?? true;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (editable) props.onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Field.Root invalid={props.errors.title !== undefined} required>
          <Field.Label>
            Title
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="title"
            autoComplete="off"
            bg="white"
            value={props.draft.title}
            onChange={(event) => props.onFieldChange('title', event.target.value)}
          />
          {props.errors.title && <Field.ErrorText color="red.700">{props.errors.title}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={props.errors.description !== undefined}>
          <Field.Label>Description</Field.Label>
          <Textarea
            name="description"
            rows={3}
            bg="white"
            value={props.draft.description}
            onChange={(event) => props.onFieldChange('description', event.target.value)}
          />
          {props.errors.description && (
            <Field.ErrorText color="red.700">{props.errors.description}</Field.ErrorText>
          )}
        </Field.Root>
        {props.fixedTotalInCents === null ? (
          <Field.Root invalid={props.errors.total !== undefined} required>
            <Field.Label>
              Total in dollars
              <Field.RequiredIndicator />
            </Field.Label>
            <InputGroup startElement="$">
              <Input
                name="total"
                inputMode="decimal"
                autoComplete="off"
                bg="white"
                placeholder="0.00"
                value={props.draft.total}
                onChange={(event) => props.onFieldChange('total', event.target.value)}
              />
            </InputGroup>
            {props.errors.total ? (
              <Field.ErrorText color="red.700">{props.errors.total}</Field.ErrorText>
            ) : (
              <Field.HelperText>Dollars and cents, e.g. 19.99. {PEOPLE_MESSAGES.totalFixed}</Field.HelperText>
            )}
          </Field.Root>
        ) : (
          <Field.Root readOnly>
            <Field.Label>Total</Field.Label>
            <Input name="total" readOnly bg="gray.100" value={formatDollars(props.fixedTotalInCents)} />
            <Field.HelperText>{PEOPLE_MESSAGES.totalFixed}</Field.HelperText>
          </Field.Root>
        )}
        {props.saveError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{props.saveError}</Alert.Title>
          </Alert.Root>
        )}
        {props.deleteError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{PEOPLE_MESSAGES.creditDeleteFailed}</Alert.Title>
              <Alert.Description>{props.deleteError}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <Flex justify="space-between" gap="3">
          <Button
            type="submit"
            colorPalette="teal"
            loading={props.saving}
            loadingText="Saving"
            disabled={!editable && !props.saving}
          >
            {props.submitLabel}
          </Button>
          {props.onDelete && (
            <Button variant="outline" colorPalette="red" disabled={!editable} onClick={props.onDelete}>
              Delete
            </Button>
          )}
        </Flex>
      </Stack>
    </form>
  );
}
