import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { guard } from '../../app/guards';
import { searchWithDefaults } from '../../screens/shared/url-search';
import { UsersScreen } from '../../screens/users/UsersScreen';
import { USERS_SEARCH_DEFAULTS, UsersSearchSchema } from '../../screens/users/users-search';

export const Route = createFileRoute('/_console/users')({
  beforeLoad: guard('/users'),
  ...searchWithDefaults(UsersSearchSchema, USERS_SEARCH_DEFAULTS),
  component: UsersRoute,
});

function UsersRoute() {
  const { api, session } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = useNavigate();
  const signedInUid = useSelector(session, (s) => s.context.user?.uid ?? null);
  const viewAs = (providerId: number) => {
    session.send({ type: 'session.viewAsProvider', providerId });
    void navigate({ to: '/provider/overview' });
  };
  return <UsersScreen api={api} search={search} onViewAsProvider={viewAs} signedInUid={signedInUid} />;
}
