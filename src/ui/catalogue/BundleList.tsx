import {
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Field,
  Flex,
  Heading,
  Input,
  SimpleGrid,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { StaleNotice, type StaleNoticeProps } from '../kit/StaleNotice';

export interface BundleRowProps {
  id: number;
  name: string;
  itemIds: number[];
  errors: { name?: string };
  edited: boolean;
  busy: boolean;
}

export interface BundleItemGroup {
  categoryName: string;
  items: { id: number; name: string }[];
}

export interface BundleListProps {
  categoryName: string;
  bundles: BundleRowProps[];
  /** The items a bundle can hold, by category (the chosen category first). */
  itemGroups: BundleItemGroup[];
  busy: boolean;
  creating: boolean;
  onAdd(): void;
  onRename(id: number, name: string): void;
  onToggle(id: number, itemId: number, included: boolean): void;
  onSave(id: number): void;
  onDiscard(id: number): void;
  onDelete(id: number): void;
  /** The bundle whose save was refused as stale, and its notice. */
  stale: { key: number; notice: StaleNoticeProps } | null;
}

/** The chosen category's bundles (01 §2, §3): create ('New Bundle'), rename, pick items, save, delete. */
export function BundleList(props: BundleListProps) {
  return (
    <Box as="section" aria-labelledby="bundles-heading" bg="white" p="4" rounded="md" borderWidth="1px">
      <Flex align="center" justify="space-between" gap="3" wrap="wrap" mb="3">
        <Heading as="h2" id="bundles-heading" size="lg">
          Bundles
        </Heading>
        <Button
          colorPalette="teal"
          variant="outline"
          onClick={props.onAdd}
          loading={props.creating}
          disabled={props.busy}
        >
          New Bundle
        </Button>
      </Flex>
      {props.bundles.length === 0 ? (
        <Text color="gray.600">No bundles in {props.categoryName} yet.</Text>
      ) : (
        <Stack gap="3">
          {props.bundles.map((bundle) => (
            <BundleCard key={bundle.id} bundle={bundle} {...props} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function BundleCard({ bundle, ...props }: BundleListProps & { bundle: BundleRowProps }) {
  const label = bundle.name.trim() || 'this bundle';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSave(bundle.id);
  };
  const chosen = new Set(bundle.itemIds);
  return (
    <chakra.form onSubmit={submit} noValidate aria-label={`Bundle ${label}`}>
      <Card.Root variant="outline">
        <Card.Body gap="3">
          <Flex gap="3" align="flex-end" wrap="wrap">
            <Field.Root required invalid={Boolean(bundle.errors.name)} flex="1" minW="60">
              <Field.Label>
                Bundle name <Field.RequiredIndicator />
              </Field.Label>
              <Input
                value={bundle.name}
                maxLength={200}
                onChange={(event) => props.onRename(bundle.id, event.target.value)}
              />
              <Field.ErrorText>{bundle.errors.name}</Field.ErrorText>
            </Field.Root>
            <Badge colorPalette="teal" variant="subtle">
              {bundle.itemIds.length} {bundle.itemIds.length === 1 ? 'item' : 'items'}
            </Badge>
            {bundle.edited && <Badge colorPalette="yellow">Unsaved changes</Badge>}
          </Flex>
          <Box as="fieldset" borderWidth="0" p="0" m="0" minW="0">
            <Box as="legend" fontWeight="medium" p="0">
              Service items in {label}
            </Box>
            <Stack gap="3" mt="2">
              {props.itemGroups.map((group) => (
                <Box key={group.categoryName} role="group" aria-label={`${group.categoryName} items`}>
                  <Text fontSize="sm" color="gray.600" mb="1">
                    {group.categoryName}
                  </Text>
                  <SimpleGrid columns={{ base: 1, sm: 2, xl: 3 }} gap="1">
                    {group.items.map((item) => (
                      <Checkbox.Root
                        key={item.id}
                        size="sm"
                        colorPalette="teal"
                        checked={chosen.has(item.id)}
                        onCheckedChange={(event) =>
                          props.onToggle(bundle.id, item.id, event.checked === true)
                        }
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>{item.name}</Checkbox.Label>
                      </Checkbox.Root>
                    ))}
                  </SimpleGrid>
                </Box>
              ))}
            </Stack>
          </Box>
          {props.stale?.key === bundle.id && <StaleNotice {...props.stale.notice} />}
          <Flex gap="2" wrap="wrap">
            <Button
              type="submit"
              colorPalette="teal"
              loading={bundle.busy}
              disabled={props.busy && !bundle.busy}
              aria-label={`Save bundle ${label}`}
            >
              Save
            </Button>
            <Button
              variant="outline"
              onClick={() => props.onDiscard(bundle.id)}
              disabled={!bundle.edited || props.busy}
              aria-label={`Discard changes to bundle ${label}`}
            >
              Discard changes
            </Button>
            <Button
              variant="outline"
              colorPalette="red"
              ml="auto"
              onClick={() => props.onDelete(bundle.id)}
              disabled={props.busy}
              aria-label={`Delete bundle ${label}`}
            >
              Delete
            </Button>
          </Flex>
        </Card.Body>
      </Card.Root>
    </chakra.form>
  );
}
