import { Field, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { promoTypeLabel, type PromoDraft, type PromoErrors } from '../../domain/promos/promos';
import { FormAlert, RecordFormActions, submitWith, TextField } from '../kit/FormParts';
import { PromoServicePicker, type PromoServicePickerProps } from '../kit/ServicePicker';

export type PromoFormTextField = Exclude<keyof PromoDraft, 'allowedServices'>;

export interface PromoFormProps {
  draft: PromoDraft;
  errors: PromoErrors;
  saveError: string | null;
  /** PER_USER on creation (01 §9). */
  type: string;
  saving: boolean;
  editable: boolean;
  submitLabel: string;
  services: Omit<PromoServicePickerProps, 'selected' | 'disabled' | 'onChange'>;
  onFieldChange(field: PromoFormTextField, value: string): void;
  onServicesChange(ids: number[]): void;
  onSubmit(): void;
  /** Absent while creating. */
  onDelete?: () => void;
}

/** A promo code's details (01 §3): code, type, quantities, amount in dollars and allowed services. */
export function PromoForm(props: PromoFormProps) {
  const submit = submitWith(props.onSubmit);
  // Every text field is required and waits while the code is being deleted.
  const field = (name: PromoFormTextField) => ({
    name,
    required: true,
    disabled: !props.editable,
    value: props.draft[name],
    error: props.errors[name],
    onChange: (value: string) => props.onFieldChange(name, value),
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="5">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField
            {...field('code')}
            label="Code"
            helper="Letters, digits, - and _. Codes are unique in any case."
          />
          <Field.Root readOnly>
            <Field.Label>Type</Field.Label>
            <Input name="type" readOnly bg="gray.100" value={promoTypeLabel(props.type)} />
          </Field.Root>
          <TextField
            {...field('quantityAbsolute')}
            label="Total uses"
            inputMode="numeric"
            helper="How many times the code can be used in all."
          />
          <TextField
            {...field('quantityPerUser')}
            label="Uses per user"
            inputMode="numeric"
            helper="How many times one person can use it."
          />
          <TextField
            {...field('amount')}
            label="Amount in dollars"
            dollars
            helper="Dollars and cents, e.g. 19.99."
          />
        </SimpleGrid>
        <PromoServicePicker
          {...props.services}
          selected={props.draft.allowedServices}
          disabled={!props.editable}
          onChange={props.onServicesChange}
        />
        {props.saveError && <FormAlert title={props.saveError} />}
        <RecordFormActions
          submitLabel={props.submitLabel}
          saving={props.saving}
          editable={props.editable}
          onDelete={props.onDelete}
        />
      </Stack>
    </form>
  );
}
