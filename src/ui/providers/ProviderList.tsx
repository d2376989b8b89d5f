import { Box, Button, chakra, Flex, Image, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ProviderSortColumn, SortDirection } from '../../domain/providers/provider-list';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { RetryMessage } from '../kit/RetryMessage';
import type { ProviderView } from './ProviderFilters';
import { ProviderTable, type ProviderTableRow } from './ProviderTable';

export interface ProviderTile {
  id: number;
  name: string;
  coverImageURL: string | null;
  /** "city, state, country", or null for 'Unknown Location'. */
  place: string | null;
}

export interface ProviderListProps {
  view: ProviderView;
  /** The page's providers, as table rows and as tiles (the same providers). */
  rows: readonly ProviderTableRow[];
  tiles: ProviderTile[];
  sort: { sort: ProviderSortColumn; dir: SortDirection };
  onSort(column: ProviderSortColumn): void;
  /** Some filter is set: the empty state offers to clear them. */
  filtered: boolean;
  onClearFilters(): void;
  loading: boolean;
  failed: boolean;
  onRetry(): void;
  page: number;
  pageCount: number;
  total: number;
  onPage(page: number): void;
  onOpen(id: number): void;
}

export const PROVIDERS_EMPTY = 'No providers match these filters.';
export const PROVIDERS_FAILED = 'The providers could not be loaded.';

/** The providers panel without a selection (spec 02 §2): a table (or tiles), the empty state, pages. */
export function ProviderList(props: ProviderListProps) {
  return (
    <Box>
      {props.failed ? (
        <RetryMessage message={PROVIDERS_FAILED} onRetry={props.onRetry} />
      ) : props.loading && props.tiles.length === 0 ? (
        <SimpleGrid
          columns={{ base: 1, sm: 2, lg: 3, xl: 4 }}
          gap="4"
          role="status"
          aria-busy="true"
          aria-label="Loading providers"
        >
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height="52" borderRadius="md" />
          ))}
        </SimpleGrid>
      ) : props.tiles.length === 0 ? (
        <Stack role="status" align="flex-start" gap="2" p="6" bg="white" borderWidth="1px" rounded="md">
          <Text color="fg.muted">{PROVIDERS_EMPTY}</Text>
          {props.filtered && (
            <Button size="sm" variant="outline" onClick={props.onClearFilters}>
              Clear filters
            </Button>
          )}
        </Stack>
      ) : (
        <>
          {props.view === 'table' ? (
            <ProviderTable
              rows={props.rows}
              sort={props.sort}
              onSort={props.onSort}
              onOpen={props.onOpen}
              busy={props.loading}
            />
          ) : (
            <SimpleGrid
              as="ul"
              aria-label="Providers"
              listStyleType="none"
              columns={{ base: 1, sm: 2, lg: 3, xl: 4 }}
              gap="4"
            >
              {props.tiles.map((tile) => (
                <li key={tile.id}>
                  <chakra.button
                    type="button"
                    w="full"
                    textAlign="left"
                    borderWidth="1px"
                    borderRadius="md"
                    overflow="hidden"
                    bg="white"
                    _hover={{ shadow: 'md' }}
                    _focusVisible={{ outline: '2px solid', outlineColor: 'teal.600' }}
                    onClick={() => props.onOpen(tile.id)}
                  >
                    {tile.coverImageURL ? (
                      <Image
                        src={tile.coverImageURL}
                        alt=""
                        h="32"
                        w="full"
                        objectFit="cover"
                        loading="lazy"
                      />
                    ) : (
                      // No cover image: the name's initials stand in, so the tile is not an empty grey box.
                      <Box
                        aria-hidden="true"
                        h="32"
                        bg="teal.50"
                        color="teal.800"
                        display="grid"
                        placeItems="center"
                        fontSize="3xl"
                        fontWeight="bold"
                        letterSpacing="wider"
                      >
                        {nameInitials(tile.name)}
                      </Box>
                    )}
                    <Box p="3">
                      <Text fontWeight="semibold" overflowWrap="anywhere">
                        {tile.name}
                      </Text>
                      <Text fontSize="sm" color="fg.muted">
                        {tile.place ?? PROVIDER_MESSAGES.unknownLocation}
                      </Text>
                    </Box>
                  </chakra.button>
                </li>
              ))}
            </SimpleGrid>
          )}
          <Flex as="nav" aria-label="Pages" justify="space-between" align="center" mt="4" gap="3" wrap="wrap">
            <Text fontSize="sm" color="fg.muted">
              {`Page ${props.page} of ${props.pageCount} · ${props.total} providers`}
            </Text>
            <Flex gap="2">
              <Button
                size="sm"
                variant="outline"
                disabled={props.page <= 1}
                onClick={() => props.onPage(props.page - 1)}
              >
                Previous
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={props.page >= props.pageCount}
                onClick={() => props.onPage(props.page + 1)}
              >
                Next
              </Button>
            </Flex>
          </Flex>
        </>
      )}
    </Box>
  );
}

/** "Glow Studio" → "GS": a tile's stand-in for a missing cover image. */
function nameInitials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}
