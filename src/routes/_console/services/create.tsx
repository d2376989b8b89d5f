import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../../app/guards';
import { NotBuiltYet } from '../../../ui/NotBuiltYet';

export const Route = createFileRoute('/_console/services/create')({
  beforeLoad: guard('/services/create'),
  component: () => <NotBuiltYet title="Create a service category" />,
});
