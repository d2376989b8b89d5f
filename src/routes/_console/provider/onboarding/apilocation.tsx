import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../../../app/guards';
import { ApiLocationScreen } from '../../../../screens/connections/ApiLocationScreen';
import { ProviderSearchSchema } from '../../../../api/contract/search-params';

export const Route = createFileRoute('/_console/provider/onboarding/apilocation')({
  beforeLoad: guard('/provider/onboarding/apilocation'),
  validateSearch: ProviderSearchSchema,
  component: ApiLocationRoute,
});

/** `provider`: whose location to associate (default: the session's provider). */
function ApiLocationRoute() {
  const { api, session } = Route.useRouteContext();
  const { provider } = Route.useSearch();
  return <ApiLocationScreen api={api} session={session} providerId={provider} />;
}
