import { createFileRoute, Outlet, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { requireRole } from '../app/guards';
import { QueryProvider } from '../app/query';
import { ADMIN_NAV } from '../domain/navigation';
import { ConsoleShell } from '../ui/ConsoleShell';

/** Every signed-in screen: admins and providers pass here; each child route narrows the roles. */
export const Route = createFileRoute('/_console')({
  beforeLoad: ({ context, location }) => requireRole(context, location, ['admin', 'provider']),
  component: ConsoleLayout,
});

function ConsoleLayout() {
  const { session } = Route.useRouteContext();
  const navigate = useNavigate();
  const email = useSelector(session, (s) => s.context.user?.email ?? null);
  const signedOut = useSelector(session, (s) => s.matches('signedOut'));
  useEffect(() => {
    if (signedOut) void navigate({ to: '/login' });
  }, [signedOut, navigate]);
  return (
    <ConsoleShell nav={ADMIN_NAV} userEmail={email} onLogout={() => session.send({ type: 'session.logout' })}>
      <QueryProvider>
        <Outlet />
      </QueryProvider>
    </ConsoleShell>
  );
}
