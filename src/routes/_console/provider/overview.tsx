import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../../app/guards';
import { NotBuiltYet } from '../../../ui/NotBuiltYet';

export const Route = createFileRoute('/_console/provider/overview')({
  beforeLoad: guard('/provider/overview'),
  component: () => <NotBuiltYet title="Overview" />,
});
