import { Button, Dialog, Field, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
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
    <Dialog.Root
      open={props.open}
      onOpenChange={(details) => {
        if (!details.open && !props.saving) props.onClose();
      }}
      placement="center"
      scrollBehavior="inside"
      size="lg"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3">
            <Dialog.Header>
              <Dialog.Title>Bulk edit mappings</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {props.entries.length === 0 ? (
                  <Text>Every {props.strategy} service item is mapped.</Text>
                ) : (
                  <Text color="fg.muted">
                    Choose the Upkeep service item or bundle for each {props.strategy} service item to map;
                    the rest stay as they are.
                  </Text>
                )}
                {props.entries.map((entry) => (
                  <Field.Root key={entry.externalId} invalid={props.failed === entry.externalId}>
                    <Field.Label>{entry.name}</Field.Label>
                    <NativeSelect.Root disabled={props.saving}>
                      <NativeSelect.Field
                        value={targetKey(entry.target)}
                        onChange={(event) => {
                          const target = parseTargetKey(event.target.value);
                          props.onChange(entry.externalId, target, sectionOf(target));
                        }}
                      >
                        <option value="">Not mapped</option>
                        {props.groups.map((group) => (
                          <optgroup key={group.section} label={group.section}>
                            {group.options.map((option) => (
                              <option key={targetKey(option.target)} value={targetKey(option.target)}>
                                {option.name}
                              </option>
                            ))}
                          </optgroup>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                ))}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" disabled={props.saving} onClick={props.onClose}>
                Cancel
              </Button>
              <Button
                colorPalette="teal"
                disabled={!props.canSave}
                loading={props.saving}
                loadingText="Saving"
                onClick={props.onSave}
              >
                Save mappings
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
