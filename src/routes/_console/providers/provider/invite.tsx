import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../../../app/guards';
import { NotBuiltYet } from '../../../../ui/NotBuiltYet';

export const Route = createFileRoute('/_console/providers/provider/invite')({
  beforeLoad: guard('/providers/provider/invite'),
  component: () => <NotBuiltYet title="Invite provider" />,
});
