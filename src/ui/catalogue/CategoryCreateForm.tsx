import { Box, Button, Field, Flex, Heading, Input, Link, Stack, Text, chakra } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import type { FormEvent, ReactNode } from 'react';

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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <Box p="6" maxW="xl">
      <Heading as="h1" size="xl" mb="2">
        Create a service category
      </Heading>
      <Text color="gray.600" mb="6">
        A category groups service items on the services screen and in the app.
      </Text>
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
            <Field.ErrorText>{props.nameError}</Field.ErrorText>
          </Field.Root>
          {props.iconField}
          <Flex gap="3" align="center">
            <Button
              type="submit"
              colorPalette="teal"
              loading={props.busy}
              loadingText="Creating"
              disabled={props.uploading}
            >
              Create category
            </Button>
            <Link asChild color="teal.700">
              <RouterLink to="/services">Cancel</RouterLink>
            </Link>
          </Flex>
        </Stack>
      </chakra.form>
    </Box>
  );
}
