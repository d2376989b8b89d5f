import { Box, Button, Field, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import {
  MAPPING_SECTIONS,
  parseTargetKey,
  targetKey,
  type MappingSection,
  type MappingTarget,
  type TargetOption,
} from '../../domain/mappings/mappings';
import { namedOptions, SelectOptions } from '../kit/FormParts';

export interface MappingEditorRow {
  key: string;
  saved: boolean;
  externalId: string;
  target: MappingTarget | null;
  canSave: boolean;
}

export interface MappingEditorProps {
  /** The strategy's name, for labels ("MINDBODY service item"). */
  strategy: string;
  externalItems: ReadonlyArray<{ id: string; name: string }>;
  sections: ReadonlyArray<{ section: MappingSection; options: TargetOption[]; rows: MappingEditorRow[] }>;
  busy: boolean;
  /** The row whose save or delete is running. */
  pending: string | null;
  onAdd(section: MappingSection): void;
  onChange(key: string, change: { externalId?: string; target?: MappingTarget | null }): void;
  onSave(key: string): void;
  onDelete(key: string): void;
  onBulkEdit(): void;
}

/**
 * The service mapping editor (spec 02 §2, §4): one section per category (Facials, Injectables, Laser (Hair
 * Removal), Body Contour, Bundles); each row maps an external service item to one of ours.
 */
export function MappingEditor(props: MappingEditorProps) {
  return (
    <Stack gap="6">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Text color="fg.muted">
          Map each {props.strategy} service item to the Upkeep service item or bundle it sells.
        </Text>
        <Button variant="outline" colorPalette="teal" disabled={props.busy} onClick={props.onBulkEdit}>
          Bulk edit
        </Button>
      </HStack>
      {MAPPING_SECTIONS.map((name) => {
        const section = props.sections.find((entry) => entry.section === name);
        const headingId = `mapping-section-${name.replace(/\W+/g, '-').toLowerCase()}`;
        return (
          <Box as="section" key={name} aria-labelledby={headingId}>
            <Heading as="h3" size="sm" id={headingId} mb="2">
              {name}
            </Heading>
            <Stack gap="3">
              {(section?.rows ?? []).length === 0 && <Text color="fg.muted">No mappings yet.</Text>}
              {(section?.rows ?? []).map((row, index) => (
                <MappingRowFields
                  key={row.key}
                  {...props}
                  row={row}
                  label={`${name} row ${index + 1}`}
                  options={section?.options ?? []}
                />
              ))}
              <Button
                alignSelf="flex-start"
                size="sm"
                variant="ghost"
                colorPalette="teal"
                disabled={props.busy}
                onClick={() => props.onAdd(name)}
              >
                Add {name} mapping
              </Button>
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}

function MappingRowFields(
  props: MappingEditorProps & { row: MappingEditorRow; label: string; options: TargetOption[] },
) {
  const { row } = props;
  const working = props.pending === row.key;
  return (
    <Stack
      role="group"
      aria-label={props.label}
      direction={{ base: 'column', md: 'row' }}
      gap="3"
      align={{ base: 'stretch', md: 'flex-end' }}
      borderWidth="1px"
      borderRadius="md"
      p="3"
    >
      <Field.Root flex="1">
        <Field.Label>{`${props.strategy} service item`}</Field.Label>
        <NativeSelect.Root disabled={props.busy}>
          <NativeSelect.Field
            value={row.externalId}
            onChange={(event) => props.onChange(row.key, { externalId: event.target.value })}
          >
            <option value="">Choose…</option>
            <SelectOptions options={namedOptions(props.externalItems)} />
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root flex="1">
        <Field.Label>Upkeep service item</Field.Label>
        <NativeSelect.Root disabled={props.busy}>
          <NativeSelect.Field
            value={targetKey(row.target)}
            onChange={(event) => props.onChange(row.key, { target: parseTargetKey(event.target.value) })}
          >
            <option value="">Choose…</option>
            <SelectOptions
              options={props.options.map((option) => ({
                value: targetKey(option.target),
                label: option.name,
              }))}
            />
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <HStack gap="2">
        <Button
          colorPalette="teal"
          disabled={props.busy || !row.canSave}
          loading={working && props.busy}
          onClick={() => props.onSave(row.key)}
        >
          Save
        </Button>
        <Button
          variant="outline"
          colorPalette="red"
          disabled={props.busy}
          onClick={() => props.onDelete(row.key)}
        >
          Delete
        </Button>
      </HStack>
    </Stack>
  );
}
