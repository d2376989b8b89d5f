/**
 * The sign-in page for someone already signed in: the console's pages by their names. Loaded with that card
 * only (src/screens/auth/SignedIn.tsx), so the names are not part of the sign-in page's first load.
 */
import { patternOf, roleMayOpen, type ConsolePath } from './access';
import type { ConsoleRole } from './roles';
import { landingAfterSignIn, safeRedirect, type Landing } from './sign-in';

/**
 * Each page by the name people know it by (its title, or its sidebar entry), for a sentence about the page
 * instead of its address: '/' reads "Services". The admins' Overview is the marketplace's, so it is not
 * taken for a provider's own.
 */
export const PAGE_NAMES: Readonly<Record<ConsolePath, string>> = {
  '/login': 'Sign In',
  '/reset-password': 'Reset Password',
  '/provider/invite/$code': 'Create Your Account',
  '/': 'Services',
  '/services': 'Services',
  '/services/create': 'Create Service Category',
  '/providers/provider/invite': 'Invite Provider',
  '/users': 'Users',
  '/credits': 'Credits',
  '/credits/create': 'Create Credit',
  '/promocodes': 'Promocodes',
  '/promocodes/create': 'Create Promocode',
  '/pricing-tiers': 'Pricing Tiers',
  '/overview': 'Marketplace Overview',
  '/notifications': 'Notifications',
  '/settings': 'Settings',
  '/history': 'History',
  '/providers': 'Providers',
  '/appointments': 'Appointments',
  '/provider/overview': 'Overview',
  '/provider/profile': 'My Profile',
  '/provider/onboarding': 'Provider Onboarding',
  '/provider/onboarding/credentials': 'Provider Onboarding',
  '/provider/onboarding/location': 'Provider Onboarding',
  '/provider/onboarding/create': 'Provider Onboarding',
  '/provider/onboarding/serviceitems': 'Provider Onboarding',
  '/provider/onboarding/apilocation': 'Provider Onboarding',
  '/provider/onboarding/stripe': 'Payouts',
};

/** The name of the page at this address (path with optional query and hash), if it is one of the console's. */
export function pageNameOf(href: string): string | undefined {
  const pattern = patternOf(href.split(/[?#]/)[0] ?? '');
  return pattern === undefined ? undefined : PAGE_NAMES[pattern];
}

/**
 * A signed-in person on the sign-in page: where "Go to …" leads and the name of that page, and the page they
 * were sent away from because their role may not open it, by its name (null when they came on their own or
 * may open it). Every page a console role is refused is an admin page (a provider's pages open for admins).
 */
export function alreadySignedIn(
  role: ConsoleRole,
  redirect: string | undefined,
): Landing & { landingName: string; refused: string | null } {
  const target = safeRedirect(redirect);
  const refused = target !== undefined && !roleMayOpen(role, target) ? (pageNameOf(target) ?? target) : null;
  const landing = landingAfterSignIn(role, redirect);
  return { ...landing, landingName: pageNameOf(landing.to) ?? 'the console', refused };
}
