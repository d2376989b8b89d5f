import { Box, Heading, Text } from '@chakra-ui/react';
import type { ApiClient } from '../../../api/client';
import type { Location, Provider } from '../../../api/contract/provider';

export interface CommissionsSectionProps {
  api: ApiClient;
  provider: Provider;
  /** The provider's location, or null when it has none yet. */
  location: Location | null;
  isAdmin: boolean;
}

/** The manage view's "Commission and Fees" section. */
export function CommissionsSection(_props: CommissionsSectionProps) {
  return (
    <Box as="section" aria-labelledby="commissionssection-heading">
      <Heading as="h2" size="md" id="commissionssection-heading">
        Commission and Fees
      </Heading>
      <Text color="fg.muted">Coming with the next change.</Text>
    </Box>
  );
}
