import { Box, Button, Field, Flex, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { PEOPLE_MESSAGES } from '../../domain/shared/messages';
import { USER_ROLES, type UserForm, type UserFormErrors, type UserRole } from '../../domain/users/users';
import { ROLE_LABELS } from '../../domain/users/users-table';
import { FieldError, FormAlert, SelectOptions, submitWith } from '../kit/FormParts';
import { ChipPicker, PROVIDER_PICKER_TEXTS, providerChip, type ProviderOption } from '../kit/ChipPicker';

export type UserFormTextField = Exclude<keyof UserForm, 'role' | 'providerIds'>;

export type UserProviderOption = ProviderOption;

export interface UserAccountFormProps {
  form: UserForm;
  errors: UserFormErrors;
  saveError: string | null;
  /** Words of the full name after the second (kept in the display name only). */
  extraNameWords: string[];
  saving: boolean;
  /** False while saving or deleting. */
  editable: boolean;
  /** Whether the providers multi-select shows (from the view model). */
  showProviderPicker: boolean;
  /** The providers matching the typed name (the first of them when there are many). */
  providers: readonly UserProviderOption[];
  /** The chosen providers (form.providerIds) with their names. */
  chosenProviders: readonly { id: number; name: string }[];
  /** Said under the matches when only the first of them are shown. */
  providersMore: string | null;
  providersLoading: boolean;
  providersFailure: string | null;
  onFieldChange(field: UserFormTextField, value: string): void;
  onRoleChange(role: UserRole): void;
  /** The typed name to look providers up by. */
  onProviderSearch(text: string): void;
  onProvidersChange(providers: { id: number; name: string }[]): void;
  onRetryProviders(): void;
  onSave(): void;
  onDelete(): void;
  /** The signed-in admin's own account: its role and deletion are not offered (the server refuses both). */
  ownAccount?: boolean;
}

interface TextFieldProps {
  field: UserFormTextField;
  label: string;
  props: UserAccountFormProps;
  type?: string;
  autoComplete?: string;
  helper?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'url';
}

function TextField({
  field,
  label,
  props,
  type = 'text',
  autoComplete = 'off',
  helper,
  inputMode,
}: TextFieldProps) {
  const error = props.errors[field];
  return (
    <Field.Root invalid={error !== undefined} disabled={!props.editable}>
      <Field.Label>{label}</Field.Label>
      <Input
        name={field}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        value={props.form[field]}
        onChange={(event) => props.onFieldChange(field, event.target.value)}
      />
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      <FieldError error={error} />
    </Field.Root>
  );
}

/** Why an admin's own role and deletion are not offered: the server's own reasons (409). */
const OWN_ACCOUNT = {
  role: 'You cannot change your own role; ask another admin.',
  delete: 'You cannot delete your own account.',
} as const;

/** The account form's id: its Save sits in the drawer's footer (`UserAccountActions`). */
export const USER_ACCOUNT_FORM_ID = 'user-account-form';

/**
 * Account Information's Save and Delete user, in the drawer's footer at the bottom: Save submits the account
 * form from there; an admin's own account says why it cannot be deleted instead.
 */
export function UserAccountActions(
  props: Pick<UserAccountFormProps, 'saving' | 'editable' | 'onDelete' | 'ownAccount'>,
) {
  return (
    <Flex gap="3" justify="space-between" align="center" w="full">
      <Button
        type="submit"
        form={USER_ACCOUNT_FORM_ID}
        colorPalette="teal"
        loading={props.saving}
        loadingText="Saving"
        disabled={!props.editable && !props.saving}
      >
        Save
      </Button>
      {props.ownAccount ? (
        <Text fontSize="sm" color="gray.600">
          {OWN_ACCOUNT.delete}
        </Text>
      ) : (
        <Button variant="outline" colorPalette="red" disabled={!props.editable} onClick={props.onDelete}>
          Delete user
        </Button>
      )}
    </Flex>
  );
}

/** Account Information (01 §2, §5): the editable profile, role and providers (Save and Delete: above). */
export function UserAccountForm(props: UserAccountFormProps) {
  const { form } = props;
  const submit = submitWith(props.onSave);
  const chosen = form.providerIds.length;

  return (
    <form id={USER_ACCOUNT_FORM_ID} onSubmit={submit} noValidate aria-label="Account Information">
      <Stack gap="4">
        <Field.Root invalid={props.errors.fullName !== undefined} disabled={!props.editable}>
          <Field.Label>Full name</Field.Label>
          <Input
            name="fullName"
            autoComplete="off"
            value={form.fullName}
            onChange={(event) => props.onFieldChange('fullName', event.target.value)}
          />
          <Field.HelperText>{PEOPLE_MESSAGES.nameRule}</Field.HelperText>
          {props.extraNameWords.length > 0 && (
            <Text fontSize="sm" color="orange.800" role="note">
              {PEOPLE_MESSAGES.extraWords(props.extraNameWords.join(' '))}
            </Text>
          )}
          {props.errors.fullName && <FieldError error={props.errors.fullName} />}
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField field="email" label="Email" type="email" inputMode="email" props={props} />
          <TextField field="phone" label="Phone" type="tel" inputMode="tel" props={props} />
          <TextField field="birthdate" label="Birthdate" type="date" props={props} />
          <TextField
            field="inviteCode"
            label="Invite code"
            helper="Saved in capital letters."
            props={props}
          />
          <TextField field="availablePoints" label="Available points" inputMode="numeric" props={props} />
          <TextField field="photoURL" label="Photo URL" type="url" inputMode="url" props={props} />
          <TextField
            field="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            helper="Leave blank to keep the current password."
            props={props}
          />
          {props.ownAccount ? (
            <Box>
              <Text fontWeight="medium" fontSize="sm">
                Role
              </Text>
              <Text>{ROLE_LABELS[form.role]}</Text>
              <Text fontSize="sm" color="gray.600">
                {OWN_ACCOUNT.role}
              </Text>
            </Box>
          ) : (
            <Field.Root disabled={!props.editable}>
              <Field.Label>Role</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="role"
                  value={form.role}
                  onChange={(event) => props.onRoleChange(event.target.value as UserRole)}
                >
                  <SelectOptions
                    options={USER_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
                  />
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.HelperText>{PEOPLE_MESSAGES.roleTakesEffect}</Field.HelperText>
            </Field.Root>
          )}
        </SimpleGrid>

        {props.showProviderPicker && (
          <ChipPicker
            {...PROVIDER_PICKER_TEXTS}
            helperText={chosen === 0 ? 'Choose the providers this user manages.' : `${chosen} chosen.`}
            error={props.errors.providerIds}
            placeholder="Type a provider's name"
            multiple
            disabled={!props.editable}
            options={props.providers.map(providerChip)}
            chosen={props.chosenProviders.map(providerChip)}
            onChange={(next) => props.onProvidersChange(next.map((o) => ({ id: o.id, name: o.label })))}
            onQueryChange={props.onProviderSearch}
            loading={props.providersLoading}
            failure={props.providersFailure}
            onRetry={props.onRetryProviders}
            moreText={props.providersMore}
          />
        )}

        <Text fontSize="sm" color="gray.600">
          {PEOPLE_MESSAGES.blankClears}
        </Text>
        {props.saveError && <FormAlert title={props.saveError} />}
      </Stack>
    </form>
  );
}
