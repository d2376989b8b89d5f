import { Box, Flex, Heading } from '@chakra-ui/react';
import { PageHeader } from '../kit/PageHeader';
import type { ReactNode } from 'react';
import { PageShell } from '../kit/PageShell';

/** Pricing Tiers (01 §2): the tier sidebar beside the editor; stacked on a phone. */
export function PricingTiersLayout(props: { sidebar: ReactNode; heading: string; children: ReactNode }) {
  return (
    <PageShell>
      <PageHeader title="Pricing Tiers" />
      <Flex gap="6" align="flex-start" direction={{ base: 'column', md: 'row' }}>
        <Box as="nav" aria-label="Price tiers" w={{ base: 'full', md: '64' }} flexShrink={0}>
          {props.sidebar}
        </Box>
        <Box
          as="section"
          aria-labelledby="tier-heading"
          flex="1"
          minW="0"
          w="full"
          bg="white"
          p={{ base: '3', md: '5' }}
          rounded="md"
          borderWidth="1px"
        >
          <Heading as="h2" id="tier-heading" size="lg" mb="4">
            {props.heading}
          </Heading>
          {props.children}
        </Box>
      </Flex>
    </PageShell>
  );
}
