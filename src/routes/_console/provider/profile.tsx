import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../../app/guards';
import { ProviderProfileScreen } from '../../../screens/providers/ProviderProfileScreen';

/** The provider's own profile (02 §2). */
export const Route = createFileRoute('/_console/provider/profile')({
  beforeLoad: guard('/provider/profile'),
  component: ProviderProfileRoute,
});

function ProviderProfileRoute() {
  const { api, session } = Route.useRouteContext();
  return <ProviderProfileScreen api={api} session={session} />;
}
