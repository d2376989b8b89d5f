import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../../../app/guards';
import { OnboardingStartScreen } from '../../../../screens/onboarding/OnboardingStartScreen';

export const Route = createFileRoute('/_console/provider/onboarding/')({
  beforeLoad: guard('/provider/onboarding'),
  component: OnboardingStartRoute,
});

function OnboardingStartRoute() {
  const { api, persistence, session } = Route.useRouteContext();
  return <OnboardingStartScreen api={api} persistence={persistence} session={session} />;
}
