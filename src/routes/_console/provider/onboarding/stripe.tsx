import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../../../app/guards';
import { PayoutsOnboardingScreen } from '../../../../screens/payouts/PayoutsOnboardingScreen';
import { ProviderSearchSchema } from '../../../../api/contract/search-params';

/** Payouts onboarding (02 §2): connect or attach a Stripe account, connect the bank, done. */
export const Route = createFileRoute('/_console/provider/onboarding/stripe')({
  beforeLoad: guard('/provider/onboarding/stripe'),
  validateSearch: ProviderSearchSchema,
  component: StripeOnboardingRoute,
});

/** `provider`: whose payouts are set up (an admin comes from the providers panel with it). */
function StripeOnboardingRoute() {
  const { api, env, session } = Route.useRouteContext();
  const { provider } = Route.useSearch();
  return <PayoutsOnboardingScreen api={api} env={env} session={session} providerId={provider} />;
}
