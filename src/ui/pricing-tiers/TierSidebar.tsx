import { Box, Button, Flex, Popover, Portal, Stack, Text } from '@chakra-ui/react';

export interface TierSidebarProps {
  tiers: { id: number; name: string }[];
  chosenId: number | null;
  loading: boolean;
  adding: boolean;
  /** 01 §5: deletion is offered only while more than one tier exists. */
  canDelete: boolean;
  deletingId: number | null;
  onChoose(id: number): void;
  onAdd(): void;
  onDelete(id: number): void;
}

/** The tier list (01 §2): choose a tier, '+ Add Tier', and a delete popover per tier. */
export function TierSidebar(props: TierSidebarProps) {
  return (
    <Stack gap="2">
      {props.loading && <Text color="gray.700">Loading tiers…</Text>}
      <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
        {props.tiers.map((tier) => {
          const chosen = tier.id === props.chosenId;
          return (
            <Flex as="li" key={tier.id} align="center" gap="1">
              <Button
                flex="1"
                minW="0"
                justifyContent="flex-start"
                variant={chosen ? 'solid' : 'ghost'}
                colorPalette="teal"
                aria-current={chosen ? 'page' : undefined}
                onClick={() => props.onChoose(tier.id)}
              >
                <Box as="span" truncate>
                  {tier.name}
                </Box>
              </Button>
              {props.canDelete && (
                <Popover.Root positioning={{ placement: 'bottom-end' }}>
                  <Popover.Trigger asChild>
                    <Button
                      size="sm"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={`Delete tier ${tier.name}`}
                    >
                      ✕
                    </Button>
                  </Popover.Trigger>
                  <Portal>
                    <Popover.Positioner>
                      <Popover.Content maxW="72">
                        <Popover.Arrow />
                        <Popover.Body>
                          <Text mb="3">Delete the tier {tier.name}? Its prices and polygons go with it.</Text>
                          <Button
                            size="sm"
                            colorPalette="red"
                            loading={props.deletingId === tier.id}
                            onClick={() => props.onDelete(tier.id)}
                          >
                            Delete tier
                          </Button>
                        </Popover.Body>
                      </Popover.Content>
                    </Popover.Positioner>
                  </Portal>
                </Popover.Root>
              )}
            </Flex>
          );
        })}
      </Stack>
      <Button variant="outline" colorPalette="teal" loading={props.adding} onClick={props.onAdd}>
        + Add Tier
      </Button>
    </Stack>
  );
}
