import { Box } from '@chakra-ui/react';
import { PageHeader } from './PageHeader';

/** A route whose screen a later slice fills: the route and its guard are real, the screen says so. */
export function NotBuiltYet({ title }: { title: string }) {
  return (
    <Box as="section" p="6" aria-label={title}>
      <PageHeader title={title} description="This screen is not built yet." />
    </Box>
  );
}
