import { Alert, Badge, Button, Checkbox, Flex, Stack, Switch, Text } from '@chakra-ui/react';
import { RetryMessage } from '../kit/RetryMessage';
import { LoadingRows } from '../kit/ListStates';

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
 * from today on are added as one-day special dates, and the ones already special dates are reported. While
 * the list (or the location's dates it is checked against) loads, its title and skeleton rows show, and no
 * control until it can be used.
 */
export function HolidayList(props: HolidayListProps) {
  const listed = props.state === 'listed';
  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="3" bg="white">
      {listed || props.state === 'optedOut' ? (
        <Switch.Root
          checked={listed}
          onCheckedChange={(event) => (event.checked ? props.onOptIn() : props.onOptOut())}
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label fontWeight="medium">Holiday list</Switch.Label>
        </Switch.Root>
      ) : (
        // Loading or failed: the title at full contrast, not a dimmed switch that cannot be used yet.
        <Text fontSize="sm" fontWeight="medium">
          Holiday list
        </Text>
      )}
      {props.state === 'loading' && <LoadingRows label="Loading holidays" rows={2} height="6" />}
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
