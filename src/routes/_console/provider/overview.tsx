import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../../app/guards';
import { ProviderOverviewScreen } from '../../../screens/providers/ProviderOverviewScreen';

/** The provider dashboard (02 §2). */
export const Route = createFileRoute('/_console/provider/overview')({
  beforeLoad: guard('/provider/overview'),
  component: ProviderOverviewRoute,
});

function ProviderOverviewRoute() {
  const { api, session } = Route.useRouteContext();
  return <ProviderOverviewScreen api={api} session={session} />;
}
