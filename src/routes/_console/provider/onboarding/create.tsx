import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../../../app/guards';
import { NotBuiltYet } from '../../../../ui/kit/NotBuiltYet';

export const Route = createFileRoute('/_console/provider/onboarding/create')({
  beforeLoad: guard('/provider/onboarding/create'),
  component: () => <NotBuiltYet title="Provider Onboarding / Add Provider" />,
});
