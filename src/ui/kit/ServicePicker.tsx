import { Checkbox, Fieldset, Stack, Text } from '@chakra-ui/react';
import type { ServiceCategory } from '../../api/contract/service-category';
import { PEOPLE_MESSAGES } from '../../domain/shared/messages';
import { allowedServicesSummary } from '../../domain/promos/promos';
import { RetryMessage } from './RetryMessage';
import { LoadingRows } from './ListStates';

/** What the picker needs of a category: its name and its items' ids and names. */
export type PickerCategory = Pick<ServiceCategory, 'id' | 'name'> & {
  serviceItems: readonly Pick<ServiceCategory['serviceItems'][number], 'id' | 'name'>[];
};

export interface PromoServicePickerProps {
  categories: readonly PickerCategory[];
  loading: boolean;
  failure: string | null;
  selected: readonly number[];
  disabled: boolean;
  onChange(ids: number[]): void;
  onRetry(): void;
  /** The fieldset's legend (default 'Allowed services', the promo code's). */
  legend?: string;
  /** The text under the legend (default: the promo code's summary of what is chosen). */
  helperText?: string;
  /** Bundles to offer after the categories (the special-date service menu offers both). */
  bundles?: {
    items: readonly { id: number; name: string }[];
    selected: readonly number[];
    onChange(ids: number[]): void;
  };
}

/**
 * The shared service picker: service items by category, and bundles when given. For a promo code it is
 * allowedServices (01 §3, §9), where none chosen means no restriction.
 */
export function PromoServicePicker(props: PromoServicePickerProps) {
  const chosen = new Set(props.selected);
  const names = new Map(
    props.categories.flatMap((c) => c.serviceItems.map((item) => [item.id, item.name] as const)),
  );
  const toggle = (id: number, on: boolean) =>
    props.onChange(on ? [...props.selected, id] : props.selected.filter((x) => x !== id));
  return (
    <Fieldset.Root disabled={props.disabled}>
      <Fieldset.Legend fontWeight="semibold">{props.legend ?? 'Allowed services'}</Fieldset.Legend>
      <Fieldset.HelperText>
        {props.helperText ??
          (props.selected.length === 0
            ? PEOPLE_MESSAGES.noRestriction
            : allowedServicesSummary(props.selected, names))}
      </Fieldset.HelperText>
      {props.loading && <LoadingRows label="Loading service items" rows={2} height="6" />}
      {props.failure && <RetryMessage message={props.failure} onRetry={props.onRetry} />}
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
          {props.bundles && <BundleChoices {...props.bundles} />}
        </Stack>
      )}
    </Fieldset.Root>
  );
}

/** The service menu's bundles, as one more group of the picker. */
function BundleChoices(props: NonNullable<PromoServicePickerProps['bundles']>) {
  const chosen = new Set(props.selected);
  const toggle = (id: number, on: boolean) =>
    props.onChange(on ? [...props.selected, id] : props.selected.filter((x) => x !== id));
  return (
    <Stack gap="1" role="group" aria-label="Bundles">
      <Text fontWeight="semibold" fontSize="sm">
        Bundles
      </Text>
      {props.items.length === 0 && (
        <Text fontSize="sm" color="gray.600">
          No bundles.
        </Text>
      )}
      {props.items.map((bundle) => (
        <Checkbox.Root
          key={bundle.id}
          checked={chosen.has(bundle.id)}
          onCheckedChange={(event) => toggle(bundle.id, event.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{bundle.name}</Checkbox.Label>
        </Checkbox.Root>
      ))}
    </Stack>
  );
}
