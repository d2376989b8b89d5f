import { Button } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { PageHeader } from './PageHeader';
import { PageShell } from './PageShell';

/**
 * No page at this address. Inside the console frame (`inShell`) for a signed-in person, so the menu stays;
 * on its own, as the document's main landmark, for anyone else.
 */
export function NotFound({
  inShell = false,
  home = '/',
}: {
  inShell?: boolean;
  /** Where "Go to the console" leads: the signed-in person's landing page. */
  home?: '/' | '/services' | '/provider/overview';
}) {
  return (
    <PageShell as={inShell ? 'section' : 'main'} aria-label="Page not found">
      <PageHeader title="Page Not Found" description="There is no page at this address." />
      <Button asChild colorPalette="teal">
        <RouterLink to={home}>Go to the console</RouterLink>
      </Button>
    </PageShell>
  );
}
