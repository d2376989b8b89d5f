import {
  Button,
  Field,
  Input,
  InputGroup,
  NativeSelect,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { RecordSection } from '../kit/RecordSection';
import type { PlaceSuggestion } from '../../api/contract/geo';
import { formatZone } from '../../domain/shared/format';
import type { DayHours, Weekday } from '../../domain/providers/hours';
import type {
  LocationDraft,
  LocationFlag,
  LocationTextField,
  ManageErrors,
  ManageField,
} from '../../domain/providers/provider-draft';
import { HoursEditor } from './HoursEditor';
import { Toggle } from './ProviderDetailsForm';
import { FieldError, FormAlert, SelectOptions } from '../kit/FormParts';

export interface AddressSearchProps {
  text: string;
  busy: boolean;
  suggestions: PlaceSuggestion[];
  message: string | null;
  onTextChange(text: string): void;
  onPick(suggestion: PlaceSuggestion): void;
}

export interface LocationFormProps {
  draft: LocationDraft;
  errors: ManageErrors;
  search: AddressSearchProps;
  onChange(field: LocationTextField, value: string): void;
  onFlagChange(field: LocationFlag, value: boolean): void;
  onHoursChange(day: Weekday, value: DayHours): void;
  onHoursCopy(from: Weekday, to: Weekday[]): void;
  /** Who last changed the location, and when (under the section's title). */
  changedBy?: ReactNode;
}

function zones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

function TextField(props: {
  label: string;
  field: LocationTextField;
  value: string;
  error?: string;
  helper?: string;
  inputMode?: 'decimal' | 'email' | 'text';
  /** A percent: a "%" after the field. */
  percent?: boolean;
  onChange(field: LocationTextField, value: string): void;
}) {
  const input = (
    <Input
      name={props.field}
      bg="white"
      autoComplete="off"
      inputMode={props.inputMode}
      value={props.value}
      onChange={(event) => props.onChange(props.field, event.target.value)}
    />
  );
  return (
    <Field.Root invalid={props.error !== undefined}>
      <Field.Label>{props.label}</Field.Label>
      {props.percent ? <InputGroup endElement="%">{input}</InputGroup> : input}
      {props.error ? (
        <FieldError error={props.error} />
      ) : props.helper ? (
        <Field.HelperText>{props.helper}</Field.HelperText>
      ) : null}
    </Field.Root>
  );
}

/** The address as typed, in the order the form shows it (its one error, `address`, shows above). */
const ADDRESS_FIELDS: readonly (readonly [Exclude<LocationTextField, ManageField>, string])[] = [
  ['streetAddress', 'Street Address'],
  ['addressLine2', 'Address Line 2'],
  ['city', 'City'],
  ['state', 'State'],
  ['zip', 'Zip'],
  ['country', 'Country'],
];

/** The text fields with a check of their own: each shows its error, or what to type while there is none. */
const CHECKED_FIELDS: readonly {
  field: Exclude<Extract<LocationTextField, ManageField>, 'timezone'>;
  label: string;
  helper: string;
  inputMode?: 'decimal' | 'email';
  percent?: boolean;
}[] = [
  {
    field: 'coordinates',
    label: 'Coordinates',
    helper: 'lat, lng — looked up from the address when left empty.',
  },
  {
    field: 'taxRate',
    label: 'Tax Rate',
    percent: true,
    inputMode: 'decimal',
    helper: 'A percent, e.g. 10.25.',
  },
  {
    field: 'billingContactEmail',
    label: 'Billing Contact Email',
    inputMode: 'email',
    helper: 'Separate several addresses with commas.',
  },
];

/**
 * Manage Location (spec 02 §2, §3, §5): the address found by autocomplete or typed by hand, coordinates as
 * "lat, lng", tax rate, billing contact emails, the notification and public flags, the time zone and hours.
 */
export function LocationForm(props: LocationFormProps) {
  const { draft, errors, search } = props;
  return (
    <RecordSection
      headingId="manage-location-heading"
      title="Manage Location"
      saves="Saved with Save, together with Provider Details."
    >
      {props.changedBy}
      <Stack gap="4">
        <Field.Root>
          <Field.Label>Search address</Field.Label>
          <Input
            name="addressSearch"
            type="search"
            bg="white"
            autoComplete="off"
            placeholder="Start typing an address"
            value={search.text}
            onChange={(event) => search.onTextChange(event.target.value)}
          />
          {search.busy && <Spinner role="status" size="sm" aria-label="Searching" mt="1" />}
        </Field.Root>
        {search.suggestions.length > 0 && (
          <Stack as="ul" aria-label="Address suggestions" gap="1" listStyleType="none">
            {search.suggestions.map((suggestion) => (
              <li key={suggestion.placeId}>
                <Button
                  variant="ghost"
                  size="sm"
                  w="full"
                  justifyContent="flex-start"
                  whiteSpace="normal"
                  textAlign="left"
                  onClick={() => search.onPick(suggestion)}
                >
                  {suggestion.description}
                </Button>
              </li>
            ))}
          </Stack>
        )}
        {search.message && (
          <Text role="status" fontSize="sm" color="fg.muted">
            {search.message}
          </Text>
        )}
        {errors.address && <FormAlert announce title={errors.address} />}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {ADDRESS_FIELDS.map(([field, label]) => (
            <TextField
              key={field}
              label={label}
              field={field}
              value={draft[field]}
              onChange={props.onChange}
            />
          ))}
          {CHECKED_FIELDS.map(({ field, ...shown }) => (
            <TextField
              key={field}
              field={field}
              {...shown}
              value={draft[field]}
              error={errors[field]}
              onChange={props.onChange}
            />
          ))}
          <Field.Root invalid={errors.timezone !== undefined}>
            <Field.Label>Time Zone</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="timezone"
                bg="white"
                value={draft.timezone}
                onChange={(event) => props.onChange('timezone', event.target.value)}
              >
                <SelectOptions
                  options={zones(draft.timezone).map((zone) => ({ value: zone, label: formatZone(zone) }))}
                />
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <FieldError error={errors.timezone} />
          </Field.Root>
        </SimpleGrid>
        <Toggle
          label="Email notifications"
          checked={draft.isEMAILNotificationsEnabled}
          onChange={(value) => props.onFlagChange('isEMAILNotificationsEnabled', value)}
        />
        <Toggle
          label="Public"
          checked={draft.isPublic}
          onChange={(value) => props.onFlagChange('isPublic', value)}
        />
        <HoursEditor
          hours={draft.hours}
          errors={errors}
          onChange={props.onHoursChange}
          onCopy={props.onHoursCopy}
        />
      </Stack>
    </RecordSection>
  );
}
