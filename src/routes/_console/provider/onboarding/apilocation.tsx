import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../../../app/guards';
import { NotBuiltYet } from '../../../../ui/kit/NotBuiltYet';

export const Route = createFileRoute('/_console/provider/onboarding/apilocation')({
  beforeLoad: guard('/provider/onboarding/apilocation'),
  component: () => <NotBuiltYet title="Associate a location" />,
});
