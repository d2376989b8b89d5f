import { Checkbox, Flex, Spinner, Stack, Text } from '@chakra-ui/react';
import { RetryMessage } from './RetryMessage';

export interface ProviderOption {
  id: number;
  name: string;
  /** "City, State", or null. */
  place: string | null;
}

export interface ProviderChecklistProps {
  providers: readonly ProviderOption[];
  loading: boolean;
  failure: string | null;
  onRetry(): void;
  chosen: ReadonlySet<number>;
  onToggle(id: number, checked: boolean): void;
  /** Shown when the list is empty (e.g. nothing matches a filter). */
  emptyText?: string;
  /**
   * The choice cannot be changed right now (a save under way). The checkboxes are disabled one by one, not
   * through a disabled fieldset around the list, so the scrolling list itself keeps the keyboard focus.
   */
  disabled?: boolean;
}

/** The multi-select of providers (invite form, a user's PROVIDER role): loading, failure with retry, checkboxes. */
export function ProviderChecklist(props: ProviderChecklistProps) {
  if (props.loading) {
    return (
      <Flex gap="2" align="center" role="status">
        <Spinner size="sm" />
        <Text>Loading providers…</Text>
      </Flex>
    );
  }
  if (props.failure) {
    return <RetryMessage message={props.failure} onRetry={props.onRetry} />;
  }
  return (
    <Stack
      as="ul"
      listStyleType="none"
      gap="2"
      maxH="64"
      overflowY="auto"
      // A long list scrolls; it takes the focus itself so the keyboard can scroll it even while its
      // checkboxes are disabled.
      tabIndex={0}
      _focusVisible={{ outline: '2px solid', outlineColor: 'teal.600', outlineOffset: '2px' }}
      borderWidth="1px"
      rounded="md"
      p="3"
      bg="white"
    >
      {props.providers.length === 0 && (
        <Text as="li" color="gray.600">
          {props.emptyText ?? 'No providers yet.'}
        </Text>
      )}
      {props.providers.map((provider) => (
        <li key={provider.id}>
          <Checkbox.Root
            disabled={props.disabled}
            checked={props.chosen.has(provider.id)}
            onCheckedChange={(event) => props.onToggle(provider.id, event.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              {provider.name}
              {provider.place && (
                <Text as="span" color="gray.600">
                  {' '}
                  · {provider.place}
                </Text>
              )}
            </Checkbox.Label>
          </Checkbox.Root>
        </li>
      ))}
    </Stack>
  );
}
