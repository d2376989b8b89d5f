import { Box, Checkbox, Field, Flex, Heading, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import type { TierMenuRow } from '../../domain/pricing-tiers/tiers';
import { FieldError } from '../kit/FormParts';

export interface TierMenuProps {
  groups: { category: string; rows: TierMenuRow[] }[];
  editable: boolean;
  onPriceChange(itemId: number, field: 'price' | 'minUnits', value: string): void;
  onPerUnitChange(itemId: number, value: boolean): void;
}

/**
 * The Menu tab (01 §2): every service item by category with the tier's price in dollars, price per unit, and
 * Min units for Botox items only. On a wide screen the fields line up in columns under one header per
 * category; on a phone each field keeps its own label and the row wraps instead of scrolling sideways.
 */
export function TierMenu(props: TierMenuProps) {
  if (props.groups.length === 0) return <Text color="gray.700">The service menu has no items yet.</Text>;
  return (
    <Stack gap="6">
      {props.groups.map((group) => (
        <Box as="section" key={group.category} aria-label={group.category}>
          <Heading as="h3" size="md" mb="2">
            {group.category}
          </Heading>
          <Flex
            hideBelow="md"
            gap="3"
            pb="1"
            borderBottomWidth="1px"
            color="fg.muted"
            fontSize="sm"
            aria-hidden
          >
            <Text flex="1 1 10rem">Service</Text>
            <Text w="9rem">Price</Text>
            <Text w="7rem">Min units</Text>
            <Text w="6rem">Per unit</Text>
          </Flex>
          <Stack gap={{ base: '3', md: '0' }}>
            {group.rows.map((row) => (
              <Flex
                key={row.item.id}
                gap="3"
                wrap="wrap"
                align={{ base: 'flex-end', md: 'center' }}
                borderBottomWidth="1px"
                py={{ base: '0', md: '2' }}
                pb="3"
                role="group"
                aria-label={row.item.name}
              >
                <Text flex="1 1 10rem" fontWeight="medium" minW="0">
                  {row.item.name}
                </Text>
                <Field.Root invalid={row.priceError !== undefined} disabled={!props.editable} w="9rem">
                  <Field.Label hideFrom="md">Price</Field.Label>
                  <InputGroup startElement="$">
                    <Input
                      inputMode="decimal"
                      value={row.price}
                      aria-label={`Price of ${row.item.name} in dollars`}
                      onChange={(event) => props.onPriceChange(row.item.id, 'price', event.target.value)}
                    />
                  </InputGroup>
                  <FieldError error={row.priceError} />
                </Field.Root>
                {row.showMinUnits ? (
                  <Field.Root invalid={row.minUnitsError !== undefined} disabled={!props.editable} w="7rem">
                    <Field.Label hideFrom="md">Min units</Field.Label>
                    <Input
                      inputMode="numeric"
                      value={row.minUnits}
                      aria-label={`Min units of ${row.item.name}`}
                      onChange={(event) => props.onPriceChange(row.item.id, 'minUnits', event.target.value)}
                    />
                    {row.minUnitsError && <FieldError error={row.minUnitsError} />}
                  </Field.Root>
                ) : (
                  <Box w="7rem" hideBelow="md" />
                )}
                <Checkbox.Root
                  checked={row.isPricePerUnit}
                  disabled={!props.editable}
                  onCheckedChange={(event) => props.onPerUnitChange(row.item.id, event.checked === true)}
                  pb={{ base: '2', md: '0' }}
                  w={{ md: '6rem' }}
                >
                  <Checkbox.HiddenInput aria-label={`${row.item.name} is priced per unit`} />
                  <Checkbox.Control />
                  <Checkbox.Label hideFrom="md">Per unit</Checkbox.Label>
                </Checkbox.Root>
              </Flex>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
