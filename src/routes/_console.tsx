import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet, useNavigate, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { externalAdminApi } from '../api/external-admin/external-admin';
import { openExternalAdmin } from '../app/external-admin';
import { showNotice } from '../app/flow';
import { requireRole } from '../app/guards';
import { queryClient, QueryProvider } from '../app/query';
import { notificationQueries } from '../api/notifications/notifications.queries';
import { providerQueries } from '../api/providers/providers.queries';
import { ADMIN_NAV, currentProvider, providerNav, showsProviderNav } from '../domain/shell/navigation';
import { ConsoleShell } from '../ui/kit/ConsoleShell';

/** Every signed-in screen: admins and providers pass here; each child route narrows the roles. */
export const Route = createFileRoute('/_console')({
  beforeLoad: ({ context, location }) => requireRole(context, location, ['admin', 'provider']),
  component: ConsoleLayout,
});

function ConsoleLayout() {
  return (
    <QueryProvider>
      <ConsoleFrame />
    </QueryProvider>
  );
}

function ConsoleFrame() {
  const { session, api, env, sessionNotices } = Route.useRouteContext();
  const navigate = useNavigate();
  const router = useRouter();
  const email = useSelector(session, (s) => s.context.user?.email ?? null);
  const signedIn = useSelector(session, (s) => s.context.user !== null);
  const isAdmin = useSelector(session, (s) => s.context.isAdmin);
  const viewAsProvider = useSelector(session, (s) => s.context.viewAsProvider);
  const providerId = useSelector(session, (s) => s.context.providerId);
  const signedOut = useSelector(session, (s) => s.matches('signedOut'));
  const signingOut = useSelector(session, (s) => s.matches('signingOut'));

  const providerView = showsProviderNav({ isAdmin, viewAsProvider });
  // The provider the menu is for: a provider user's own, or the one an admin views (never every provider).
  const providers = useQuery({
    ...providerQueries.inView(api, { isAdmin, providerId }),
    enabled: providerView && !signedOut,
  });
  const provider = currentProvider(providers.data ?? [], providerId, { isAdmin });
  const unread = useQuery({ ...notificationQueries.unread(api), enabled: !providerView && !signedOut });

  // A session that ends (logout, expiry, a failed refresh) leaves for /login; one that ended on its own
  // comes back here after signing in again.
  useEffect(() => {
    const subscription = session.on('session.ended', (event) => {
      queryClient.clear();
      const back = router.state.location.href;
      void navigate({ to: '/login', search: event.reason === 'logout' ? {} : { redirect: back } });
    });
    return () => subscription.unsubscribe();
  }, [session, navigate, router]);

  // The session's notices (leaving view-as for an admin page) as toasts, including one emitted by the guard
  // before this frame mounted.
  useEffect(() => sessionNotices.subscribe((notice) => void showNotice(notice)), [sessionNotices]);

  const nav = providerView
    ? providerNav(provider, { externalAdminUrl: env.VITE_EXTERNAL_ADMIN_URL, signedIn })
    : ADMIN_NAV;
  const viewingAs =
    isAdmin && viewAsProvider
      ? {
          providerName: provider ? provider.name : 'a provider',
          // Like View As Admin: back to the manage view of the provider that was viewed (the session's
          // choice, known before the providers list has loaded).
          onExit: () => {
            session.send({ type: 'session.viewAsAdmin' });
            void navigate({ to: '/providers', search: providerId === null ? {} : { provider: providerId } });
          },
        }
      : null;

  return (
    <ConsoleShell
      nav={nav}
      userEmail={email}
      viewingAs={viewingAs}
      loggingOut={signingOut}
      counts={!providerView && unread.data !== undefined ? { '/notifications': unread.data } : undefined}
      onLogout={() => session.send({ type: 'session.logout' })}
      onOpenExternal={(item) =>
        void openExternalAdmin(externalAdminApi(api), env.VITE_EXTERNAL_ADMIN_URL, item)
      }
    >
      <Outlet />
    </ConsoleShell>
  );
}
