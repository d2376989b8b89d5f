import { Box, Button, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import {
  dayHours,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type DayHours,
  type OpeningHours,
  type Weekday,
} from '../../domain/providers/hours';
import type { ManageErrors } from '../../domain/providers/provider-draft';
import { Toggle } from './ProviderDetailsForm';

export interface HoursEditorProps {
  hours: OpeningHours;
  errors: ManageErrors;
  onChange(day: Weekday, value: DayHours): void;
  onCopy(from: Weekday, to: Weekday[]): void;
}

/**
 * The location hour editor (spec 02 §2 admin dialogs, §3): per weekday open or closed, with open and close
 * times typed like 8:00am; one day's hours can be copied to every other day.
 */
export function HoursEditor(props: HoursEditorProps) {
  const [copied, setCopied] = useState<Weekday | null>(null);
  return (
    <Box as="section" id="hours" aria-labelledby="hours-heading" scrollMarginTop="24">
      <Heading as="h3" size="sm" id="hours-heading" mb="1">
        Hours
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        Times like 8:00am or 5:30pm.
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
                    <Field.Root w="28" invalid={error !== undefined}>
                      <Field.Label srOnly>{`${name} opens`}</Field.Label>
                      <Input
                        size="sm"
                        bg="white"
                        placeholder="8:00am"
                        value={value.open ?? ''}
                        onChange={(event) => props.onChange(day, { ...value, open: event.target.value })}
                      />
                    </Field.Root>
                    <Text aria-hidden>to</Text>
                    <Field.Root w="28" invalid={error !== undefined}>
                      <Field.Label srOnly>{`${name} closes`}</Field.Label>
                      <Input
                        size="sm"
                        bg="white"
                        placeholder="5:00pm"
                        value={value.close ?? ''}
                        onChange={(event) => props.onChange(day, { ...value, close: event.target.value })}
                      />
                    </Field.Root>
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
