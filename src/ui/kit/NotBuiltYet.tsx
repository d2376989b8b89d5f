import { PageHeader } from './PageHeader';
import { PageShell } from './PageShell';

/** A route whose screen a later slice fills: the route and its guard are real, the screen says so. */
export function NotBuiltYet({ title }: { title: string }) {
  return (
    <PageShell as="section" aria-label={title}>
      <PageHeader title={title} description="This screen is not built yet." />
    </PageShell>
  );
}
