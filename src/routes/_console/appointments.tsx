import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guards';
import { NotBuiltYet } from '../../ui/kit/NotBuiltYet';

export const Route = createFileRoute('/_console/appointments')({
  beforeLoad: guard('/appointments'),
  component: () => <NotBuiltYet title="Appointments" />,
});
