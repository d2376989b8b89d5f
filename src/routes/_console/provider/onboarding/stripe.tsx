import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../../../app/guards';
import { PayoutsOnboardingScreen } from '../../../../screens/payouts/PayoutsOnboardingScreen';

/** Payouts onboarding (02 §2): connect or attach a Stripe account, connect the bank, done. */
export const Route = createFileRoute('/_console/provider/onboarding/stripe')({
  beforeLoad: guard('/provider/onboarding/stripe'),
  component: StripeOnboardingRoute,
});

function StripeOnboardingRoute() {
  const { api, env, session } = Route.useRouteContext();
  return <PayoutsOnboardingScreen api={api} env={env} session={session} />;
}
