import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../../app/guards';
import { NotBuiltYet } from '../../../ui/NotBuiltYet';

export const Route = createFileRoute('/_console/credits/')({
  beforeLoad: guard('/credits'),
  component: () => <NotBuiltYet title="Credits" />,
});
