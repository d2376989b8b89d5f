import { Button, Dialog, Field, Input, Portal, SimpleGrid } from '@chakra-ui/react';
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
    <Dialog.Root
      open={props.open}
      onOpenChange={(details) => {
        if (!details.open && !props.submitting) props.onClose();
      }}
      placement="center"
      size={{ base: 'full', md: 'md' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Create User</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form
                id="create-user-form"
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  props.onSubmit();
                }}
              >
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                  {FIELDS.map(({ field, label, type, hint }) => (
                    <Field.Root
                      key={field}
                      required
                      invalid={props.errors[field] !== undefined}
                      disabled={props.submitting}
                    >
                      <Field.Label>{label}</Field.Label>
                      <Input
                        type={type}
                        autoComplete={type === 'password' ? 'new-password' : 'off'}
                        value={props.draft[field]}
                        onChange={(event) => props.onChange(field, event.currentTarget.value)}
                      />
                      {hint && <Field.HelperText>{hint}</Field.HelperText>}
                      <Field.ErrorText>{props.errors[field]}</Field.ErrorText>
                    </Field.Root>
                  ))}
                </SimpleGrid>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" disabled={props.submitting} onClick={props.onClose}>
                Cancel
              </Button>
              <Button
                type="submit"
                form="create-user-form"
                colorPalette="teal"
                loading={props.submitting}
                loadingText="Creating"
              >
                Create User
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
