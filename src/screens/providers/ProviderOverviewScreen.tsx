import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { AppContext } from '../../app/context';
import { providerQueries } from '../../api/providers/providers.queries';
import { ACCESS_MESSAGES } from '../../domain/shared/messages';
import { canSwitchProvider, currentProvider } from '../../domain/shell/navigation';
import { ProviderOverview } from '../../ui/providers/ProviderOverview';
import type { CalendarViewMode } from '../../machines/dashboard/calendar.machine';
import { DashboardScreen } from '../dashboard/DashboardScreen';

export interface OverviewSearch {
  /** The provider a user with several providers chose (Switch Provider). */
  provider?: number | undefined;
  /** The calendar month, YYYY-MM. */
  month?: string | undefined;
  /** The calendar's view, month or week. */
  view?: CalendarViewMode | undefined;
  /** The week view's focused day, YYYY-MM-DD: a reload keeps the week. */
  day?: string | undefined;
}

/**
 * The provider dashboard (02 §2): the heading, the Switch Provider picker for a provider user with several
 * providers (the choice in the URL), for an admin the way to view the console as a provider and back (View
 * As Admin), and the dashboard of the provider shown.
 */
export function ProviderOverviewScreen({
  api,
  session,
  search,
  onSearch,
}: Pick<AppContext, 'api' | 'session'> & { search: OverviewSearch; onSearch(search: OverviewSearch): void }) {
  const navigate = useNavigate();
  const isAdmin = useSelector(session, (s) => s.context.isAdmin);
  const viewAsProvider = useSelector(session, (s) => s.context.viewAsProvider);
  const providerId = useSelector(session, (s) => s.context.providerId);
  const showingProvider = !isAdmin || viewAsProvider;
  // The provider shown (a provider user's own, or the one an admin views as) and, for an admin, every
  // provider's name to view as or book with.
  const inView = useQuery({
    ...providerQueries.inView(api, { isAdmin, providerId }),
    enabled: showingProvider,
  });
  const choices = useQuery({ ...providerQueries.choices(api), enabled: isAdmin });
  const loading = showingProvider ? inView.isPending : choices.isPending;
  const failed = [inView, choices].filter((read) => read.isError);
  const list = inView.data ?? [];
  const options = isAdmin ? (choices.data ?? []) : list.map(({ id, name }) => ({ id, name }));
  const switchable = canSwitchProvider({ isAdmin }, list.length);
  const fromUrl = switchable ? list.find((p) => p.id === search.provider) : undefined;
  const provider = fromUrl ?? currentProvider(list, providerId, { isAdmin });

  // The URL's choice is the session's too, so the sidebar's links follow the provider shown.
  useEffect(() => {
    if (fromUrl && fromUrl.id !== providerId) {
      session.send({ type: 'session.switchProvider', providerId: fromUrl.id });
    }
  }, [fromUrl, providerId, session]);

  return (
    <ProviderOverview
      providerName={showingProvider ? (provider?.name ?? null) : null}
      loading={loading}
      failure={failed.length > 0 ? ACCESS_MESSAGES.providersLoadFailed : null}
      onRetry={() => failed.forEach((read) => void read.refetch())}
      switcher={
        switchable
          ? {
              providers: options,
              selectedId: provider?.id ?? null,
              onSwitch: (id) => {
                session.send({ type: 'session.switchProvider', providerId: id });
                onSearch({ ...search, provider: id });
              },
            }
          : null
      }
      viewAs={
        isAdmin && !viewAsProvider && !loading
          ? {
              providers: options,
              onViewAs: (id) => session.send({ type: 'session.viewAsProvider', providerId: id }),
            }
          : null
      }
      onViewAsAdmin={
        isAdmin && viewAsProvider
          ? () => {
              // Back to the manage view of the provider that was viewed (the providers list without one).
              const viewed = provider?.id ?? providerId;
              session.send({ type: 'session.viewAsAdmin' });
              void navigate({ to: '/providers', search: viewed === null ? {} : { provider: viewed } });
            }
          : null
      }
    >
      {showingProvider && provider && (
        <DashboardScreen
          api={api}
          provider={provider}
          month={search.month}
          onMonthChange={(month) => onSearch({ ...search, month, day: undefined })}
          calendarView={search.view}
          onCalendarViewChange={(view) => onSearch({ ...search, view, day: undefined })}
          day={search.day}
          onWeekChange={(month, day) => onSearch({ ...search, month, day })}
          isAdmin={isAdmin}
          providers={options}
        />
      )}
    </ProviderOverview>
  );
}
