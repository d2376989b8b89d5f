import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { RegistrationScreen } from '../../../screens/auth/RegistrationScreen';

const SearchSchema = v.object({ email: v.fallback(v.optional(v.string()), undefined) });

/** Create Your Account with a provider invite: /provider/invite/{code}?email= (public). */
export const Route = createFileRoute('/provider/invite/$code')({
  validateSearch: SearchSchema,
  component: RegistrationRoute,
});

function RegistrationRoute() {
  const { code } = Route.useParams();
  const { email } = Route.useSearch();
  const { api, identity, session } = Route.useRouteContext();
  return <RegistrationScreen api={api} identity={identity} session={session} code={code} email={email} />;
}
