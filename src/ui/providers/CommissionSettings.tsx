import {
  Button,
  Field,
  Flex,
  Input,
  InputGroup,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@chakra-ui/react';
import { StaleNotice, type StaleNoticeProps } from '../kit/StaleNotice';
import { RetryMessage } from '../kit/RetryMessage';
import { FieldError, submitWith } from '../kit/FormParts';
import { LoadingRows } from '../kit/ListStates';

/** A preset's percentage as text ("15"), or 'custom'. */
export type CommissionChoiceKey = string;

/** The presets, with a row's saved preset kept when the setting no longer offers it. */
function presetOptions(presets: readonly number[], choice: string): string[] {
  const values = presets.map(String);
  return choice === 'custom' || values.includes(choice) ? values : [...values, choice];
}

export interface CommissionSettingsProps {
  loading: boolean;
  loadFailed: boolean;
  loadFailedText: string;
  editable: boolean;
  readOnlyNote: string | null;
  emptyText: string | null;
  rows: readonly {
    categoryId: number;
    categoryName: string;
    choice: CommissionChoiceKey;
    customText: string;
    error: string | null;
  }[];
  /** The marketplace's commission presets (its setting), offered before Custom. */
  presets: readonly number[];
  fees: boolean;
  saving: boolean;
  dirty: boolean;
  saveError: string | null;
  /** After a save refused because someone else changed a commission or the flag: Reload keeps the input. */
  stale: StaleNoticeProps | null;
  onChoose(categoryId: number, choice: CommissionChoiceKey): void;
  onCustom(categoryId: number, text: string): void;
  onFees(value: boolean): void;
  onSave(): void;
  onRetry(): void;
}

/**
 * Commission settings (spec 02 §2, §5, §9): per service category 15%, 20% (the default) or a custom
 * percentage from 0 to 100, and whether Upkeep pays the card processing fees.
 */
export function CommissionSettings(props: CommissionSettingsProps) {
  if (props.loading) {
    return <LoadingRows label="Loading commission" rows={2} height="10" />;
  }
  if (props.loadFailed) {
    return <RetryMessage message={props.loadFailedText} onRetry={props.onRetry} />;
  }
  const submit = submitWith(() => {
    if (props.editable) props.onSave();
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Commission settings">
      <Stack gap="4">
        {props.readOnlyNote && <Text color="gray.700">{props.readOnlyNote}</Text>}
        {props.emptyText && <Text color="gray.700">{props.emptyText}</Text>}
        <SimpleGrid columns={{ base: 1, lg: 2 }} columnGap="8" rowGap="4" maxW="4xl">
          {props.rows.map((row) => (
            <Flex key={row.categoryId} gap="3" wrap="wrap" align="flex-start">
              <Field.Root flex="1 1 12rem" minW="44">
                <Field.Label>{`${row.categoryName} commission`}</Field.Label>
                <NativeSelect.Root disabled={!props.editable}>
                  <NativeSelect.Field
                    bg="white"
                    value={row.choice}
                    onChange={(event) =>
                      props.onChoose(row.categoryId, event.target.value as CommissionChoiceKey)
                    }
                  >
                    {presetOptions(props.presets, row.choice).map((value) => (
                      <option key={value} value={value}>{`${value}%`}</option>
                    ))}
                    <option value="custom">Custom</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              {row.choice === 'custom' && (
                <Field.Root flex="0 1 9rem" minW="32" invalid={row.error !== null} required>
                  <Field.Label>{`${row.categoryName} custom percentage`}</Field.Label>
                  <InputGroup endElement="%">
                    <Input
                      bg="white"
                      inputMode="decimal"
                      autoComplete="off"
                      disabled={!props.editable}
                      value={row.customText}
                      onChange={(event) => props.onCustom(row.categoryId, event.target.value)}
                    />
                  </InputGroup>
                  <FieldError error={row.error} />
                </Field.Root>
              )}
            </Flex>
          ))}
        </SimpleGrid>
        <Switch.Root
          checked={props.fees}
          disabled={!props.editable}
          onCheckedChange={(event) => props.onFees(event.checked)}
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>Upkeep pays the processing fees</Switch.Label>
        </Switch.Root>
        {props.saveError && (
          <Text role="alert" color="red.700">
            {props.saveError}
          </Text>
        )}
        {props.stale && <StaleNotice {...props.stale} />}
        {props.readOnlyNote === null && (
          <Flex>
            <Button
              type="submit"
              colorPalette="teal"
              disabled={!props.editable || !props.dirty}
              loading={props.saving}
              loadingText="Updating"
            >
              Update commission
            </Button>
          </Flex>
        )}
      </Stack>
    </form>
  );
}
