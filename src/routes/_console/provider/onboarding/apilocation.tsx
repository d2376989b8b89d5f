import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guard } from '../../../../app/guards';
import { ApiLocationScreen } from '../../../../screens/connections/ApiLocationScreen';

/** `provider`: whose location to associate (default: the session's provider). */
const SearchSchema = v.object({
  provider: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
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
