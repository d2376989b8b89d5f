import { Field, Input, Stack } from '@chakra-ui/react';
import type { CreditDraft, CreditErrors, CreditField } from '../../domain/credits/credits';
import { PEOPLE_MESSAGES } from '../../domain/shared/messages';
import { formatDollars } from '../../domain/shared/money';
import { FormAlert, RecordFormActions, submitWith, TextField } from '../kit/FormParts';

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
  const submit = submitWith(() => {
    if (editable) props.onSubmit();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <TextField
          name="title"
          label="Title"
          required
          value={props.draft.title}
          error={props.errors.title}
          onChange={(value) => props.onFieldChange('title', value)}
        />
        <TextField
          name="description"
          label="Description"
          rows={3}
          value={props.draft.description}
          error={props.errors.description}
          onChange={(value) => props.onFieldChange('description', value)}
        />
        {props.fixedTotalInCents === null ? (
          <TextField
            name="total"
            label="Total in dollars"
            required
            dollars
            value={props.draft.total}
            error={props.errors.total}
            helper={`Dollars and cents, e.g. 19.99. ${PEOPLE_MESSAGES.totalFixed}`}
            onChange={(value) => props.onFieldChange('total', value)}
          />
        ) : (
          <Field.Root readOnly>
            <Field.Label>Total</Field.Label>
            <Input name="total" readOnly bg="gray.100" value={formatDollars(props.fixedTotalInCents)} />
            <Field.HelperText>{PEOPLE_MESSAGES.totalFixed}</Field.HelperText>
          </Field.Root>
        )}
        {props.saveError && <FormAlert title={props.saveError} announce />}
        {props.deleteError && (
          <FormAlert title={PEOPLE_MESSAGES.creditDeleteFailed} description={props.deleteError} announce />
        )}
        <RecordFormActions
          submitLabel={props.submitLabel}
          saving={props.saving}
          editable={editable}
          onDelete={props.onDelete}
        />
      </Stack>
    </form>
  );
}
