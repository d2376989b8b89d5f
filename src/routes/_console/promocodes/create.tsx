import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../../app/guards';
import { NotBuiltYet } from '../../../ui/NotBuiltYet';

export const Route = createFileRoute('/_console/promocodes/create')({
  beforeLoad: guard('/promocodes/create'),
  component: () => <NotBuiltYet title="Create Promocode" />,
});
