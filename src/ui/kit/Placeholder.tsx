import { PageHeader } from './PageHeader';
import { PageShell } from './PageShell';

/** An empty screen with only its heading (01 §2: /overview, /notifications and /settings). */
export function Placeholder({ title }: { title: string }) {
  return (
    <PageShell as="section" aria-label={title}>
      <PageHeader title={title} />
    </PageShell>
  );
}
