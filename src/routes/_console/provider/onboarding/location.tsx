import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../../../app/guards';
import { NotBuiltYet } from '../../../../ui/kit/NotBuiltYet';

export const Route = createFileRoute('/_console/provider/onboarding/location')({
  beforeLoad: guard('/provider/onboarding/location'),
  component: () => <NotBuiltYet title="Creating your Business Profile" />,
});
