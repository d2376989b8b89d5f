import { Button, Field, Flex, Input, Stack, Tabs, Textarea } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { TierTab } from '../../domain/pricing-tiers/tiers';
import { StaleNotice, type StaleNoticeProps } from '../kit/StaleNotice';
import { FieldError, FormAlert } from '../kit/FormParts';

export interface TierEditorFormProps {
  name: string;
  description: string;
  nameError: string | undefined;
  saveError: string | null;
  /** Shown when someone else saved the tier since it was opened. */
  stale: StaleNoticeProps | null;
  tab: TierTab;
  dirty: boolean;
  saving: boolean;
  editable: boolean;
  menu: ReactNode;
  map: ReactNode;
  onFieldChange(field: 'name' | 'description', value: string): void;
  onTabChange(tab: TierTab): void;
  onSave(): void;
}

/** The tier editor (01 §2): name, description, and the Menu and Map tabs; Save sends name, prices and cities. */
export function TierEditorForm(props: TierEditorFormProps) {
  return (
    // Not a <form>: the Map tab holds forms of its own (polygon name, address check), and forms cannot nest.
    <Stack gap="4">
      <Field.Root invalid={props.nameError !== undefined} required disabled={!props.editable}>
        <Field.Label>
          Tier name
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          name="name"
          value={props.name}
          onChange={(event) => props.onFieldChange('name', event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') props.onSave();
          }}
        />
        <FieldError error={props.nameError} />
      </Field.Root>
      <Field.Root disabled={!props.editable}>
        <Field.Label>Description</Field.Label>
        <Textarea
          name="description"
          rows={2}
          value={props.description}
          onChange={(event) => props.onFieldChange('description', event.target.value)}
        />
      </Field.Root>
      <Tabs.Root
        value={props.tab}
        onValueChange={(details) => props.onTabChange(details.value as TierTab)}
        variant="line"
        colorPalette="teal"
        lazyMount
      >
        <Tabs.List>
          <Tabs.Trigger value="menu">Menu</Tabs.Trigger>
          <Tabs.Trigger value="map">Map</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="menu">{props.menu}</Tabs.Content>
        <Tabs.Content value="map">{props.map}</Tabs.Content>
      </Tabs.Root>
      {props.stale && <StaleNotice {...props.stale} />}
      {props.saveError && <FormAlert title={props.saveError} />}
      <Flex gap="3" align="center" wrap="wrap">
        <Button colorPalette="teal" onClick={props.onSave} loading={props.saving} disabled={!props.editable}>
          Save
        </Button>
        {props.dirty && <span>Unsaved changes</span>}
      </Flex>
    </Stack>
  );
}
