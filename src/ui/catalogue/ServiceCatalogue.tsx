import { Badge, Box, Button, Flex, Image, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { PageHeader } from '../kit/PageHeader';
import type { ReactNode } from 'react';
import { PageShell } from '../kit/PageShell';
import { RetryMessage } from '../kit/RetryMessage';
import { LoadingRows } from '../kit/ListStates';

export interface CategoryEntry {
  id: number;
  name: string;
  /** Where the icon can be shown, or null. */
  iconSrc: string | null;
  count: number;
}

export interface ServiceCatalogueProps {
  categories: CategoryEntry[];
  chosenId: number | null;
  loading: boolean;
  error: string | null;
  onRetry(): void;
  /** The chosen category's editor. */
  children?: ReactNode;
}

/** The services screen (01 §2): the category sidebar and the chosen category's items and bundles. */
export function ServiceCatalogue({
  categories,
  chosenId,
  loading,
  error,
  onRetry,
  children,
}: ServiceCatalogueProps) {
  return (
    <PageShell>
      <PageHeader
        title="Services"
        primary={
          <Button asChild colorPalette="teal">
            <RouterLink to="/services/create">New Category</RouterLink>
          </Button>
        }
      />
      {error && (
        <Box mb="4">
          <RetryMessage message={`Could not load the services: ${error}`} onRetry={onRetry} />
        </Box>
      )}
      {loading ? (
        <LoadingRows label="Loading services" rows={3} height="8" />
      ) : categories.length === 0 && !error ? (
        <Text>
          No service categories yet.{' '}
          <Link asChild color="teal.700">
            <RouterLink to="/services/create">Create the first one</RouterLink>
          </Link>
          .
        </Text>
      ) : (
        <Flex gap="6" align="flex-start" direction={{ base: 'column', lg: 'row' }}>
          <Box as="nav" aria-label="Service categories" w={{ base: 'full', lg: '60' }} flexShrink={0}>
            <Stack as="ul" gap="1" listStyleType="none">
              {categories.map((category) => {
                const chosen = category.id === chosenId;
                return (
                  <li key={category.id}>
                    <Link
                      asChild
                      display="flex"
                      alignItems="center"
                      gap="2"
                      px="3"
                      py="2"
                      rounded="md"
                      borderWidth="1px"
                      borderColor={chosen ? 'teal.700' : 'gray.200'}
                      bg={chosen ? 'teal.700' : 'white'}
                      color={chosen ? 'white' : 'gray.800'}
                      fontWeight="medium"
                      textDecoration="none"
                      _hover={{ bg: chosen ? 'teal.800' : 'gray.100' }}
                    >
                      <RouterLink
                        to="/services"
                        search={{ category: category.id }}
                        aria-current={chosen ? 'page' : undefined}
                        activeOptions={{ includeSearch: true }}
                      >
                        {category.iconSrc && (
                          <Image src={category.iconSrc} alt="" boxSize="5" objectFit="contain" />
                        )}
                        <Text as="span" flex="1">
                          {category.name}
                        </Text>
                        <Badge variant={chosen ? 'solid' : 'subtle'} colorPalette={chosen ? 'gray' : 'teal'}>
                          {category.count}
                        </Badge>
                      </RouterLink>
                    </Link>
                  </li>
                );
              })}
            </Stack>
          </Box>
          <Box flex="1" minW="0" w="full">
            {children}
          </Box>
        </Flex>
      )}
    </PageShell>
  );
}
