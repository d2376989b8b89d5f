import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { AppContext } from '../app/context';
import { NotFound } from '../ui/kit/NotFound';

export const Route = createRootRouteWithContext<AppContext>()({
  component: Outlet,
  notFoundComponent: () => <NotFound />,
});
