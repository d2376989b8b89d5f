import { Box, Button, Field, Flex, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import {
  dayHours,
  timeChoices,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type DayHours,
  type OpeningHours,
  type Weekday,
} from '../../domain/providers/hours';
import type { ManageErrors } from '../../domain/providers/provider-draft';
import { SelectOptions } from '../kit/FormParts';
import { Toggle } from './ProviderDetailsForm';

export interface HoursEditorProps {
  hours: OpeningHours;
  errors: ManageErrors;
  onChange(day: Weekday, value: DayHours): void;
  onCopy(from: Weekday, to: Weekday[]): void;
}

/**
 * The location hour editor (spec 02 §2 admin dialogs, §3): per weekday open or closed, with open and close
 * times picked by the quarter hour (stored as text such as 8:00am); one day's hours can be copied to every
 * other day.
 */
export function HoursEditor(props: HoursEditorProps) {
  const [copied, setCopied] = useState<Weekday | null>(null);
  return (
    <Box as="section" id="hours" aria-labelledby="hours-heading" scrollMarginTop="24">
      <Heading as="h3" size="sm" id="hours-heading" mb="1">
        Hours
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        Open a day to pick its opening and closing times.
      </Text>
      <Stack gap="3">
        {WEEKDAYS.map((day) => {
          const value = dayHours(props.hours, day);
          const name = WEEKDAY_NAMES[day];
          const error = props.errors[`day${day}`];
          return (
            <Box key={day} role="group" aria-label={name} borderBottomWidth="1px" pb="3">
              <Flex gap="3" align="center" wrap="wrap">
                <Text fontWeight="medium" w="24">
                  {name}
                </Text>
                <Toggle
                  label="Open"
                  checked={value.isOpen}
                  onChange={(isOpen) =>
                    props.onChange(day, {
                      isOpen,
                      open: value.open ?? (isOpen ? '9:00am' : null),
                      close: value.close ?? (isOpen ? '5:00pm' : null),
                    })
                  }
                />
                {value.isOpen && (
                  <>
                    <TimeSelect
                      label={`${name} opens`}
                      value={value.open}
                      invalid={error !== undefined}
                      onChange={(open) => props.onChange(day, { ...value, open })}
                    />
                    <Text aria-hidden>to</Text>
                    <TimeSelect
                      label={`${name} closes`}
                      value={value.close}
                      invalid={error !== undefined}
                      onChange={(close) => props.onChange(day, { ...value, close })}
                    />
                  </>
                )}
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={`Copy ${name} to all days`}
                  onClick={() => {
                    props.onCopy(
                      day,
                      WEEKDAYS.filter((other) => other !== day),
                    );
                    setCopied(day);
                  }}
                >
                  Copy to all days
                </Button>
              </Flex>
              {error && (
                <Text color="red.700" fontSize="sm" mt="1">
                  {error}
                </Text>
              )}
            </Box>
          );
        })}
      </Stack>
      <Text aria-live="polite" fontSize="sm" color="fg.muted" mt="2">
        {copied ? `Copied ${WEEKDAY_NAMES[copied]} to all days.` : ''}
      </Text>
    </Box>
  );
}

/** An opening or closing time, picked from the day's quarter hours. */
function TimeSelect(props: {
  label: string;
  value: string | null;
  invalid: boolean;
  onChange(value: string): void;
}) {
  return (
    <Field.Root w="32" invalid={props.invalid}>
      <Field.Label srOnly>{props.label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          bg="white"
          value={props.value ?? ''}
          onChange={(event) => props.onChange(event.target.value)}
        >
          {props.value ? null : <option value="">Pick a time</option>}
          <SelectOptions options={timeChoices(props.value)} />
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
