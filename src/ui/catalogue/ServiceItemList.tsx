import { Badge, Box, Button, Flex, IconButton, Stack, Tabs, Text, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import type {
  ServiceItemErrors,
  ServiceItemField,
  ServiceItemForm,
  SubCategoryGroup,
} from '../../domain/catalogue/catalogue';
import { formatDollars, parseDollars } from '../../domain/shared/money';
import { ServiceItemEditor } from './ServiceItemEditor';
import type { StaleNoticeProps } from '../kit/StaleNotice';
import { useNewDraftFocus } from '../kit/use-new-draft-focus';
import { DraftListHeading, draftCountText } from './DraftListHeading';

export interface ServiceItemRowProps {
  key: string;
  id: number | null;
  isNew: boolean;
  form: ServiceItemForm;
  errors: ServiceItemErrors;
  edited: boolean;
  position: number;
  of: number;
  busy: boolean;
}

export interface ServiceItemListProps {
  categoryName: string;
  tabs: SubCategoryGroup[];
  tab: SubCategoryGroup | null;
  rows: ServiceItemRowProps[];
  count: number;
  /** Unsaved new items shown (not in `count`, as the category sidebar counts saved items only). */
  drafts: number;
  busy: boolean;
  canSaveOrder: boolean;
  expanded: ReadonlySet<string>;
  onToggle(key: string): void;
  onTabChange(tab: SubCategoryGroup): void;
  onAdd(): void;
  onChange(key: string, field: ServiceItemField, value: string | boolean): void;
  onSave(key: string): void;
  onDiscard(key: string): void;
  onDelete(key: string): void;
  /** Drag and drop: to a place (0-based) within the shown list. */
  onMove(key: string, toIndex: number): void;
  onMoveBy(key: string, offset: number): void;
  onSaveOrder(): void;
  renderUnitsIcon(row: ServiceItemRowProps): ReactNode;
  /** Who last changed the category, and when (under its name). */
  changedBy?: ReactNode;
  /** Who last changed a saved item, and when (under its summary while it is open). */
  renderChangedBy?(row: ServiceItemRowProps): ReactNode;
  /** The row whose save was refused as stale, and its notice. */
  stale: { key: string; notice: StaleNoticeProps } | null;
}

const nameOf = (row: ServiceItemRowProps) => row.form.name.trim() || 'New service item';

function summary(row: ServiceItemRowProps): string {
  const cents = parseDollars(row.form.price);
  // A price that does not read as dollars is not echoed back raw ("12.345"): the field says what is wrong.
  const price = cents === undefined ? 'price to fix' : formatDollars(cents);
  const parts = [`${row.form.timeInMins} min`, `${price}${row.form.isPricePerUnit ? ' per unit' : ''}`];
  if (row.form.subCategory.trim()) parts.push(row.form.subCategory.trim());
  return parts.join(' · ');
}

function GripIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
      {[3, 7, 11].flatMap((y) =>
        [4, 10].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.4" fill="currentColor" />),
      )}
    </svg>
  );
}

/**
 * The chosen category's service items (01 §2): Injectables' Botox/Fillers tabs with the count after the
 * filter, drafts, editing, and reordering by dragging the handle or with the arrow keys on it.
 */
export function ServiceItemList(props: ServiceItemListProps) {
  const { rows } = props;
  const [dragKey, setDragKey] = useState<string | null>(null);
  const [overKey, setOverKey] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const rowElements = useRef(new Map<string, HTMLElement>());
  const moved = useRef<{ key: string; focus: boolean } | null>(null);

  // A new draft is brought into view with its name field focused (it may be added below the fold).
  const draftRef = useNewDraftFocus(rows, 'form input');

  // After a move: keep the focus on the moved item's handle and say where it went.
  useEffect(() => {
    const last = moved.current;
    if (!last) return;
    moved.current = null;
    const row = rows.find((candidate) => candidate.key === last.key);
    if (!row) return;
    setAnnouncement(`${nameOf(row)} moved to position ${row.position} of ${row.of}`);
    if (last.focus) handles.current.get(row.key)?.focus();
  }, [rows]);

  const moveBy = (row: ServiceItemRowProps, offset: number) => {
    if ((offset < 0 && row.position <= 1) || (offset > 0 && row.position >= row.of)) {
      setAnnouncement(`${nameOf(row)} is already ${offset < 0 ? 'first' : 'last'}`);
      return;
    }
    moved.current = { key: row.key, focus: true };
    props.onMoveBy(row.key, offset);
  };

  const onHandleKey = (row: ServiceItemRowProps) => (event: KeyboardEvent) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      if (!props.busy) moveBy(row, event.key === 'ArrowUp' ? -1 : 1);
    }
  };

  const onDragStart = (row: ServiceItemRowProps) => (event: DragEvent) => {
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', row.key);
    const element = rowElements.current.get(row.key);
    if (element) event.dataTransfer.setDragImage(element, 16, 16);
    setDragKey(row.key);
  };
  const endDrag = () => {
    setDragKey(null);
    setOverKey(null);
  };
  const onDrop = (index: number) => (event: DragEvent) => {
    event.preventDefault();
    const key = dragKey ?? event.dataTransfer.getData('text/plain');
    endDrag();
    if (!key || props.busy || rows[index]?.key === key || !rows.some((row) => row.key === key)) return;
    moved.current = { key, focus: false };
    props.onMove(key, index);
  };

  const list =
    rows.length === 0 ? (
      <Text color="gray.600" py="4">
        {props.tab ? `No ${props.tab} service items yet.` : 'No service items in this category yet.'}
      </Text>
    ) : (
      <Stack as="ol" aria-label={`${props.categoryName} service items`} listStyleType="none" gap="2" mt="3">
        {rows.map((row, index) => {
          const name = nameOf(row);
          const editorId = `service-item-editor-${row.key}`;
          const open = row.isNew || props.expanded.has(row.key);
          return (
            <Box
              as="li"
              key={row.key}
              ref={(element: HTMLElement | null) => {
                if (element) rowElements.current.set(row.key, element);
                else rowElements.current.delete(row.key);
                draftRef(row.key)(element);
              }}
              borderWidth="1px"
              borderColor={overKey === row.key && dragKey !== row.key ? 'teal.600' : 'gray.200'}
              borderStyle={overKey === row.key && dragKey !== row.key ? 'dashed' : 'solid'}
              bg={dragKey === row.key ? 'gray.100' : 'white'}
              rounded="md"
              p="3"
              data-testid="service-item-row"
              onDragOver={(event: DragEvent) => {
                if (!dragKey) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                if (overKey !== row.key) setOverKey(row.key);
              }}
              onDrop={onDrop(index)}
            >
              <Flex align="center" gap="3">
                <IconButton
                  ref={(element: HTMLButtonElement | null) => {
                    if (element) handles.current.set(row.key, element);
                    else handles.current.delete(row.key);
                  }}
                  aria-label={`Reorder ${name}`}
                  aria-describedby="reorder-help"
                  variant="ghost"
                  size="sm"
                  cursor="grab"
                  draggable={!props.busy}
                  onDragStart={onDragStart(row)}
                  onDragEnd={endDrag}
                  onKeyDown={onHandleKey(row)}
                >
                  <GripIcon />
                </IconButton>
                <Box flex="1" minW="0">
                  <Text fontWeight="semibold" truncate>
                    {name}
                  </Text>
                  <Text fontSize="sm" color="gray.600">
                    {summary(row)}
                  </Text>
                  {open && !row.isNew && props.renderChangedBy?.(row)}
                </Box>
                {row.isNew && <Badge colorPalette="orange">Not saved yet</Badge>}
                {!row.isNew && row.edited && <Badge colorPalette="yellow">Unsaved changes</Badge>}
                {!row.isNew && (
                  <Button
                    size="sm"
                    variant="outline"
                    aria-expanded={open}
                    aria-controls={open ? editorId : undefined}
                    aria-label={`${open ? 'Close' : 'Edit'} ${name}`}
                    onClick={() => props.onToggle(row.key)}
                  >
                    {open ? 'Close' : 'Edit'}
                  </Button>
                )}
              </Flex>
              {open && (
                <ServiceItemEditor
                  id={editorId}
                  form={row.form}
                  errors={row.errors}
                  isNew={row.isNew}
                  edited={row.edited}
                  busy={row.busy}
                  disabled={props.busy}
                  onChange={(field, value) => props.onChange(row.key, field, value)}
                  onSave={() => props.onSave(row.key)}
                  onDiscard={() => props.onDiscard(row.key)}
                  onDelete={() => props.onDelete(row.key)}
                  unitsIcon={props.renderUnitsIcon(row)}
                  stale={props.stale?.key === row.key ? props.stale.notice : null}
                />
              )}
            </Box>
          );
        })}
      </Stack>
    );

  const countText = draftCountText(props.count, props.drafts, ['service item', 'service items']);
  return (
    <Box as="section" aria-labelledby="service-items-heading" bg="white" p="4" rounded="md" borderWidth="1px">
      <DraftListHeading
        id="service-items-heading"
        title={props.categoryName}
        count={props.count}
        actions={
          <Flex gap="2" wrap="wrap">
            {/* Outline: the page's one filled action is its header's (New Category). */}
            <Button colorPalette="teal" variant="outline" onClick={props.onAdd} disabled={props.busy}>
              New Service Item
            </Button>
            <Button
              variant="outline"
              colorPalette="teal"
              onClick={props.onSaveOrder}
              disabled={!props.canSaveOrder}
            >
              Save order
            </Button>
          </Flex>
        }
      />
      <Text color="gray.600" fontSize="sm" role="status" data-testid="service-item-count">
        {props.tab ? `${countText} under ${props.tab}` : countText}
      </Text>
      {props.changedBy}
      <VisuallyHidden id="reorder-help">
        Press the up or down arrow key to move this item within the list, or drag it with the mouse. Save
        order keeps the new order.
      </VisuallyHidden>
      <VisuallyHidden aria-live="assertive" data-testid="reorder-announcement">
        {announcement}
      </VisuallyHidden>
      {props.tabs.length > 0 && props.tab ? (
        <Tabs.Root
          value={props.tab}
          onValueChange={(details) => props.onTabChange(details.value as SubCategoryGroup)}
          colorPalette="teal"
          mt="3"
        >
          <Tabs.List>
            {props.tabs.map((tab) => (
              <Tabs.Trigger key={tab} value={tab}>
                {tab}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {props.tabs.map((tab) => (
            <Tabs.Content key={tab} value={tab}>
              {tab === props.tab ? list : null}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      ) : (
        list
      )}
    </Box>
  );
}
