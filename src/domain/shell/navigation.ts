/**
 * The sidebar per role (01 §2): labels and order exactly as the spec lists them. Log Out closes every
 * sidebar and is drawn by the shell.
 *
 * Manage payouts and Update address open the external admin site with query parameter `id` and a one-time
 * `code` the console asks the API for when the link is followed (never the session's ID token, which would
 * sit in the site's history and logs):
 * - Manage payouts → `<external>/payouts/bank-account?id=<settlement account id>&code=…`, offered only
 *   when the provider's location has a settlement account;
 * - Update address → `<external>/provider/locations?id=<location id>&code=…`, offered only when the
 *   provider has a location.
 */

import { formatCount } from '../shared/format';

/** The mark drawn before an entry (the shell draws each name; the domain only names it). */
export type NavIcon =
  | 'overview'
  | 'appointments'
  | 'providers'
  | 'users'
  | 'services'
  | 'promocodes'
  | 'credits'
  | 'pricing-tiers'
  | 'onboarding'
  | 'notifications'
  | 'settings'
  | 'history'
  | 'profile'
  | 'payouts'
  | 'address';

export type NavItem = RouteNavItem | ExternalNavItem;

export interface RouteNavItem {
  kind: 'route';
  label: string;
  to: string;
  icon?: NavIcon;
  /** The heading of the run of entries this one opens (the admin's sidebar is grouped). */
  group?: string;
  /** An image drawn before the label (the provider's logo on My Profile, when set). */
  imageURL?: string | null;
  /**
   * Other addresses where the entry is the current one too: '/' is Services, and a page outside the menu
   * is lit under the entry it is reached from (payouts under the provider's Overview or the admin's Providers).
   */
  alsoAt?: readonly string[];
  /** Addresses below this entry's own that belong to another entry (payouts is not Provider Onboard). */
  notAt?: readonly string[];
}

/** An entry of the external admin site: `href` without its code; `page` and `id` are what the code is for. */
export interface ExternalNavItem {
  kind: 'external';
  label: string;
  href: string;
  page: ExternalAdminPage;
  id: string;
  icon?: NavIcon;
}

/**
 * Payouts (02 §2) is outside both menus: a provider reaches it from the Overview checklist, an admin from a
 * provider's Manage Stripe Account.
 */
export const PAYOUTS_PATH = '/provider/onboarding/stripe';

const route = (label: string, to: string, icon: NavIcon, group?: string): RouteNavItem => ({
  kind: 'route',
  label,
  to,
  icon,
  ...(group ? { group } : {}),
});

/**
 * The admin's sidebar: the spec's entries in the spec's order, in runs under a heading each (Marketplace,
 * Catalogue & Money, Onboarding, System) so a long menu reads at a glance.
 */
export const ADMIN_NAV: readonly NavItem[] = [
  route('Overview', '/overview', 'overview', 'Marketplace'),
  // Not in the spec's list, which does not name one for /appointments (a provider-or-admin route, 01 §2):
  // right after Overview, the spec's entries otherwise in its order.
  route('Appointments', '/appointments', 'appointments'),
  { ...route('Providers', '/providers', 'providers'), alsoAt: [PAYOUTS_PATH] },
  route('Users', '/users', 'users'),
  { ...route('Services', '/services', 'services', 'Catalogue & Money'), alsoAt: ['/'] },
  route('Promocodes', '/promocodes', 'promocodes'),
  route('Credits', '/credits', 'credits'),
  route('Pricing Tiers', '/pricing-tiers', 'pricing-tiers'),
  { ...route('Provider Onboard', '/provider/onboarding', 'onboarding', 'Onboarding'), notAt: [PAYOUTS_PATH] },
  route('Notifications', '/notifications', 'notifications', 'System'),
  route('Settings', '/settings', 'settings'),
  // Not in the spec's list: the audit trail, after the spec's entries.
  route('History', '/history', 'history'),
];

/** The sidebar's entries in runs: each run starts at an entry with a `group` (the first run may have none). */
export function navGroups(nav: readonly NavItem[]): { heading: string | null; items: NavItem[] }[] {
  const groups: { heading: string | null; items: NavItem[] }[] = [];
  for (const item of nav) {
    const heading = item.kind === 'route' ? (item.group ?? null) : null;
    const last = groups[groups.length - 1];
    if (!last || heading !== null) groups.push({ heading, items: [item] });
    else last.items.push(item);
  }
  return groups;
}

/** What the provider sidebar needs to know about the provider whose console is shown. */
export interface NavProvider {
  logoURL: string | null;
  location: { id: number; settlementAccount: { id: string } | null } | null;
}

/** The external admin site's pages as the API names them (its path without the leading slash). */
export type ExternalAdminPage = 'payouts/bank-account' | 'provider/locations';

/** `<base>/<page>?id=…` and, once the API gave one, `&code=…`, keeping any path the base URL already has. */
export function externalAdminLink(
  base: string,
  page: ExternalAdminPage,
  query: { id: string; code?: string },
): string {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${page}`;
  url.search = new URLSearchParams(
    query.code === undefined ? { id: query.id } : { id: query.id, code: query.code },
  ).toString();
  url.hash = '';
  return url.toString();
}

export interface ExternalLinks {
  /** Base URL of the external admin site (configuration). */
  externalAdminUrl: string;
  /** Whether a session is signed in; without one no external link is offered. */
  signedIn: boolean;
}

const external = (
  links: ExternalLinks,
  label: string,
  page: ExternalAdminPage,
  id: string,
): ExternalNavItem => ({
  kind: 'external',
  label,
  href: externalAdminLink(links.externalAdminUrl, page, { id }),
  page,
  id,
  icon: page === 'payouts/bank-account' ? 'payouts' : 'address',
});

/** The provider sidebar's entry for the provider's own profile, and that page's title. */
export const MY_PROFILE_LABEL = 'My Profile';

/** The provider sidebar (also an admin's while viewing as provider). */
export function providerNav(provider: NavProvider | null, links: ExternalLinks): NavItem[] {
  // Appointments is not in the spec's list (see ADMIN_NAV): right after Overview.
  const items: NavItem[] = [
    { ...route('Overview', '/provider/overview', 'overview'), alsoAt: [PAYOUTS_PATH] },
    route('Appointments', '/appointments', 'appointments'),
  ];
  const location = provider?.location ?? null;
  const settlementId = location?.settlementAccount?.id;
  if (settlementId && links.signedIn)
    items.push(external(links, 'Manage payouts', 'payouts/bank-account', settlementId));
  if (location && links.signedIn)
    items.push(external(links, 'Update address', 'provider/locations', String(location.id)));
  items.push({
    kind: 'route',
    label: MY_PROFILE_LABEL,
    to: '/provider/profile',
    icon: 'profile',
    imageURL: provider?.logoURL ?? null,
  });
  return items;
}

/** Whether the provider sidebar is shown: for a provider, and for an admin viewing as provider. */
export function showsProviderNav(view: { isAdmin: boolean; viewAsProvider: boolean }): boolean {
  return !view.isAdmin || view.viewAsProvider;
}

/**
 * The provider whose console is shown: the chosen one when it is in the list, else the first. An admin
 * who has not chosen one sees none (the list is every provider).
 */
export function currentProvider<P extends { id: number }>(
  providers: readonly P[],
  chosenId: number | null,
  options: { isAdmin: boolean },
): P | null {
  const chosen = chosenId === null ? undefined : providers.find((provider) => provider.id === chosenId);
  if (chosen) return chosen;
  return options.isAdmin ? null : (providers[0] ?? null);
}

/** A provider user with more than one provider gets the Switch Provider picker; an admin never does. */
export function canSwitchProvider(view: { isAdmin: boolean }, providerCount: number): boolean {
  return !view.isAdmin && providerCount > 1;
}

/** The most a sidebar count shows in figures; more reads "99+" (the accessible name keeps the number). */
export const NAV_COUNT_SHOWN_MAX = 99;

/**
 * A sidebar entry's count (the admin's unread notifications on Notifications): the figure drawn beside the
 * label and the entry's accessible name ("Notifications, 3 unread"); nothing for none.
 */
export function navCount(label: string, count: number | undefined): { shown: string; name: string } | null {
  if (count === undefined || count <= 0) return null;
  return {
    shown: count > NAV_COUNT_SHOWN_MAX ? `${formatCount(NAV_COUNT_SHOWN_MAX)}+` : formatCount(count),
    name: `${label}, ${formatCount(count)} unread`,
  };
}

/** Whether a menu entry is the current page: its own address, or one that shows the same screen. */
export function isCurrentEntry(item: NavItem, pathname: string): boolean {
  if (item.kind !== 'route') return false;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if ((item.alsoAt ?? []).includes(path)) return true;
  if ((item.notAt ?? []).some((other) => path === other || path.startsWith(`${other}/`))) return false;
  return path === item.to || path.startsWith(`${item.to}/`);
}

/**
 * What the phone's top bar names: the label of the menu entry lit at the address (the first, in menu
 * order); where no entry is lit, the page's own name (`pageName`: an admin's provider overview before they
 * view as a provider), or the console's name (a page not found).
 */
export function currentEntryLabel(nav: readonly NavItem[], pathname: string, pageName?: string): string {
  return nav.find((item) => isCurrentEntry(item, pathname))?.label ?? pageName ?? 'Upkeep Console';
}
