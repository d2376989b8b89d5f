import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../../../app/guards';
import { NotBuiltYet } from '../../../../ui/kit/NotBuiltYet';

export const Route = createFileRoute('/_console/provider/onboarding/credentials')({
  beforeLoad: guard('/provider/onboarding/credentials'),
  component: () => <NotBuiltYet title="Connect your scheduling system" />,
});
