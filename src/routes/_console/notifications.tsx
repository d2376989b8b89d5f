import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guards';
import { Placeholder } from '../../ui/kit/Placeholder';

/** /notifications: an empty placeholder headed Notifications (01 §2: its content is not shown in the spec). */
export const Route = createFileRoute('/_console/notifications')({
  beforeLoad: guard('/notifications'),
  component: () => <Placeholder title="Notifications" />,
});
