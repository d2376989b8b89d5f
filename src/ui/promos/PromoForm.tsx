import { Alert, Button, Field, Flex, Input, InputGroup, SimpleGrid, Stack } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import type { PromoDraft, PromoErrors } from '../../domain/promos/promos';
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

function NumberField({
  field,
  label,
  helper,
  props,
}: {
  field: 'quantityAbsolute' | 'quantityPerUser';
  label: string;
  helper: string;
  props: PromoFormProps;
}) {
  const error = props.errors[field];
  return (
    <Field.Root invalid={error !== undefined} required disabled={!props.editable}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        name={field}
        inputMode="numeric"
        autoComplete="off"
        bg="white"
        value={props.draft[field]}
        onChange={(event) => props.onFieldChange(field, event.target.value)}
      />
      {error ? (
        <Field.ErrorText color="red.700">{error}</Field.ErrorText>
      ) : (
        <Field.HelperText>{helper}</Field.HelperText>
      )}
    </Field.Root>
  );
}

/** A promo code's details (01 §3): code, type, quantities, amount in dollars and allowed services. */
export function PromoForm(props: PromoFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="5">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root invalid={props.errors.code !== undefined} required disabled={!props.editable}>
            <Field.Label>
              Code
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name="code"
              autoComplete="off"
              bg="white"
              value={props.draft.code}
              onChange={(event) => props.onFieldChange('code', event.target.value)}
            />
            {props.errors.code ? (
              <Field.ErrorText color="red.700">{props.errors.code}</Field.ErrorText>
            ) : (
              <Field.HelperText>Letters, digits, - and _. Codes are unique in any case.</Field.HelperText>
            )}
          </Field.Root>
          <Field.Root readOnly>
            <Field.Label>Type</Field.Label>
            <Input name="type" readOnly bg="gray.100" value={props.type} />
          </Field.Root>
          <NumberField
            field="quantityAbsolute"
            label="Total uses"
            helper="How many times the code can be used in all."
            props={props}
          />
          <NumberField
            field="quantityPerUser"
            label="Uses per user"
            helper="How many times one person can use it."
            props={props}
          />
          <Field.Root invalid={props.errors.amount !== undefined} required disabled={!props.editable}>
            <Field.Label>
              Amount in dollars
              <Field.RequiredIndicator />
            </Field.Label>
            <InputGroup startElement="$">
              <Input
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                bg="white"
                placeholder="0.00"
                value={props.draft.amount}
                onChange={(event) => props.onFieldChange('amount', event.target.value)}
              />
            </InputGroup>
            {props.errors.amount ? (
              <Field.ErrorText color="red.700">{props.errors.amount}</Field.ErrorText>
            ) : (
              <Field.HelperText>Dollars and cents, e.g. 19.99.</Field.HelperText>
            )}
          </Field.Root>
        </SimpleGrid>
        <PromoServicePicker
          {...props.services}
          selected={props.draft.allowedServices}
          disabled={!props.editable}
          onChange={props.onServicesChange}
        />
        {props.saveError && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{props.saveError}</Alert.Title>
          </Alert.Root>
        )}
        <Flex justify="space-between" gap="3">
          <Button
            type="submit"
            colorPalette="teal"
            loading={props.saving}
            loadingText="Saving"
            disabled={!props.editable && !props.saving}
          >
            {props.submitLabel}
          </Button>
          {props.onDelete && (
            <Button variant="outline" colorPalette="red" disabled={!props.editable} onClick={props.onDelete}>
              Delete
            </Button>
          )}
        </Flex>
      </Stack>
    </form>
  );
}
