import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../../../app/guards';
import { NotBuiltYet } from '../../../../ui/kit/NotBuiltYet';

export const Route = createFileRoute('/_console/provider/onboarding/')({
  beforeLoad: guard('/provider/onboarding'),
  component: () => <NotBuiltYet title="Provider Onboarding" />,
});
