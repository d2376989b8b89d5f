import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet, useNavigate, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { providersApi } from '../api/providers';
import { requireRole } from '../app/guards';
import { queryClient, queryKeys, QueryProvider } from '../app/query';
import { ADMIN_NAV, currentProvider, providerNav, showsProviderNav } from '../domain/navigation';
import { ConsoleShell } from '../ui/ConsoleShell';

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
  const { session, api, env } = Route.useRouteContext();
  const navigate = useNavigate();
  const router = useRouter();
  const email = useSelector(session, (s) => s.context.user?.email ?? null);
  const token = useSelector(session, (s) => s.context.user?.idToken ?? null);
  const isAdmin = useSelector(session, (s) => s.context.isAdmin);
  const viewAsProvider = useSelector(session, (s) => s.context.viewAsProvider);
  const providerId = useSelector(session, (s) => s.context.providerId);
  const signedOut = useSelector(session, (s) => s.matches('signedOut'));
  const signingOut = useSelector(session, (s) => s.matches('signingOut'));

  const providerView = showsProviderNav({ isAdmin, viewAsProvider });
  const providers = useQuery({
    queryKey: queryKeys.providers,
    queryFn: () => providersApi(api).list(),
    enabled: providerView && !signedOut,
  });
  const provider = currentProvider(providers.data ?? [], providerId, { isAdmin });

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

  const nav = providerView
    ? providerNav(provider, { externalAdminUrl: env.VITE_EXTERNAL_ADMIN_URL, token })
    : ADMIN_NAV;
  const caption = isAdmin && viewAsProvider ? `Viewing as ${provider ? provider.name : 'a provider'}` : null;

  return (
    <ConsoleShell
      nav={nav}
      userEmail={email}
      caption={caption}
      loggingOut={signingOut}
      onLogout={() => session.send({ type: 'session.logout' })}
    >
      <Outlet />
    </ConsoleShell>
  );
}
