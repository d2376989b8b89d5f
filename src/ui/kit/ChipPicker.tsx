import { Box, Button, Field, Flex, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { chipPickerKey, type ChipPickerKeyState } from './chip-picker-keys';
import { FieldError } from './FormParts';
import { RetryMessage } from './RetryMessage';

export interface ChipOption {
  id: number;
  /** What the value is called: the chip's text and the match's first words. */
  label: string;
  /** A second, quieter line of a match (a provider's city), searched too. */
  detail?: string | null;
}

/** A provider to choose (the invite form, a user's PROVIDER role). */
export interface ProviderOption {
  id: number;
  name: string;
  /** "City, State", or null. */
  place: string | null;
}

/** A provider as a chip: its name, with its city as the match's second line. */
export function providerChip(provider: { id: number; name: string; place?: string | null }): ChipOption {
  return { id: provider.id, label: provider.name, detail: provider.place ?? null };
}

/** What a providers picker says while loading and when nothing matches. */
export const PROVIDER_PICKER_TEXTS = {
  label: 'Providers',
  loadingText: 'Loading providers…',
  noMatches: (name: string) => `No providers match “${name}”.`,
  emptyText: 'No providers yet.',
} satisfies Partial<ChipPickerProps>;

export interface ChipPickerProps {
  /** The box's label ("Providers", "User"). */
  label: string;
  /** Under the label: what to choose, or how many are chosen. */
  helperText?: string;
  /** Why the choice cannot be saved, shown under the box. */
  error?: string | undefined;
  placeholder?: string;
  /** Several values (chips) or one (a single chip, replaced by the next choice). */
  multiple: boolean;
  /**
   * What can be chosen. Without `onQueryChange`: every value, matched here against the typed text. With it:
   * the matches the caller looked up for that text.
   */
  options: readonly ChipOption[];
  chosen: readonly ChipOption[];
  onChange(next: ChipOption[]): void;
  /** The typed text, for a caller that searches itself (over the API). */
  onQueryChange?(text: string): void;
  /** The options are being read. */
  loading: boolean;
  /** Said while they are: "Loading providers…". */
  loadingText: string;
  failure: string | null;
  onRetry(): void;
  /** Nothing matches the typed text: "No providers match “x”." */
  noMatches(query: string): string;
  /** Nothing to choose at all. */
  emptyText: string;
  /** Under the matches when the caller shows only the first ones (the rest reached by typing more). */
  moreText?: string | null;
  disabled?: boolean;
  /** At least one value must be chosen: marked on the label like any required field. */
  required?: boolean;
}

/**
 * The one autocomplete with chips (WAI-ARIA combobox with a listbox): the chosen values as removable
 * chips above a text box whose matches open below it. Keys: Down/Up open and move through the matches,
 * Enter chooses, Escape closes (then clears the text), Backspace in an empty box removes the last chip.
 * Loading, failure (with Try again) and "nothing matches" are said in place of the matches.
 */
export function ChipPicker(props: ChipPickerProps) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const baseId = useId();
  const listId = `${baseId}-list`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const needle = query.trim().toLowerCase();
  const matches =
    props.onQueryChange || !needle
      ? props.options
      : props.options.filter((o) => `${o.label} ${o.detail ?? ''}`.toLowerCase().includes(needle));
  const chosenIds = new Set(props.chosen.map((o) => o.id));
  const showList = open && !props.loading && !props.failure && matches.length > 0;
  const keyState: ChipPickerKeyState = {
    open: showList,
    active,
    count: matches.length,
    query,
    chosen: props.chosen.length,
  };

  // A dialog or drawer closes on Escape from the document, before the box hears it: while Escape still has
  // work here (a list to close, text to clear) it is marked handled on its way down, so the dialog stays.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const input = inputRef.current;
      if (event.key !== 'Escape' || event.target !== input || !input) return;
      if (input.getAttribute('aria-expanded') === 'true' || input.value !== '') event.preventDefault();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, []);

  useEffect(() => {
    if (active < 0) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const type = (text: string) => {
    setQuery(text);
    setOpen(true);
    setActive(-1);
    props.onQueryChange?.(text);
  };
  // A choice closes the list (it would cover what follows): typing or Down opens it again for the next.
  const choose = (option: ChipOption) => {
    const again = chosenIds.has(option.id);
    if (!props.multiple) props.onChange(again ? [] : [option]);
    else props.onChange(again ? props.chosen.filter((o) => o.id !== option.id) : [...props.chosen, option]);
    if (query !== '') props.onQueryChange?.('');
    setQuery('');
    setOpen(false);
    setActive(-1);
  };
  const remove = (option: ChipOption) => {
    props.onChange(props.chosen.filter((o) => o.id !== option.id));
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const result = chipPickerKey(event.key, keyState);
    if (!result) return;
    event.preventDefault();
    switch (result.type) {
      case 'highlight':
        setOpen(true);
        setActive(result.active);
        break;
      case 'choose': {
        const option = matches[result.index];
        if (option) choose(option);
        break;
      }
      case 'close':
        setOpen(false);
        setActive(-1);
        break;
      case 'clear':
        type('');
        setOpen(false);
        break;
      case 'removeLast': {
        const last = props.chosen[props.chosen.length - 1];
        if (last) remove(last);
        break;
      }
    }
  };

  const status = props.loading ? (
    <Flex gap="2" align="center" role="status">
      <Spinner size="sm" />
      <Text>{props.loadingText}</Text>
    </Flex>
  ) : props.failure ? (
    <RetryMessage message={props.failure} onRetry={props.onRetry} />
  ) : null;
  const nothing = open && !status && matches.length === 0;

  return (
    <Field.Root invalid={props.error !== undefined} disabled={props.disabled} required={props.required}>
      <Field.Label>
        {props.label}
        {props.required && <Field.RequiredIndicator />}
      </Field.Label>
      {props.helperText && <Field.HelperText mt="0">{props.helperText}</Field.HelperText>}
      {props.chosen.length > 0 && (
        <Flex as="ul" aria-label={`Chosen: ${props.label}`} listStyleType="none" gap="2" wrap="wrap" w="full">
          {props.chosen.map((option) => (
            <Flex
              as="li"
              key={option.id}
              align="center"
              gap="1"
              minH="10"
              maxW="full"
              ps="3"
              pe="1"
              rounded="full"
              borderWidth="1px"
              borderColor="teal.200"
              bg="teal.50"
              color="teal.900"
            >
              <Text as="span" fontSize="sm" wordBreak="break-word">
                {option.label}
              </Text>
              <Button
                size="xs"
                variant="ghost"
                rounded="full"
                minW="8"
                h="8"
                px="0"
                colorPalette="teal"
                aria-label={`Remove ${option.label}`}
                disabled={props.disabled}
                onClick={() => remove(option)}
              >
                <span aria-hidden="true">✕</span>
              </Button>
            </Flex>
          ))}
        </Flex>
      )}
      {/* The matches open over what follows, so closing them moves nothing (a click lands where it aimed). */}
      <Box position="relative" w="full">
        <Input
          ref={inputRef}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={showList ? listId : undefined}
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          bg="white"
          placeholder={props.placeholder}
          value={query}
          onChange={(event) => type(event.target.value)}
          onKeyDown={onKeyDown}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
        />
        {(showList || nothing) && (
          <Stack
            gap="1"
            position="absolute"
            top="100%"
            insetX="0"
            mt="1"
            zIndex="dropdown"
            rounded="md"
            borderWidth="1px"
            bg="white"
            shadow="md"
          >
            {nothing && (
              <Text role="status" color="gray.700" px="3" py="2">
                {needle ? props.noMatches(query.trim()) : props.emptyText}
              </Text>
            )}
            {showList && (
              <Box
                ref={listRef}
                as="ul"
                id={listId}
                role="listbox"
                aria-label={props.label}
                aria-multiselectable={props.multiple || undefined}
                listStyleType="none"
                maxH="64"
                overflowY="auto"
                py="1"
              >
                {matches.map((option, index) => {
                  const isChosen = chosenIds.has(option.id);
                  return (
                    <Flex
                      as="li"
                      key={option.id}
                      id={optionId(index)}
                      data-index={index}
                      role="option"
                      aria-selected={isChosen}
                      align="center"
                      gap="2"
                      minH="10"
                      px="3"
                      py="1"
                      cursor="pointer"
                      bg={index === active ? 'teal.50' : undefined}
                      outline={index === active ? '2px solid' : undefined}
                      outlineColor="teal.600"
                      outlineOffset="-2px"
                      _hover={{ bg: 'gray.100' }}
                      // The box keeps the focus (and the list stays open) while a match is clicked.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => choose(option)}
                    >
                      <Text as="span" w="4" flexShrink={0} color="teal.700" aria-hidden="true">
                        {isChosen ? '✓' : ''}
                      </Text>
                      <Text as="span" wordBreak="break-word">
                        {option.label}
                        {option.detail && (
                          <Text as="span" color="gray.600">
                            {' '}
                            · {option.detail}
                          </Text>
                        )}
                      </Text>
                    </Flex>
                  );
                })}
              </Box>
            )}
            {showList && props.moreText && (
              <Text fontSize="sm" color="gray.600" px="3" pb="2">
                {props.moreText}
              </Text>
            )}
          </Stack>
        )}
      </Box>
      {status}
      <FieldError error={props.error} />
    </Field.Root>
  );
}
