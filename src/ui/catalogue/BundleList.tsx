import {
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Field,
  Flex,
  Input,
  SimpleGrid,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { StaleNotice, type StaleNoticeProps } from '../kit/StaleNotice';
import { useNewDraftFocus } from '../kit/use-new-draft-focus';
import { FieldError, submitWith } from '../kit/FormParts';
import { DraftListHeading, draftCountText } from './DraftListHeading';

export interface BundleRowProps {
  key: string;
  /** Null for a draft. */
  id: number | null;
  /** A draft: not on the server until Save. */
  isNew: boolean;
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
  /** Saved bundles; unsaved drafts are counted apart. */
  count: number;
  drafts: number;
  /** The items a bundle can hold, by category (the chosen category first). */
  itemGroups: BundleItemGroup[];
  busy: boolean;
  onAdd(): void;
  onRename(key: string, name: string): void;
  onToggle(key: string, itemId: number, included: boolean): void;
  onSave(key: string): void;
  /** Removes a draft, or puts a saved bundle back to what is saved. */
  onDiscard(key: string): void;
  onDelete(key: string): void;
  /** The bundle whose save was refused as stale, and its notice. */
  stale: { key: string; notice: StaleNoticeProps } | null;
  /** Who last changed a saved bundle, and when (under its name). */
  renderChangedBy?(bundle: BundleRowProps): ReactNode;
}

/**
 * The chosen category's bundles (01 §2, §3): New Bundle adds a draft (saved by its Save, removed by Remove),
 * rename, pick items, save, delete.
 */
export function BundleList(props: BundleListProps) {
  // A new draft is brought into view with its name field focused (it is added below the others).
  const draftRef = useNewDraftFocus(props.bundles);

  const countText = draftCountText(props.count, props.drafts, ['bundle', 'bundles']);
  return (
    <Box as="section" aria-labelledby="bundles-heading" bg="white" p="4" rounded="md" borderWidth="1px">
      <DraftListHeading
        id="bundles-heading"
        title="Bundles"
        count={props.count}
        actions={
          <Button colorPalette="teal" variant="outline" onClick={props.onAdd} disabled={props.busy}>
            New Bundle
          </Button>
        }
      />
      <Text color="gray.600" fontSize="sm" role="status" data-testid="bundle-count" mb="3">
        {countText}
      </Text>
      {props.bundles.length === 0 ? (
        <Text color="gray.600">No bundles in {props.categoryName} yet.</Text>
      ) : (
        <Stack gap="3">
          {props.bundles.map((bundle) => (
            <Box key={bundle.key} ref={draftRef(bundle.key)} scrollMarginTop="20">
              <BundleCard bundle={bundle} {...props} />
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}

function BundleCard({ bundle, ...props }: BundleListProps & { bundle: BundleRowProps }) {
  const label = bundle.name.trim() || 'this bundle';
  const submit = submitWith(() => props.onSave(bundle.key));
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
                onChange={(event) => props.onRename(bundle.key, event.target.value)}
              />
              <FieldError error={bundle.errors.name} />
            </Field.Root>
            <Badge colorPalette="teal" variant="subtle">
              {bundle.itemIds.length} {bundle.itemIds.length === 1 ? 'item' : 'items'}
            </Badge>
            {bundle.isNew && <Badge colorPalette="orange">Not saved yet</Badge>}
            {!bundle.isNew && bundle.edited && <Badge colorPalette="yellow">Unsaved changes</Badge>}
          </Flex>
          {!bundle.isNew && props.renderChangedBy?.(bundle)}
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
                          props.onToggle(bundle.key, item.id, event.checked === true)
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
          {props.stale?.key === bundle.key && <StaleNotice {...props.stale.notice} />}
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
            {bundle.isNew ? (
              <Button
                variant="outline"
                onClick={() => props.onDiscard(bundle.key)}
                disabled={bundle.busy}
                aria-label={`Remove new bundle ${label}`}
              >
                Remove
              </Button>
            ) : (
              <>
                <Button
                  variant="outline"
                  onClick={() => props.onDiscard(bundle.key)}
                  disabled={!bundle.edited || props.busy}
                  aria-label={`Discard changes to bundle ${label}`}
                >
                  Discard changes
                </Button>
                <Button
                  variant="outline"
                  colorPalette="red"
                  ml="auto"
                  onClick={() => props.onDelete(bundle.key)}
                  disabled={props.busy}
                  aria-label={`Delete bundle ${label}`}
                >
                  Delete
                </Button>
              </>
            )}
          </Flex>
        </Card.Body>
      </Card.Root>
    </chakra.form>
  );
}
