import { Badge, Box, Button, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LoadingRows } from '../kit/ListStates';
import { RetryMessage } from '../kit/RetryMessage';

export interface SpecialDateRow {
  id: number;
  /** "Thu, Dec 24, 2026" or "Thu, Dec 24, 2026 - Fri, Dec 25, 2026". */
  label: string;
  past: boolean;
  items: { id: number; name: string; kindLabel: 'Service' | 'Bundle' }[];
}

export interface SpecialDateListProps {
  loading: boolean;
  loadError: string | null;
  /** False while something is being added or removed: the controls wait. */
  canEdit: boolean;
  busy: boolean;
  pick: { start: string; end: string };
  dates: readonly SpecialDateRow[];
  emptyText: string | null;
  removingItemId: number | null;
  onPick(end: 'start' | 'end', value: string): void;
  onOpenServices(id: number): void;
  onRemoveItem(dateId: number, itemId: number): void;
  onRemoveDate(id: number): void;
  onRetry(): void;
  /** Who last changed a date, and when (under its label). */
  renderChangedBy?(date: SpecialDateRow): ReactNode;
}

/** The range picker's two days. */
const PICK_ENDS = [
  { end: 'start', label: 'First day', name: 'specialDateStart' },
  { end: 'end', label: 'Last day', name: 'specialDateEnd' },
] as const;

/**
 * The location's special dates: a range picker (the date is added once both ends are picked) and each date
 * with its service items and bundles, which can be added to or removed, or the whole date removed.
 */
export function SpecialDateList(props: SpecialDateListProps) {
  if (props.loading) {
    return <LoadingRows label="Loading special dates" rows={2} height="10" />;
  }
  if (props.loadError !== null) {
    return <RetryMessage message={props.loadError} onRetry={props.onRetry} />;
  }
  return (
    <Stack gap="4">
      <Box as="fieldset" borderWidth="1px" rounded="md" p="3" bg="white">
        <Text as="legend" fontWeight="medium" px="1">
          Add a special date
        </Text>
        <Text fontSize="sm" color="gray.700" mb="2">
          Pick the first and last day; the date is added when both are picked.
        </Text>
        <Flex gap="3" wrap="wrap">
          {PICK_ENDS.map(({ end, label, name }) => (
            <Field.Root key={end} flex="1" minW="40">
              <Field.Label>{label}</Field.Label>
              <Input
                type="date"
                name={name}
                value={props.pick[end]}
                disabled={!props.canEdit}
                onChange={(event) => props.onPick(end, event.target.value)}
              />
            </Field.Root>
          ))}
        </Flex>
      </Box>
      {props.emptyText && <Text color="gray.700">{props.emptyText}</Text>}
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Special dates" aria-busy={props.busy}>
        {props.dates.map((date) => (
          <Box as="li" key={date.id} borderWidth="1px" rounded="md" p="3" bg="white">
            <Flex gap="2" align="center" wrap="wrap" justify="space-between">
              <Stack gap="0" minW="0">
                <Flex gap="2" align="center" wrap="wrap">
                  <Text fontWeight="semibold">{date.label}</Text>
                  {date.past && <Badge colorPalette="gray">Past</Badge>}
                </Flex>
                {props.renderChangedBy?.(date)}
              </Stack>
              <Flex gap="2" wrap="wrap">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={!props.canEdit}
                  onClick={() => props.onOpenServices(date.id)}
                  aria-label={`Add services to ${date.label}`}
                >
                  Add services
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  disabled={!props.canEdit}
                  onClick={() => props.onRemoveDate(date.id)}
                  aria-label={`Remove special date ${date.label}`}
                >
                  Remove
                </Button>
              </Flex>
            </Flex>
            {date.items.length === 0 ? (
              <Text fontSize="sm" color="gray.700" mt="2">
                No services yet.
              </Text>
            ) : (
              <Stack as="ul" gap="1" mt="2" listStyleType="none" aria-label={`Services on ${date.label}`}>
                {date.items.map((item) => (
                  <Flex as="li" key={item.id} gap="2" align="center" justify="space-between" wrap="wrap">
                    <Text fontSize="sm" wordBreak="break-word">
                      {item.name}
                      <Text as="span" color="gray.600">
                        {' '}
                        ({item.kindLabel})
                      </Text>
                    </Text>
                    <Button
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      disabled={!props.canEdit}
                      loading={props.removingItemId === item.id}
                      onClick={() => props.onRemoveItem(date.id, item.id)}
                      aria-label={`Remove ${item.name} from ${date.label}`}
                    >
                      Remove
                    </Button>
                  </Flex>
                ))}
              </Stack>
            )}
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}
