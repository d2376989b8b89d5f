import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guard } from '../../../../app/guards';
import { ApiLocationScreen } from '../../../../screens/connections/ApiLocationScreen';
import { SearchIdSchema } from '../../../../api/contract/search-params';

/** `provider`: whose location to associate (default: the session's provider). */
const SearchSchema = v.object({
  provider: SearchIdSchema,
});

export const Route = createFileRoute('/_console/provider/onboarding/apilocation')({
  beforeLoad: guard('/provider/onboarding/apilocation'),
  validateSearch: SearchSchema,
  component: ApiLocationRoute,
});

function ApiLocationRoute() {
  const { api, session } = Route.useRouteContext();
  const { provider } = Route.useSearch();
  return <ApiLocationScreen api={api} session={session} providerId={provider} />;
}
