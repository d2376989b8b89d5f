import { Box, Field, Heading, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import {
  isCommissionPresets,
  numberListOf,
  type SettingsDraft,
  type SettingsErrors,
  type SettingsField,
} from '../../domain/settings/settings';
import { FieldError, FormAlert, SelectOptions, SubmitButton, submitWith, TextField } from '../kit/FormParts';

export interface SettingsFormProps {
  draft: SettingsDraft;
  errors: SettingsErrors;
  saveError: string | null;
  saving: boolean;
  /** Something differs from the settings as read: Save is enabled only then. */
  changed: boolean;
  /** False while a stale save is being answered or reloaded: the fields wait. */
  editable: boolean;
  /** When the settings were last saved, as shown ("Mar 4, 2026, 9:30 AM"); null for the spec's defaults. */
  savedAt: string | null;
  onFieldChange(field: SettingsField, value: string): void;
  onSubmit(): void;
}

/** One group of settings: a heading, what the settings change, and their fields. */
function Section(props: { id: string; title: string; help: string; children: ReactNode }) {
  return (
    <Box
      as="section"
      aria-labelledby={props.id}
      bg="white"
      p={{ base: '4', md: '5' }}
      rounded="md"
      borderWidth="1px"
    >
      <Heading as="h2" id={props.id} size="md" mb="1">
        {props.title}
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="4">
        {props.help}
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {props.children}
      </SimpleGrid>
    </Box>
  );
}

/** The presets the default commission may be chosen from (as typed), with the current choice kept. */
function defaultChoices(draft: SettingsDraft): string[] {
  const presets = numberListOf(draft.commissionPresets);
  const valid = presets !== null && isCommissionPresets(presets) ? presets.map(String) : [];
  return valid.includes(draft.defaultCommission) ? valid : [...valid, draft.defaultCommission];
}

/**
 * The marketplace settings (02 §9), in sections that say what each one changes. Lists are typed as numbers
 * separated by commas. Save is enabled once something changed.
 */
export function SettingsForm(props: SettingsFormProps) {
  const { draft, errors } = props;
  const text = (field: SettingsField, label: string, helper: string, inputMode?: 'numeric') => (
    <TextField
      name={field}
      label={label}
      required
      value={draft[field]}
      error={errors[field]}
      helper={helper}
      disabled={!props.editable}
      inputMode={inputMode}
      onChange={(value) => props.onFieldChange(field, value)}
    />
  );
  const submit = submitWith(() => {
    if (props.editable && props.changed) props.onSubmit();
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Marketplace settings">
      <Stack gap="5">
        <Section
          id="settings-appointments"
          title="Appointments"
          help="An appointment that starts in fewer hours than this can no longer be set to Cancelled in the status picker; only a late cancellation remains."
        >
          {text(
            'lateCancelHours',
            'Late-cancel threshold (hours)',
            'Whole hours before the start, 0 to 168. The original value is 24.',
            'numeric',
          )}
        </Section>
        <Section
          id="settings-commission"
          title="Commission"
          help="The percentages offered on a provider's Commission and Fees, and the one a service category has until a commission is saved for it. A custom percentage from 0 to 100 stays available."
        >
          {text(
            'commissionPresets',
            'Commission presets (%)',
            'Up to 5 whole percentages, separated by commas, e.g. 15, 20.',
          )}
          <Field.Root invalid={errors.defaultCommission !== undefined} required disabled={!props.editable}>
            <Field.Label>
              Default commission (%)
              <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="defaultCommission"
                bg="white"
                value={draft.defaultCommission}
                onChange={(event) => props.onFieldChange('defaultCommission', event.target.value)}
              >
                <SelectOptions
                  options={defaultChoices(draft).map((value) => ({
                    value: value,
                    label: value === '' ? 'Choose a preset' : `${value}%`,
                  }))}
                />
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {errors.defaultCommission ? (
              <FieldError error={errors.defaultCommission} />
            ) : (
              <Field.HelperText>One of the presets.</Field.HelperText>
            )}
          </Field.Root>
        </Section>
        <Section
          id="settings-booking"
          title="Booking"
          help="The Available After choices a provider picks from: how many days ahead a customer must book (0 is the same day)."
        >
          {text(
            'availableAfterDaysOptions',
            'Available after options (days)',
            'Up to 8 whole numbers of days from 0 to 365, separated by commas, e.g. 0, 1, 2, 7.',
          )}
        </Section>
        <Section
          id="settings-locations"
          title="Locations and dashboard"
          help="The time zone a new location starts with, and how many days back the dashboard's activity figures (bookings and payouts) count."
        >
          {text(
            'defaultTimezone',
            'Default time zone',
            'An IANA time zone such as America/Los_Angeles or America/New_York.',
          )}
          {text(
            'activityWindowDays',
            'Activity window (days)',
            'Whole days from 1 to 365. The original value is 30.',
            'numeric',
          )}
        </Section>
        {props.saveError && <FormAlert title={props.saveError} announce />}
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ base: 'stretch', sm: 'center' }}>
          <SubmitButton label="Save" saving={props.saving} editable={props.editable && props.changed} />
          <Text color="fg.muted" fontSize="sm">
            {props.changed
              ? 'You have unsaved changes.'
              : props.savedAt
                ? `Last saved ${props.savedAt}.`
                : 'These are the marketplace’s original values.'}
          </Text>
        </Stack>
      </Stack>
    </form>
  );
}
