import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../../app/guards';
import { NotBuiltYet } from '../../../ui/kit/NotBuiltYet';

export const Route = createFileRoute('/_console/provider/profile')({
  beforeLoad: guard('/provider/profile'),
  component: () => <NotBuiltYet title="Manage Provider" />,
});
