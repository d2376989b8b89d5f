import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../../../app/guards';
import { NotBuiltYet } from '../../../../ui/kit/NotBuiltYet';

export const Route = createFileRoute('/_console/provider/onboarding/serviceitems')({
  beforeLoad: guard('/provider/onboarding/serviceitems'),
  component: () => <NotBuiltYet title="Select supported Upkeep service items" />,
});
