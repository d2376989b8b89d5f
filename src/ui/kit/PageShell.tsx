import { Box, type BoxProps } from '@chakra-ui/react';
import type { Ref } from 'react';

/** The space around every console page: the same on each page, smaller on a phone. */
export const PAGE_PADDING = { base: '4', md: '6' } as const;

/**
 * The frame of a console page, holding its PageHeader and its content: every page's padding comes from here
 * so no page sits closer to the screen's edge than another. `maxW` narrows a form page; other Box props
 * (as, aria-label) and a ref pass through.
 */
export function PageShell({ ref, ...props }: BoxProps & { ref?: Ref<HTMLDivElement> }) {
  return <Box ref={ref} p={PAGE_PADDING} minW="0" {...props} />;
}
