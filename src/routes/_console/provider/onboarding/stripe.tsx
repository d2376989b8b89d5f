import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../../../app/guards';
import { NotBuiltYet } from '../../../../ui/kit/NotBuiltYet';

export const Route = createFileRoute('/_console/provider/onboarding/stripe')({
  beforeLoad: guard('/provider/onboarding/stripe'),
  component: () => <NotBuiltYet title="Connect To Stripe" />,
});
