import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accessOf,
  allowedRoles,
  ROUTE_ACCESS,
  roleMayOpen,
  type ProtectedPath,
} from '../../../src/domain/auth/access';
import { alreadySignedIn, PAGE_NAMES, pageNameOf } from '../../../src/domain/auth/page-names';
import { landingAfterSignIn } from '../../../src/domain/auth/sign-in';

const PATHS = Object.keys(ROUTE_ACCESS) as (keyof typeof ROUTE_ACCESS)[];

describe('the access table', () => {
  it('has the public routes of both specs, and every other route admin only unless it lists provider', () => {
    expect(PATHS.filter((path) => ROUTE_ACCESS[path] === 'public')).toEqual([
      '/login',
      '/reset-password',
      '/provider/invite/$code',
    ]);
    const providerRoutes = PATHS.filter(
      (path) => ROUTE_ACCESS[path] !== 'public' && allowedRoles(path as ProtectedPath).includes('provider'),
    );
    expect(providerRoutes.sort()).toEqual(
      [
        '/providers',
        '/appointments',
        '/provider/overview',
        '/provider/profile',
        '/provider/onboarding',
        '/provider/onboarding/credentials',
        '/provider/onboarding/location',
        '/provider/onboarding/create',
        '/provider/onboarding/serviceitems',
        '/provider/onboarding/apilocation',
        '/provider/onboarding/stripe',
      ].sort(),
    );
    for (const path of PATHS) {
      if (ROUTE_ACCESS[path] !== 'public') expect(allowedRoles(path as ProtectedPath)).toContain('admin');
    }
  });
});

describe('accessOf', () => {
  it.each([
    ['/login', 'public'],
    ['/provider/invite/abc123', 'public'],
    ['/provider/invite/', undefined],
    ['/provider/invite/a/b', undefined],
    ['/users', ['admin']],
    ['/users/', ['admin']],
    ['/', ['admin']],
    ['/provider/overview', ['admin', 'provider']],
    ['/nowhere', undefined],
  ])('%s → %j', (path, access) => {
    expect(accessOf(path)).toEqual(access);
  });

  it('finds every route of the table', () => {
    for (const path of PATHS) expect(accessOf(path.replace('$code', 'x'))).toBe(ROUTE_ACCESS[path]);
  });
});

describe('roleMayOpen', () => {
  it.each([
    ['provider', '/users?page=2', false],
    ['provider', '/provider/profile#top', true],
    ['provider', '/login', true],
    ['provider', '/not-a-route', true],
    ['admin', '/users', true],
  ] as const)('%s may open %s: %s', (role, href, open) => {
    expect(roleMayOpen(role, href)).toBe(open);
  });

  it('an admin may open every route', () => {
    fc.assert(fc.property(fc.constantFrom(...PATHS), (path) => roleMayOpen('admin', path)));
  });
});

describe('landingAfterSignIn follows a redirect only where the role may go', () => {
  it('a provider sent from an admin-only route lands on their overview instead', () => {
    expect(landingAfterSignIn('provider', '/users')).toEqual({
      to: '/provider/overview',
      fromProvider: true,
    });
    expect(landingAfterSignIn('provider', '/appointments')).toEqual({
      to: '/appointments',
      fromProvider: true,
    });
    expect(landingAfterSignIn('admin', '/users')).toEqual({ to: '/users', fromProvider: false });
  });
});

describe('pages by name', () => {
  it('names every page of the table, and a concrete address by its pattern', () => {
    for (const path of PATHS) expect(PAGE_NAMES[path]).toMatch(/^[A-Z]/);
    expect(pageNameOf('/')).toBe('Services');
    expect(pageNameOf('/users?page=2#top')).toBe('Users');
    expect(pageNameOf('/provider/invite/abc')).toBe('Create Your Account');
    expect(pageNameOf('/no-such-page')).toBeUndefined();
  });

  it('tells a signed-in provider which admin page was refused, by name, and leads to their Overview', () => {
    expect(alreadySignedIn('provider', '/')).toMatchObject({
      to: '/provider/overview',
      landingName: 'Overview',
      refused: 'Services',
    });
    expect(alreadySignedIn('provider', '/appointments')).toMatchObject({
      to: '/appointments',
      landingName: 'Appointments',
      refused: null,
    });
    expect(alreadySignedIn('admin', undefined)).toMatchObject({ landingName: 'Services', refused: null });
  });
});
