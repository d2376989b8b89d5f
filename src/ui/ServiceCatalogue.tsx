import { Alert, Badge, Box, Button, Flex, Heading, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { ServiceCategory } from '../api/contract/service-category';
import { formatDollars } from '../domain/money';

export interface ServiceCatalogueProps {
  categories: ServiceCategory[];
  loading: boolean;
  error: string | null;
  onRetry(): void;
}

/** The category sidebar and the chosen category's service items. */
export function ServiceCatalogue({ categories, loading, error, onRetry }: ServiceCatalogueProps) {
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen = categories.find((c) => c.id === chosenId) ?? categories[0];
  return (
    <Box p="6">
      <Heading as="h1" size="xl" mb="4">
        Services
      </Heading>
      {error && (
        <Alert.Root status="error" mb="4">
          <Alert.Indicator />
          <Alert.Title>Could not load the services: {error}</Alert.Title>
          <Button size="sm" ml="auto" onClick={onRetry}>
            Try again
          </Button>
        </Alert.Root>
      )}
      {loading ? (
        <Stack aria-busy="true" aria-label="Loading services">
          <Skeleton h="8" />
          <Skeleton h="8" />
          <Skeleton h="8" />
        </Stack>
      ) : categories.length === 0 && !error ? (
        <Text>No service categories yet.</Text>
      ) : (
        <Flex gap="6" align="flex-start">
          <Stack as="nav" aria-label="Service categories" w="56" flexShrink={0} gap="1">
            {categories.map((category) => (
              <Button
                key={category.id}
                variant={category.id === chosen?.id ? 'solid' : 'outline'}
                colorPalette="teal"
                justifyContent="space-between"
                aria-current={category.id === chosen?.id ? 'true' : undefined}
                onClick={() => setChosenId(category.id)}
              >
                {category.name}
                <Badge variant="subtle">{category.serviceItems.length}</Badge>
              </Button>
            ))}
          </Stack>
          {chosen && (
            <Box as="section" flex="1" aria-labelledby="category-heading" bg="white" p="4" rounded="md">
              <Heading as="h2" id="category-heading" size="lg" mb="3">
                {chosen.name}
              </Heading>
              {chosen.serviceItems.length === 0 ? (
                <Text>No service items in this category yet.</Text>
              ) : (
                <Table.Root size="sm">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>Name</Table.ColumnHeader>
                      <Table.ColumnHeader>Sub-category</Table.ColumnHeader>
                      <Table.ColumnHeader>Time</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {chosen.serviceItems.map((item) => (
                      <Table.Row key={item.id}>
                        <Table.Cell>{item.name}</Table.Cell>
                        <Table.Cell>{item.subCategory || '—'}</Table.Cell>
                        <Table.Cell>{item.timeInMins} min</Table.Cell>
                        <Table.Cell textAlign="end">
                          {formatDollars(item.priceInCents)}
                          {item.isPricePerUnit ? ' per unit' : ''}
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              )}
            </Box>
          )}
        </Flex>
      )}
    </Box>
  );
}
