import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { allowedRoles, type ProtectedPath } from '../domain/auth/access';
import { roleMayVisit, type ConsoleRole } from '../domain/auth/roles';
import type { AppContext } from './context';

/**
 * A protected route's `beforeLoad`: waits until the session is settled (restored, or signed out), signs out
 * a token that has expired since (an expired token never counts as signed in), then lets the allowed roles
 * in and sends everyone else to /login, carrying where they were going. The default is admin only (01 §6).
 */
export async function requireRole(
  context: Pick<AppContext, 'session'>,
  location: { href: string },
  allowed: readonly ConsoleRole[] = ['admin'],
  now: () => number = Date.now,
) {
  await waitFor(context.session, (s) => !s.hasTag('pending'));
  context.session.send({ type: 'session.check', now: now() });
  const snapshot = await waitFor(context.session, (s) => !s.hasTag('pending'));
  const user = snapshot.context.user;
  if (!user || !roleMayVisit(user.role, allowed)) {
    throw redirect({ to: '/login', search: { redirect: location.href } });
  }
  // An admin viewing as provider who opens an admin-only page leaves view-as first (with a notice).
  if (!allowed.includes('provider')) context.session.send({ type: 'session.openAdminPage' });
  return { user };
}

/** The guard of a route listed in the access table (src/domain/auth/access.ts). */
export function guard(path: ProtectedPath) {
  return ({ context, location }: { context: Pick<AppContext, 'session'>; location: { href: string } }) =>
    requireRole(context, location, allowedRoles(path));
}
