/**
 * Who may open which route (01 §2, §6; 02 §2): one table, read by the route guards and walked by the
 * browser test of every route. Protected routes are admin only unless they list provider too.
 */
import type { ConsoleRole } from './roles';

export type Access = 'public' | readonly ConsoleRole[];

const ADMIN: readonly ConsoleRole[] = ['admin'];
const PROVIDER_OR_ADMIN: readonly ConsoleRole[] = ['admin', 'provider'];

export const ROUTE_ACCESS = {
  '/login': 'public',
  '/reset-password': 'public',
  '/provider/invite/$code': 'public',

  '/': ADMIN,
  '/services': ADMIN,
  '/services/create': ADMIN,
  '/providers/provider/invite': ADMIN,
  '/users': ADMIN,
  '/credits': ADMIN,
  '/credits/create': ADMIN,
  '/promocodes': ADMIN,
  '/promocodes/create': ADMIN,
  '/pricing-tiers': ADMIN,
  '/overview': ADMIN,
  '/notifications': ADMIN,
  '/settings': ADMIN,
  '/history': ADMIN,

  '/providers': PROVIDER_OR_ADMIN,
  '/appointments': PROVIDER_OR_ADMIN,
  '/provider/overview': PROVIDER_OR_ADMIN,
  '/provider/profile': PROVIDER_OR_ADMIN,
  '/provider/onboarding': PROVIDER_OR_ADMIN,
  '/provider/onboarding/credentials': PROVIDER_OR_ADMIN,
  '/provider/onboarding/location': PROVIDER_OR_ADMIN,
  '/provider/onboarding/create': PROVIDER_OR_ADMIN,
  '/provider/onboarding/serviceitems': PROVIDER_OR_ADMIN,
  '/provider/onboarding/apilocation': PROVIDER_OR_ADMIN,
  '/provider/onboarding/stripe': PROVIDER_OR_ADMIN,
} as const satisfies Record<string, Access>;

export type ConsolePath = keyof typeof ROUTE_ACCESS;
export type ProtectedPath = {
  [P in ConsolePath]: (typeof ROUTE_ACCESS)[P] extends 'public' ? never : P;
}[ConsolePath];

export function allowedRoles(path: ProtectedPath): readonly ConsoleRole[] {
  return ROUTE_ACCESS[path] as readonly ConsoleRole[];
}

/** The route pattern a concrete path matches (`/provider/invite/abc` matches `/provider/invite/$code`), if any. */
export function patternOf(pathname: string): ConsolePath | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const segments = path.split('/');
  return (Object.keys(ROUTE_ACCESS) as ConsolePath[]).find((pattern) => {
    const parts = pattern.split('/');
    return (
      parts.length === segments.length &&
      parts.every((part, i) => (part.startsWith('$') ? segments[i] !== '' : part === segments[i]))
    );
  });
}

/** The access rule of a concrete path (`/provider/invite/abc` matches `/provider/invite/$code`), if any. */
export function accessOf(pathname: string): Access | undefined {
  const pattern = patternOf(pathname);
  return pattern === undefined ? undefined : ROUTE_ACCESS[pattern];
}

/**
 * Whether a signed-in role may open this address (path with optional query and hash). Public and unknown
 * paths are open (an unknown one shows the not-found page); protected ones follow the table.
 */
export function roleMayOpen(role: ConsoleRole, href: string): boolean {
  const pathname = href.split(/[?#]/)[0] ?? '';
  const access = accessOf(pathname);
  return access === undefined || access === 'public' || access.includes(role);
}
