import { Button, Checkbox, Fieldset, Flex, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ServiceCategory } from '../../api/contract/service-category';
import { PEOPLE_MESSAGES } from '../../domain/shared/messages';
import { allowedServicesSummary } from '../../domain/promos/promos';

export interface PromoServicePickerProps {
  categories: readonly ServiceCategory[];
  loading: boolean;
  failure: string | null;
  selected: readonly number[];
  disabled: boolean;
  onChange(ids: number[]): void;
  onRetry(): void;
}

/** allowedServices (01 §3, §9): service items by category; none chosen means no restriction. */
export function PromoServicePicker(props: PromoServicePickerProps) {
  const chosen = new Set(props.selected);
  const names = new Map(
    props.categories.flatMap((c) => c.serviceItems.map((item) => [item.id, item.name] as const)),
  );
  const toggle = (id: number, on: boolean) =>
    props.onChange(on ? [...props.selected, id] : props.selected.filter((x) => x !== id));
  return (
    <Fieldset.Root disabled={props.disabled}>
      <Fieldset.Legend fontWeight="medium">Allowed services</Fieldset.Legend>
      <Fieldset.HelperText>
        {props.selected.length === 0
          ? PEOPLE_MESSAGES.noRestriction
          : allowedServicesSummary(props.selected, names)}
      </Fieldset.HelperText>
      {props.loading && (
        <Stack aria-busy="true" aria-label="Loading service items">
          <Skeleton h="6" />
          <Skeleton h="6" />
        </Stack>
      )}
      {props.failure && (
        <Flex gap="3" align="center">
          <Text role="alert" color="red.700">
            {props.failure}
          </Text>
          <Button size="sm" variant="outline" onClick={props.onRetry}>
            Try again
          </Button>
        </Flex>
      )}
      {!props.loading && !props.failure && (
        <Stack gap="4" maxH="72" overflowY="auto" borderWidth="1px" rounded="md" p="3" bg="white">
          {props.categories.map((category) => (
            <Stack key={category.id} gap="1" role="group" aria-label={category.name}>
              <Text fontWeight="semibold" fontSize="sm">
                {category.name}
              </Text>
              {category.serviceItems.length === 0 && (
                <Text fontSize="sm" color="gray.600">
                  No service items.
                </Text>
              )}
              {category.serviceItems.map((item) => (
                <Checkbox.Root
                  key={item.id}
                  checked={chosen.has(item.id)}
                  onCheckedChange={(event) => toggle(item.id, event.checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{item.name}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
          ))}
        </Stack>
      )}
    </Fieldset.Root>
  );
}
