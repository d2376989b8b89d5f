import { Box } from '@chakra-ui/react';
import { PageHeader } from './PageHeader';

/** An empty screen with only its heading (01 §2: /overview, /notifications and /settings). */
export function Placeholder({ title }: { title: string }) {
  return (
    <Box as="section" p="6" aria-label={title}>
      <PageHeader title={title} />
    </Box>
  );
}
