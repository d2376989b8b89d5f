import { Alert, Badge, Button, Checkbox, Flex, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import { RetryMessage } from '../kit/RetryMessage';

export interface HolidayListProps {
  state: 'loading' | 'failed' | 'listed' | 'optedOut';
  entries: readonly {
    index: number;
    name: string;
    dateLabel: string;
    checked: boolean;
    past: boolean;
    isSpecialDate: boolean;
  }[];
  canAdd: boolean;
  adding: boolean;
  clashes: readonly { name: string; date: string }[];
  failedText: string;
  clashesText: string;
  onOptOut(): void;
  onOptIn(): void;
  onCheck(index: number, checked: boolean): void;
  onAdd(): void;
  onRetry(): void;
}

/**
 * This year's US holidays where the location is (spec 02 §4): on by default, each checked; the checked ones
 * from today on are added as one-day special dates, and the ones already special dates are reported.
 */
export function HolidayList(props: HolidayListProps) {
  const listed = props.state === 'listed';
  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="3" bg="white">
      <Switch.Root
        checked={props.state !== 'optedOut'}
        disabled={props.state === 'loading' || props.state === 'failed'}
        onCheckedChange={(event) => (event.checked ? props.onOptIn() : props.onOptOut())}
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label fontWeight="medium">Holiday list</Switch.Label>
      </Switch.Root>
      {props.state === 'loading' && (
        <Stack role="status" aria-busy="true" aria-label="Loading holidays">
          <Skeleton h="6" />
          <Skeleton h="6" />
        </Stack>
      )}
      {props.state === 'failed' && <RetryMessage message={props.failedText} onRetry={props.onRetry} />}
      {listed && (
        <>
          <Stack as="ul" gap="1" listStyleType="none" aria-label="Holidays">
            {props.entries.map((entry) => (
              <Flex as="li" key={entry.index} gap="2" align="center" wrap="wrap">
                <Checkbox.Root
                  checked={entry.checked}
                  onCheckedChange={(event) => props.onCheck(entry.index, event.checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>
                    {entry.name}
                    <Text as="span" color="gray.700">
                      {' '}
                      {entry.dateLabel}
                    </Text>
                  </Checkbox.Label>
                </Checkbox.Root>
                {entry.past && <Badge colorPalette="gray">Past</Badge>}
                {entry.isSpecialDate && <Badge colorPalette="teal">Special date</Badge>}
              </Flex>
            ))}
          </Stack>
          <Flex>
            <Button
              size="sm"
              colorPalette="teal"
              disabled={!props.canAdd}
              loading={props.adding}
              loadingText="Adding holidays"
              onClick={props.onAdd}
            >
              Add checked holidays
            </Button>
          </Flex>
          {props.clashes.length > 0 && (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{props.clashesText}</Alert.Title>
                <Alert.Description>
                  {props.clashes.map((clash) => `${clash.name} (${clash.date})`).join(', ')}
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
        </>
      )}
    </Stack>
  );
}
