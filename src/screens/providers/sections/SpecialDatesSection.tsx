import { Box, Heading, Text } from '@chakra-ui/react';
import type { ApiClient } from '../../../api/client';
import type { Location, Provider } from '../../../api/contract/provider';

export interface SpecialDatesSectionProps {
  api: ApiClient;
  provider: Provider;
  /** The provider's location, or null when it has none yet. */
  location: Location | null;
  isAdmin: boolean;
}

/** The manage view's "Special Dates" section. */
export function SpecialDatesSection(_props: SpecialDatesSectionProps) {
  return (
    <Box as="section" aria-labelledby="specialdatessection-heading">
      <Heading as="h2" size="md" id="specialdatessection-heading">
        Special Dates
      </Heading>
      <Text color="fg.muted">Coming with the next change.</Text>
    </Box>
  );
}
