import {
  Badge,
  Box,
  Button,
  Checkbox,
  Field,
  Flex,
  Heading,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { MappingSection, MappingTarget } from '../../domain/mappings/mappings';
import { MAPPING_MESSAGES } from '../../domain/shared/messages';
import { FieldError, SelectOptions } from '../kit/FormParts';

export interface ServiceSelectionItem {
  id: string;
  target: MappingTarget;
  name: string;
  rowKey: string | null;
  externalId: string;
  status: 'saved' | 'unsaved' | 'incomplete' | null;
  working: boolean;
  /** Its removal is being asked about: shown unselected until the answer. */
  removing: boolean;
}

export interface ServiceSelectionProps {
  /** The scheduling system's name, for labels ("Boulevard service"). */
  system: string;
  externalItems: ReadonlyArray<{ id: string; name: string }>;
  sections: ReadonlyArray<{ section: MappingSection; items: ServiceSelectionItem[]; selected: number }>;
  busy: boolean;
  unsaved: number;
  canSave: boolean;
  /** Said under Save: what else keeps the selections (the wizard's Get Started). */
  saveHint?: string;
  onToggle(section: MappingSection, item: ServiceSelectionItem): void;
  onChange(rowKey: string, externalId: string): void;
  onSave(): void;
}

const STATUS = {
  saved: { label: 'Saved', palette: 'green' },
  unsaved: { label: 'Not saved', palette: 'orange' },
} as const;

const sectionId = (section: string) => `selection-${section.replace(/\W+/g, '-').toLowerCase()}`;

/**
 * The mapping editor as a selection (spec 02 §2 Step 2, "Select supported Upkeep service items"): per section
 * (Facials, Injectables, Laser (Hair Removal), Body Contour, Bundles) every Upkeep item and bundle with a
 * checkbox, and for each selected one the scheduling system's service that books it.
 */
export function ServiceSelection(props: ServiceSelectionProps) {
  return (
    <Stack gap="6">
      <Flex justify="space-between" align={{ base: 'stretch', sm: 'flex-start' }} gap="3" wrap="wrap">
        <Text color="fg.muted" flex="1" minW="16rem">
          Select the Upkeep service items and bundles your {props.system} business offers, and the{' '}
          {props.system} service that books each.
        </Text>
        <Stack gap="1" align={{ base: 'stretch', sm: 'flex-end' }}>
          <Button
            colorPalette="teal"
            disabled={!props.canSave}
            loading={props.busy && props.unsaved > 0}
            loadingText="Saving"
            onClick={props.onSave}
          >
            Save selections
          </Button>
          <Text fontSize="sm" color="fg.muted" role="status">
            {props.unsaved === 0
              ? 'All selections saved.'
              : `${props.unsaved} unsaved ${props.unsaved === 1 ? 'change' : 'changes'}.${props.saveHint ? ` ${props.saveHint}` : ''}`}
          </Text>
        </Stack>
      </Flex>
      {props.sections.map(({ section, items, selected }) => (
        <Box as="section" key={section} aria-labelledby={sectionId(section)}>
          <Flex align="baseline" justify="space-between" gap="2" mb="2" wrap="wrap">
            <Heading as="h3" size="sm" id={sectionId(section)}>
              {section}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {selected} of {items.length} selected
            </Text>
          </Flex>
          {items.length === 0 ? (
            <Text color="fg.muted">No Upkeep service items here yet.</Text>
          ) : (
            <Stack gap="2">
              {items.map((item) => (
                <SelectionRow key={item.id} {...props} section={section} item={item} />
              ))}
            </Stack>
          )}
        </Box>
      ))}
    </Stack>
  );
}

function SelectionRow(
  props: ServiceSelectionProps & { section: MappingSection; item: ServiceSelectionItem },
) {
  const { item, system } = props;
  const selected = item.rowKey !== null;
  const fieldId = `selection-service-${item.id.replace(':', '-')}`;
  return (
    <Stack
      role="group"
      aria-label={item.name}
      direction={{ base: 'column', md: 'row' }}
      gap={{ base: '2', md: '4' }}
      align={{ base: 'stretch', md: 'center' }}
      borderWidth="1px"
      borderRadius="md"
      borderColor={selected ? 'teal.200' : 'border'}
      bg={selected ? 'teal.50' : undefined}
      px="3"
      py="2"
      minH="12"
    >
      <Checkbox.Root
        flex="1"
        checked={selected && !item.removing}
        disabled={props.busy}
        onCheckedChange={() => props.onToggle(props.section, item)}
        colorPalette="teal"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{item.name}</Checkbox.Label>
      </Checkbox.Root>
      {selected && item.rowKey !== null ? (
        <Flex
          flex="1.4"
          gap="3"
          align={{ base: 'stretch', sm: 'center' }}
          direction={{ base: 'column', sm: 'row' }}
        >
          <Field.Root flex="1" invalid={item.status === 'incomplete'}>
            <Field.Label htmlFor={fieldId} fontSize="xs" color="fg.muted" mb="0">
              {`${system} service`}
            </Field.Label>
            <NativeSelect.Root size="sm" disabled={props.busy}>
              <NativeSelect.Field
                id={fieldId}
                aria-label={`${system} service for ${item.name}`}
                bg="white"
                value={item.externalId}
                onChange={(event) => props.onChange(item.rowKey ?? '', event.target.value)}
              >
                <option value="">{`Choose the ${system} service…`}</option>
                <SelectOptions
                  options={props.externalItems.map((external) => ({
                    value: external.id,
                    label: external.name,
                  }))}
                />
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {item.status === 'incomplete' && <FieldError error={MAPPING_MESSAGES.chooseService(system)} />}
          </Field.Root>
          <Box minW={{ sm: '5.5rem' }} display="flex" justifyContent={{ sm: 'flex-end' }}>
            {item.status === 'saved' || item.status === 'unsaved' ? (
              <Badge colorPalette={STATUS[item.status].palette}>
                {item.working ? 'Saving…' : STATUS[item.status].label}
              </Badge>
            ) : null}
          </Box>
        </Flex>
      ) : null}
    </Stack>
  );
}
