import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guards';
import { Placeholder } from '../../ui/kit/Placeholder';

/** /overview: an empty placeholder headed Overview (01 §2: its content is not shown in the spec). */
export const Route = createFileRoute('/_console/overview')({
  beforeLoad: guard('/overview'),
  component: () => <Placeholder title="Overview" />,
});
