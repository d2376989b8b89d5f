import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { AppContext } from '../app/context';

// The 404 page outside the console frame is rare (the frame's own catch-all draws it for a signed-in person):
// it loads when it is first shown, not with the sign-in page.
const NotFound = lazy(() => import('../ui/kit/NotFound').then((module) => ({ default: module.NotFound })));

export const Route = createRootRouteWithContext<AppContext>()({
  component: Outlet,
  notFoundComponent: () => (
    <Suspense fallback={null}>
      <NotFound />
    </Suspense>
  ),
});
