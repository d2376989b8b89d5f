import { createFileRoute } from '@tanstack/react-router';
import { ProviderSearchSchema } from '../../../api/contract/search-params';
import { guard } from '../../../app/guards';
import { ProviderProfileScreen } from '../../../screens/providers/ProviderProfileScreen';

/** The provider's own profile (02 §2). */
export const Route = createFileRoute('/_console/provider/profile')({
  beforeLoad: guard('/provider/profile'),
  validateSearch: ProviderSearchSchema,
  component: ProviderProfileRoute,
});

/** `provider`: the one to open (a link from the wizard's end names the provider it made). */
function ProviderProfileRoute() {
  const { api, session } = Route.useRouteContext();
  const { provider } = Route.useSearch();
  return <ProviderProfileScreen api={api} session={session} providerId={provider} />;
}
