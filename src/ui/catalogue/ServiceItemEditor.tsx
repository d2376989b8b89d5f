import {
  Box,
  Button,
  Field,
  Flex,
  Input,
  InputGroup,
  NativeSelect,
  SimpleGrid,
  Switch,
  Textarea,
  chakra,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import {
  subCategoryGroup,
  type ServiceItemErrors,
  type ServiceItemField,
  type ServiceItemForm,
} from '../../domain/catalogue/catalogue';
import { StaleNotice, type StaleNoticeProps } from '../kit/StaleNotice';
import { INJECTABLES_TABS } from '../../domain/shared/constants';
import { centsToDollarInput, parseDollars } from '../../domain/shared/money';
import { FieldError, SelectOptions, submitWith } from '../kit/FormParts';

export interface ServiceItemEditorProps {
  id: string;
  form: ServiceItemForm;
  errors: ServiceItemErrors;
  isNew: boolean;
  edited: boolean;
  busy: boolean;
  /** Another request is in flight: Save and Delete wait. */
  disabled: boolean;
  onChange(field: ServiceItemField, value: string | boolean): void;
  onSave(): void;
  onDiscard(): void;
  onDelete(): void;
  /** The units descriptor icon's upload field. */
  unitsIcon: ReactNode;
  /** Shown when someone else saved the item since it was opened. */
  stale: StaleNoticeProps | null;
}

/** The sub-categories offered: Injectables' tabs (01 §9), one name each ('Filler' in old data reads as Fillers). */
const SUB_CATEGORIES: readonly string[] = INJECTABLES_TABS;

/** Every field of a service item (01 §3) with an input that fits it. */
export function ServiceItemEditor(props: ServiceItemEditorProps) {
  const { form, errors, onChange } = props;
  const text = (field: ServiceItemField) => ({
    value: form[field] as string,
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  });
  const submit = submitWith(props.onSave);
  const group = subCategoryGroup(form.subCategory);
  // A stored 'Filler' shows as Fillers; a value outside the tabs stays offered so it is not lost.
  const subCategoryValue = form.subCategory && group !== 'Other' ? group : form.subCategory;
  const subCategories =
    form.subCategory && group === 'Other' ? [...SUB_CATEGORIES, form.subCategory] : SUB_CATEGORIES;
  const label = form.name.trim() || 'new service item';

  return (
    <chakra.form id={props.id} onSubmit={submit} noValidate pt="4" aria-label={`Edit ${label}`}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Field.Root required invalid={Boolean(errors.name)}>
          <Field.Label>
            Name <Field.RequiredIndicator />
          </Field.Label>
          <Input {...text('name')} maxLength={200} />
          <FieldError error={errors.name} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Sub-category</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field {...text('subCategory')} value={subCategoryValue}>
              <option value="">None</option>
              <SelectOptions options={subCategories.map((value) => ({ value: value, label: value }))} />
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>Injectables lists Botox and Fillers under their own tabs.</Field.HelperText>
        </Field.Root>

        <Field.Root required invalid={Boolean(errors.price)}>
          <Field.Label>
            Price (dollars) <Field.RequiredIndicator />
          </Field.Label>
          <InputGroup startElement="$">
            <Input
              {...text('price')}
              inputMode="decimal"
              onBlur={() => {
                const cents = parseDollars(form.price);
                if (cents !== undefined && cents >= 0) onChange('price', centsToDollarInput(cents));
              }}
            />
          </InputGroup>
          <FieldError error={errors.price} />
        </Field.Root>
        <Field.Root>
          <Switch.Root
            checked={form.isPricePerUnit}
            onCheckedChange={(event) => onChange('isPricePerUnit', event.checked)}
            colorPalette="teal"
            mt={{ md: '7' }}
          >
            <Switch.HiddenInput />
            <Switch.Control>
              <Switch.Thumb />
            </Switch.Control>
            <Switch.Label>Price is per unit</Switch.Label>
          </Switch.Root>
        </Field.Root>

        <Field.Root>
          <Field.Label>Units descriptor</Field.Label>
          <Input {...text('unitsDescriptor')} placeholder="e.g. units, syringes" />
        </Field.Root>
        <Box>{props.unitsIcon}</Box>

        <Field.Root required invalid={Boolean(errors.timeInMins)}>
          <Field.Label>
            Duration (minutes) <Field.RequiredIndicator />
          </Field.Label>
          <InputGroup endElement="min">
            <Input {...text('timeInMins')} type="number" inputMode="numeric" min={1} max={1440} step={1} />
          </InputGroup>
          <FieldError error={errors.timeInMins} />
        </Field.Root>
        <Field.Root invalid={Boolean(errors.redemptionPoints)}>
          <Field.Label>Redemption points</Field.Label>
          <Input
            {...text('redemptionPoints')}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder="0"
          />
          <Field.HelperText>Empty means 0.</Field.HelperText>
          <FieldError error={errors.redemptionPoints} />
        </Field.Root>

        <Field.Root>
          <Switch.Root
            checked={form.isFinancingEnabled}
            onCheckedChange={(event) => onChange('isFinancingEnabled', event.checked)}
            colorPalette="teal"
          >
            <Switch.HiddenInput />
            <Switch.Control>
              <Switch.Thumb />
            </Switch.Control>
            <Switch.Label>Financing available</Switch.Label>
          </Switch.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>Description title</Field.Label>
          <Input {...text('descriptionTitle')} />
        </Field.Root>

        <Field.Root gridColumn={{ md: 'span 2' }}>
          <Field.Label>Description</Field.Label>
          <Textarea {...text('description')} rows={3} autoresize />
        </Field.Root>
        <Field.Root>
          <Field.Label>Terms</Field.Label>
          <Textarea {...text('termsInfo')} rows={3} autoresize />
        </Field.Root>
        <Field.Root>
          <Field.Label>Preparation</Field.Label>
          <Textarea {...text('prepInfo')} rows={3} autoresize />
        </Field.Root>
      </SimpleGrid>
      {props.stale && (
        <Box mt="4">
          <StaleNotice {...props.stale} />
        </Box>
      )}
      <Flex gap="2" mt="4" wrap="wrap">
        <Button
          type="submit"
          colorPalette="teal"
          loading={props.busy}
          disabled={props.disabled && !props.busy}
        >
          Save
        </Button>
        {props.isNew ? (
          <Button variant="outline" onClick={props.onDiscard} disabled={props.busy}>
            Remove
          </Button>
        ) : (
          <>
            <Button variant="outline" onClick={props.onDiscard} disabled={!props.edited || props.busy}>
              Discard changes
            </Button>
            <Button
              variant="outline"
              colorPalette="red"
              ml="auto"
              onClick={props.onDelete}
              disabled={props.disabled}
            >
              Delete
            </Button>
          </>
        )}
      </Flex>
    </chakra.form>
  );
}
