import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guards';
import { NotBuiltYet } from '../../ui/NotBuiltYet';

export const Route = createFileRoute('/_console/users')({
  beforeLoad: guard('/users'),
  component: () => <NotBuiltYet title="Users" />,
});
