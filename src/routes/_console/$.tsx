import { createFileRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { showsProviderNav } from '../../domain/shell/navigation';
import { NotFound } from '../../ui/kit/NotFound';

/**
 * Any address the console does not have, for a signed-in person: the 404 page inside the console frame, so
 * the menu and the way back stay (the frame's own guard sends anyone else to /login first).
 */
export const Route = createFileRoute('/_console/$')({
  component: ConsoleNotFound,
});

function ConsoleNotFound() {
  const { session } = Route.useRouteContext();
  const providerView = useSelector(session, (s) =>
    showsProviderNav({ isAdmin: s.context.isAdmin, viewAsProvider: s.context.viewAsProvider }),
  );
  return <NotFound inShell home={providerView ? '/provider/overview' : '/services'} />;
}
