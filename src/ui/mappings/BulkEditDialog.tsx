import { Stack, Text } from '@chakra-ui/react';
import { FormDialog } from '../kit/DialogShell';
import { SelectField, SelectOptions } from '../kit/FormParts';
import {
  parseTargetKey,
  targetKey,
  type MappingSection,
  type MappingTarget,
  type TargetOption,
} from '../../domain/mappings/mappings';

export interface BulkEditDialogProps {
  open: boolean;
  strategy: string;
  entries: ReadonlyArray<{ externalId: string; name: string; target: MappingTarget | null }>;
  /** Every choice, grouped by section. */
  groups: ReadonlyArray<{ section: MappingSection; options: TargetOption[] }>;
  /** The entry a save was refused for. */
  failed: string | null;
  saving: boolean;
  canSave: boolean;
  onChange(externalId: string, target: MappingTarget | null, section: MappingSection | null): void;
  onSave(): void;
  onClose(): void;
}

/** The bulk edit dialog (spec 02 §4): an Upkeep item or bundle for each unmapped external item at once. */
export function BulkEditDialog(props: BulkEditDialogProps) {
  const sectionOf = (target: MappingTarget | null) =>
    target === null
      ? null
      : (props.groups.find((group) =>
          group.options.some((option) => targetKey(option.target) === targetKey(target)),
        )?.section ?? null);
  return (
    <FormDialog
      open={props.open}
      title="Bulk edit mappings"
      busy={props.saving}
      onClose={props.onClose}
      size="lg"
      confirmLabel="Save mappings"
      busyLabel="Saving"
      disabled={!props.canSave}
      onSubmit={props.onSave}
    >
      <Stack gap="4">
        {props.entries.length === 0 ? (
          <Text>Every {props.strategy} service item is mapped.</Text>
        ) : (
          <Text color="fg.muted">
            Choose the Upkeep service item or bundle for each {props.strategy} service item to map; the rest
            stay as they are.
          </Text>
        )}
        {props.entries.map((entry) => (
          <SelectField
            key={entry.externalId}
            label={entry.name}
            invalid={props.failed === entry.externalId}
            disableSelect={props.saving}
            value={targetKey(entry.target)}
            onChange={(value) => {
              const target = parseTargetKey(value);
              props.onChange(entry.externalId, target, sectionOf(target));
            }}
          >
            <option value="">Not mapped</option>
            {props.groups.map((group) => (
              <optgroup key={group.section} label={group.section}>
                <SelectOptions
                  options={group.options.map((option) => ({
                    value: targetKey(option.target),
                    label: option.name,
                  }))}
                />
              </optgroup>
            ))}
          </SelectField>
        ))}
      </Stack>
    </FormDialog>
  );
}
