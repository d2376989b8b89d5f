import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../../app/guards';
import { NotBuiltYet } from '../../../ui/kit/NotBuiltYet';

export const Route = createFileRoute('/_console/providers/')({
  beforeLoad: guard('/providers'),
  component: () => <NotBuiltYet title="Providers" />,
});
