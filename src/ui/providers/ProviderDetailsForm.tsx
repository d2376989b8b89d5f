import { Checkbox, Field, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { RecordSection } from '../kit/RecordSection';
import { phoneFieldText, phoneOfField } from '../../domain/shared/format';
import type { AvailableAfterDays } from '../../domain/providers/available-after';
import { AvailableAfterField } from './AvailableAfterField';
import type { ReactNode } from 'react';
import type { ManageErrors, ProviderDraft, ProviderTextField } from '../../domain/providers/provider-draft';
import { FieldError } from '../kit/FormParts';

export interface ProviderDetailsFormProps {
  draft: ProviderDraft;
  errors: ManageErrors;
  onChange(field: ProviderTextField, value: string): void;
  onSmsChange(value: boolean): void;
  onAvailableAfterChange(value: AvailableAfterDays): void;
  /** The available-after options the marketplace offers (its setting; the spec's four until it is read). */
  availableAfterDaysOptions?: readonly number[];
  /** The logo and cover image uploads (the screen binds them to POST /upload). */
  logoField: ReactNode;
  coverField: ReactNode;
}

/** A checkbox with its label, for the yes/no settings of a provider and its location. */
export function Toggle(props: { label: string; checked: boolean; onChange(value: boolean): void }) {
  return (
    <Checkbox.Root
      checked={props.checked}
      onCheckedChange={(event) => props.onChange(event.checked === true)}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{props.label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/**
 * Provider details (spec 02 §2): name, description, the logo and cover image, phoneNumber, the SMS toggle and
 * available-after-days.
 */
export function ProviderDetailsForm(props: ProviderDetailsFormProps) {
  return (
    <RecordSection
      headingId="provider-details-heading"
      title="Provider Details"
      saves="Saved with Save, together with Manage Location."
    >
      <Stack gap="4">
        <Field.Root invalid={props.errors.name !== undefined} required>
          <Field.Label>
            Name
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="name"
            bg="white"
            autoComplete="off"
            value={props.draft.name}
            onChange={(event) => props.onChange('name', event.target.value)}
          />
          <FieldError error={props.errors.name} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Description</Field.Label>
          <Textarea
            name="description"
            rows={3}
            bg="white"
            value={props.draft.description}
            onChange={(event) => props.onChange('description', event.target.value)}
          />
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {props.logoField}
          {props.coverField}
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root>
            <Field.Label>Phone Number</Field.Label>
            <Input
              name="phoneNumber"
              type="tel"
              bg="white"
              autoComplete="off"
              value={phoneFieldText(props.draft.phoneNumber)}
              onChange={(event) => props.onChange('phoneNumber', phoneOfField(event.target.value))}
            />
          </Field.Root>
          <AvailableAfterField
            label="Available After"
            name="availableAfterDays"
            bg="white"
            value={props.draft.availableAfterDays}
            offered={props.availableAfterDaysOptions}
            onChange={(days) => props.onAvailableAfterChange(days as AvailableAfterDays)}
          />
        </SimpleGrid>
        <Toggle
          label="SMS notifications"
          checked={props.draft.isSMSNotificationsEnabled}
          onChange={props.onSmsChange}
        />
      </Stack>
    </RecordSection>
  );
}
