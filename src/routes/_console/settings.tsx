import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guards';
import { Placeholder } from '../../ui/kit/Placeholder';

/** /settings: an empty placeholder headed Settings (01 §2: its content is not shown in the spec). */
export const Route = createFileRoute('/_console/settings')({
  beforeLoad: guard('/settings'),
  component: () => <Placeholder title="Settings" />,
});
