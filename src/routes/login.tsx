import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { SignInScreen } from '../screens/auth/SignInScreen';

const SearchSchema = v.object({ redirect: v.fallback(v.optional(v.string()), undefined) });

export const Route = createFileRoute('/login')({
  validateSearch: SearchSchema,
  component: LoginRoute,
});

function LoginRoute() {
  const { identity, session } = Route.useRouteContext();
  const { redirect } = Route.useSearch();
  return <SignInScreen identity={identity} session={session} redirect={redirect} />;
}
