import { Box, Field, Input, SimpleGrid, Stack, Switch, Text, Textarea, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { ProfileDraft } from '../../domain/onboarding/profile';

export interface AddressSuggestion {
  placeId: string;
  description: string;
}

export interface ProfileFormProps {
  draft: ProfileDraft;
  /** BOULEVARD also asks for the external ids (spec 02 §5). */
  showExternalIds: boolean;
  disabled: boolean;
  onChange(patch: Partial<ProfileDraft>): void;
  addressQuery: string;
  onAddressQuery(query: string): void;
  suggestions: AddressSuggestion[];
  onPickSuggestion(placeId: string): void;
  /** The spec's manual-entry message after an autocomplete failure, or null. */
  addressNotice: string | null;
  logoField: ReactNode;
  coverField: ReactNode;
}

type TextKey = {
  [K in keyof ProfileDraft]: ProfileDraft[K] extends string ? K : never;
}[keyof ProfileDraft];

/** The id of a step-1 field's control, for the links that say what Next waits for. */
export const profileFieldId = (field: string) => `profile-${field}`;
/** Coordinates are looked up from the address: a link to them leads to the address search. */
export const ADDRESS_SEARCH_ID = 'profile-address-search';

/**
 * Step 1, "Creating your Business Profile": the business, its address, images and description. Every field
 * Next needs is marked * (spec 02 §5), the logo, cover image and coordinates too.
 */
export function ProfileForm(props: ProfileFormProps) {
  const text = (key: TextKey, label: string, required = true) => (
    <Field.Root
      required={required}
      disabled={props.disabled}
      ids={{ control: profileFieldId(key) }}
      scrollMarginTop="24"
    >
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input value={props.draft[key]} onChange={(event) => props.onChange({ [key]: event.target.value })} />
    </Field.Root>
  );
  return (
    <Stack gap="4">
      <Text fontSize="sm" color="fg.muted">
        Fields marked{' '}
        <chakra.span color="red.700" aria-hidden="true">
          *
        </chakra.span>
        <chakra.span srOnly>with an asterisk</chakra.span> are required.
      </Text>
      {text('name', 'Business name')}
      <Box position="relative">
        <Field.Root disabled={props.disabled} ids={{ control: ADDRESS_SEARCH_ID }} scrollMarginTop="24">
          <Field.Label>Search address</Field.Label>
          <Input
            value={props.addressQuery}
            onChange={(event) => props.onAddressQuery(event.target.value)}
            placeholder="Start typing an address"
            autoComplete="off"
          />
        </Field.Root>
        {props.suggestions.length > 0 ? (
          <chakra.ul
            aria-label="Address suggestions"
            listStyleType="none"
            borderWidth="1px"
            rounded="md"
            mt="1"
            bg="white"
          >
            {props.suggestions.map((suggestion) => (
              <li key={suggestion.placeId}>
                <chakra.button
                  type="button"
                  w="full"
                  textAlign="left"
                  px="3"
                  py="2"
                  _hover={{ bg: 'gray.50' }}
                  _focusVisible={{ bg: 'gray.100' }}
                  onClick={() => props.onPickSuggestion(suggestion.placeId)}
                >
                  {suggestion.description}
                </chakra.button>
              </li>
            ))}
          </chakra.ul>
        ) : null}
        {props.addressNotice ? (
          <Text role="alert" color="orange.800" fontSize="sm" mt="1">
            {props.addressNotice}
          </Text>
        ) : null}
      </Box>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {text('streetAddress', 'Street')}
        {text('addressLine2', 'Line 2', false)}
        {text('city', 'City')}
        {text('state', 'State')}
        {text('zip', 'Zip')}
        {text('country', 'Country')}
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted">
        {props.draft.coordinates ? (
          `Coordinates: ${props.draft.coordinates.lat.toFixed(5)}, ${props.draft.coordinates.lng.toFixed(5)}`
        ) : (
          <>
            Coordinates
            <chakra.span color="red.700" aria-hidden="true" ms="1">
              *
            </chakra.span>
            <chakra.span srOnly> (required)</chakra.span>: looked up once street, city, state, zip and country
            are filled.
          </>
        )}
      </Text>
      {props.showExternalIds ? (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {text('externalLocationId', 'External location id')}
          {text('externalId', 'External provider id')}
        </SimpleGrid>
      ) : null}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {props.logoField}
        {props.coverField}
      </SimpleGrid>
      <Field.Root
        required
        disabled={props.disabled}
        ids={{ control: profileFieldId('description') }}
        scrollMarginTop="24"
      >
        <Field.Label>
          Description
          <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          value={props.draft.description}
          onChange={(event) => props.onChange({ description: event.target.value })}
          rows={4}
        />
      </Field.Root>
      <Switch.Root
        checked={props.draft.isPublic}
        onCheckedChange={(event) => props.onChange({ isPublic: event.checked })}
        colorPalette="teal"
        disabled={props.disabled}
      >
        <Switch.HiddenInput />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>Availability visible in mobile app?</Switch.Label>
      </Switch.Root>
    </Stack>
  );
}
