import { Field, Flex, Input, Stack, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PageHeader } from '../kit/PageHeader';
import { PageShell } from '../kit/PageShell';
import { FieldError, SubmitButton, submitWith } from '../kit/FormParts';

export interface CategoryCreateFormProps {
  name: string;
  nameError: string | null;
  busy: boolean;
  /** An image is still uploading: creating waits for it. */
  uploading: boolean;
  onNameChange(value: string): void;
  onSubmit(): void;
  /** The icon's upload field. */
  iconField: ReactNode;
}

/** Create a service category (01 §2 /services/create): a name and an icon. */
export function CategoryCreateForm(props: CategoryCreateFormProps) {
  const submit = submitWith(props.onSubmit);
  return (
    <PageShell maxW="xl">
      <PageHeader
        title="Create Service Category"
        back={{ to: '/services', label: 'Services' }}
        description="A category groups service items on the services screen and in the app."
      />
      <chakra.form onSubmit={submit} noValidate bg="white" p="6" rounded="md" borderWidth="1px">
        <Stack gap="5">
          <Field.Root required invalid={Boolean(props.nameError)}>
            <Field.Label>
              Category name <Field.RequiredIndicator />
            </Field.Label>
            <Input
              value={props.name}
              maxLength={200}
              onChange={(event) => props.onNameChange(event.target.value)}
            />
            <FieldError error={props.nameError} />
          </Field.Root>
          {props.iconField}
          <Flex gap="3" align="center">
            <SubmitButton
              label="Create Category"
              saving={props.busy}
              busyLabel="Creating"
              editable={!props.uploading}
            />
          </Flex>
        </Stack>
      </chakra.form>
    </PageShell>
  );
}
