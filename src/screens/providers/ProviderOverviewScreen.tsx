import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { AppContext } from '../../app/context';
import { providerQueries } from '../../app/queries';
import { ACCESS_MESSAGES } from '../../domain/shared/messages';
import { canSwitchProvider, currentProvider } from '../../domain/shell/navigation';
import { ProviderOverview } from '../../ui/providers/ProviderOverview';

/**
 * The provider dashboard (02 §2), as far as this slice goes: the heading, the Switch Provider picker for a
 * provider user with several providers, and for an admin the way to view the console as a provider and
 * back (View As Admin). The dashboard's content comes later.
 */
export function ProviderOverviewScreen({ api, session }: Pick<AppContext, 'api' | 'session'>) {
  const navigate = useNavigate();
  const isAdmin = useSelector(session, (s) => s.context.isAdmin);
  const viewAsProvider = useSelector(session, (s) => s.context.viewAsProvider);
  const providerId = useSelector(session, (s) => s.context.providerId);
  const providers = useQuery(providerQueries.list(api));
  const list = providers.data ?? [];
  const options = list.map(({ id, name }) => ({ id, name }));
  const provider = currentProvider(list, providerId, { isAdmin });
  const showingProvider = !isAdmin || viewAsProvider;

  return (
    <ProviderOverview
      providerName={showingProvider ? (provider?.name ?? null) : null}
      loading={providers.isPending}
      failure={providers.isError ? ACCESS_MESSAGES.providersLoadFailed : null}
      onRetry={() => void providers.refetch()}
      switcher={
        canSwitchProvider({ isAdmin }, list.length)
          ? {
              providers: options,
              selectedId: provider?.id ?? null,
              onSwitch: (id) => session.send({ type: 'session.switchProvider', providerId: id }),
            }
          : null
      }
      viewAs={
        isAdmin && !viewAsProvider && !providers.isPending
          ? {
              providers: options,
              onViewAs: (id) => session.send({ type: 'session.viewAsProvider', providerId: id }),
            }
          : null
      }
      onViewAsAdmin={
        isAdmin && viewAsProvider
          ? () => {
              session.send({ type: 'session.viewAsAdmin' });
              void navigate({ to: '/providers' });
            }
          : null
      }
    />
  );
}
