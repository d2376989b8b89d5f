import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { guard } from '../../../app/guards';
import { searchWithDefaults } from '../../../screens/shared/url-search';
import { ProviderManageScreen } from '../../../screens/providers/ProviderManageScreen';
import { ProvidersScreen } from '../../../screens/providers/ProvidersScreen';
import {
  PROVIDERS_SEARCH_DEFAULTS,
  ProvidersSearchSchema,
  type ProvidersSearch,
} from '../../../screens/providers/providers-search';

/** The providers panel (02 §2): the list, or the manage view of ?provider=. */
export const Route = createFileRoute('/_console/providers/')({
  beforeLoad: guard('/providers'),
  ...searchWithDefaults(ProvidersSearchSchema, PROVIDERS_SEARCH_DEFAULTS),
  component: ProvidersRoute,
});

function ProvidersRoute() {
  const { api, session } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/providers/' });
  const isAdmin = useSelector(session, (s) => s.context.isAdmin && !s.context.viewAsProvider);
  const onSearch = useCallback(
    (next: Partial<ProvidersSearch>) =>
      void navigate({ search: (current) => ({ ...current, ...next }), replace: next.provider === undefined }),
    [navigate],
  );
  const onOpen = useCallback(
    (provider: number, page: number) =>
      void navigate({ search: (current) => ({ ...current, provider, page }) }),
    [navigate],
  );
  const onExit = useCallback(
    () => void navigate({ search: (current) => ({ ...current, provider: undefined }) }),
    [navigate],
  );
  const onViewAs = (providerId: number) => {
    session.send({ type: 'session.viewAsProvider', providerId });
    void navigate({ to: '/provider/overview' });
  };
  if (search.provider !== undefined) {
    return (
      <ProviderManageScreen
        key={search.provider}
        api={api}
        providerId={search.provider}
        isAdmin={isAdmin}
        list={search}
        onOpen={onOpen}
        onExit={onExit}
        onViewAs={isAdmin ? onViewAs : null}
      />
    );
  }
  return <ProvidersScreen api={api} search={search} isAdmin={isAdmin} onSearch={onSearch} />;
}
