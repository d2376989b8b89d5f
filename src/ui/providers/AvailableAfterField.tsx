import { Field, NativeSelect } from '@chakra-ui/react';
import { availableAfterOptions } from '../../domain/providers/available-after';
import { SelectOptions } from '../kit/FormParts';

/**
 * The "available after" picker (spec 02 §9): the days the marketplace setting offers, with the current value
 * kept when the setting no longer offers it. The provider details form and Add Provider.
 */
export function AvailableAfterField(props: {
  label: string;
  value: number;
  /** The marketplace setting's options (the spec's four while it is read). */
  offered: readonly number[] | undefined;
  onChange(days: number): void;
  name?: string;
  bg?: string;
}) {
  return (
    <Field.Root>
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          {...(props.name ? { name: props.name } : {})}
          {...(props.bg ? { bg: props.bg } : {})}
          value={String(props.value)}
          onChange={(event) => props.onChange(Number(event.target.value))}
        >
          <SelectOptions
            options={availableAfterOptions(props.offered, props.value).map((option) => ({
              value: option.days,
              label: option.label,
            }))}
          />
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
