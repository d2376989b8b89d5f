import { SimpleGrid } from '@chakra-ui/react';
import { FormDialog } from '../kit/DialogShell';
import { FieldRow } from '../kit/FormParts';
import { PASSWORD_HINT, type NewUserDraft, type NewUserField } from '../../domain/appointments/booking';

const FIELDS: { field: NewUserField; label: string; type: string; hint?: string }[] = [
  { field: 'email', label: 'Email', type: 'email' },
  { field: 'firstName', label: 'First name', type: 'text' },
  { field: 'lastName', label: 'Last name', type: 'text' },
  { field: 'password', label: 'Password', type: 'password', hint: PASSWORD_HINT },
  { field: 'birthdate', label: 'Birthdate', type: 'date' },
  { field: 'phone', label: 'Phone', type: 'tel' },
];

/** Create User (02 §5): email, first name, last name, password (at least 8 characters), birthdate, phone. */
export function CreateUserDialog(props: {
  open: boolean;
  draft: NewUserDraft;
  errors: Partial<Record<NewUserField, string>>;
  submitting: boolean;
  onChange(field: NewUserField, value: string): void;
  onSubmit(): void;
  onClose(): void;
}) {
  return (
    <FormDialog
      open={props.open}
      title="Create User"
      busy={props.submitting}
      onClose={props.onClose}
      size="md"
      form="create-user-form"
      confirmLabel="Create User"
      busyLabel="Creating"
      onSubmit={props.onSubmit}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {FIELDS.map(({ field, label, type, hint }) => (
          <FieldRow
            key={field}
            label={label}
            type={type}
            autoComplete={type === 'password' ? 'new-password' : 'off'}
            value={props.draft[field]}
            error={props.errors[field]}
            hint={hint}
            disabled={props.submitting}
            onChange={(value) => props.onChange(field, value)}
          />
        ))}
      </SimpleGrid>
    </FormDialog>
  );
}
