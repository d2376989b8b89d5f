import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../../../app/guards';
import { OnboardingStartScreen } from '../../../../screens/onboarding/OnboardingStartScreen';

export const Route = createFileRoute('/_console/provider/onboarding/')({
  beforeLoad: guard('/provider/onboarding'),
  component: OnboardingStartRoute,
});

function OnboardingStartRoute() {
  const { persistence, session } = Route.useRouteContext();
  return <OnboardingStartScreen persistence={persistence} session={session} />;
}
