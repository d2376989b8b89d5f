import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageNameOf } from '../../../src/domain/auth/page-names';
import {
  ADMIN_NAV,
  canSwitchProvider,
  currentEntryLabel,
  currentProvider,
  externalAdminLink,
  isCurrentEntry,
  navCount,
  navGroups,
  providerNav,
  showsProviderNav,
  type NavItem,
  type NavProvider,
} from '../../../src/domain/shell/navigation';

const links = { externalAdminUrl: 'https://admin.example.com/console/', signedIn: true };
const labels = (provider: NavProvider | null, signedIn = true) =>
  providerNav(provider, { ...links, signedIn }).map((item) => item.label);

describe('the sidebar per role (01 §2)', () => {
  it('admin: the entries in runs under four headings, the spec order kept, every entry with a mark', () => {
    const groups = navGroups(ADMIN_NAV).map((group) => [
      group.heading,
      group.items.map((item) => item.label),
    ]);
    expect(groups).toEqual([
      ['Marketplace', ['Overview', 'Appointments', 'Providers', 'Users']],
      ['Catalogue & Money', ['Services', 'Promocodes', 'Credits', 'Pricing Tiers']],
      ['Onboarding', ['Provider Onboard']],
      ['System', ['Notifications', 'Settings', 'History']],
    ]);
    expect(navGroups(ADMIN_NAV).flatMap((group) => group.items)).toEqual(ADMIN_NAV);
    expect(ADMIN_NAV.every((item) => item.icon !== undefined)).toBe(true);
  });

  it('provider: one run without a heading', () => {
    const nav = providerNav(
      { logoURL: null, location: { id: 4, settlementAccount: { id: 'acct_1' } } },
      links,
    );
    expect(navGroups(nav)).toEqual([{ heading: null, items: nav }]);
    expect(nav.map((item) => item.icon)).toEqual([
      'overview',
      'appointments',
      'payouts',
      'address',
      'profile',
    ]);
  });

  it('admin: the ten screens in the spec order, Appointments after Overview, then History (Log Out is drawn by the shell)', () => {
    expect(ADMIN_NAV.map((item) => item.label)).toEqual([
      'Overview',
      'Appointments',
      'Providers',
      'Users',
      'Services',
      'Promocodes',
      'Credits',
      'Pricing Tiers',
      'Provider Onboard',
      'Notifications',
      'Settings',
      'History',
    ]);
  });

  it('provider with a location and a settlement account: all five items', () => {
    const nav = providerNav(
      { logoURL: '/logo.png', location: { id: 12, settlementAccount: { id: 'acct_9' } } },
      links,
    );
    expect(nav).toEqual([
      {
        kind: 'route',
        label: 'Overview',
        to: '/provider/overview',
        icon: 'overview',
        alsoAt: ['/provider/onboarding/stripe'],
      },
      { kind: 'route', label: 'Appointments', to: '/appointments', icon: 'appointments' },
      {
        kind: 'external',
        label: 'Manage payouts',
        href: 'https://admin.example.com/console/payouts/bank-account?id=acct_9',
        page: 'payouts/bank-account',
        id: 'acct_9',
        icon: 'payouts',
      },
      {
        kind: 'external',
        label: 'Update address',
        href: 'https://admin.example.com/console/provider/locations?id=12',
        page: 'provider/locations',
        id: '12',
        icon: 'address',
      },
      {
        kind: 'route',
        label: 'My Profile',
        to: '/provider/profile',
        icon: 'profile',
        imageURL: '/logo.png',
      },
    ]);
  });

  it('Manage payouts only with a settlement account id; Update address only with a location', () => {
    expect(labels({ logoURL: null, location: { id: 1, settlementAccount: null } })).toEqual([
      'Overview',
      'Appointments',
      'Update address',
      'My Profile',
    ]);
    expect(labels({ logoURL: null, location: { id: 1, settlementAccount: { id: '' } } })).toEqual([
      'Overview',
      'Appointments',
      'Update address',
      'My Profile',
    ]);
    expect(labels({ logoURL: null, location: null })).toEqual(['Overview', 'Appointments', 'My Profile']);
    expect(labels(null)).toEqual(['Overview', 'Appointments', 'My Profile']);
  });

  it('no external links without a session', () => {
    expect(labels({ logoURL: null, location: { id: 1, settlementAccount: { id: 'a' } } }, false)).toEqual([
      'Overview',
      'Appointments',
      'My Profile',
    ]);
  });

  it('My Profile carries the logo only when set', () => {
    const profile = providerNav({ logoURL: null, location: null }, links).at(-1);
    expect(profile).toEqual({
      kind: 'route',
      label: 'My Profile',
      to: '/provider/profile',
      icon: 'profile',
      imageURL: null,
    });
  });

  it('provider menu for a provider, and for an admin only while viewing as provider', () => {
    expect(showsProviderNav({ isAdmin: false, viewAsProvider: false })).toBe(true);
    expect(showsProviderNav({ isAdmin: true, viewAsProvider: false })).toBe(false);
    expect(showsProviderNav({ isAdmin: true, viewAsProvider: true })).toBe(true);
  });
});

describe('the entry lit for payouts, a page outside both menus', () => {
  const entry = (nav: readonly NavItem[], label: string) => {
    const found = nav.find((item) => item.label === label);
    if (!found) throw new Error(`no ${label} entry`);
    return found;
  };

  it('a provider: Overview, where the checklist leads to it from', () => {
    const nav = providerNav(null, links);
    expect(isCurrentEntry(entry(nav, 'Overview'), '/provider/onboarding/stripe')).toBe(true);
    expect(isCurrentEntry(entry(nav, 'Overview'), '/provider/overview')).toBe(true);
    expect(isCurrentEntry(entry(nav, 'Appointments'), '/provider/onboarding/stripe')).toBe(false);
  });

  it('an admin: Providers, whose Manage Stripe Account leads to it, and not Provider Onboard', () => {
    expect(isCurrentEntry(entry(ADMIN_NAV, 'Providers'), '/provider/onboarding/stripe')).toBe(true);
    expect(isCurrentEntry(entry(ADMIN_NAV, 'Provider Onboard'), '/provider/onboarding/stripe/')).toBe(false);
    expect(isCurrentEntry(entry(ADMIN_NAV, 'Provider Onboard'), '/provider/onboarding/credentials')).toBe(
      true,
    );
    expect(isCurrentEntry(entry(ADMIN_NAV, 'Provider Onboard'), '/provider/onboarding')).toBe(true);
  });
});

describe('the phone bar names the entry lit', () => {
  it('the entry a page is reached from, or the console where none is lit', () => {
    expect(currentEntryLabel(ADMIN_NAV, '/users')).toBe('Users');
    expect(currentEntryLabel(ADMIN_NAV, '/providers/provider/invite')).toBe('Providers');
    expect(currentEntryLabel(ADMIN_NAV, '/provider/onboarding/stripe')).toBe('Providers');
    expect(currentEntryLabel(providerNav(null, links), '/provider/onboarding/stripe')).toBe('Overview');
    expect(currentEntryLabel(ADMIN_NAV, '/no-such-page')).toBe('Upkeep Console');
  });

  it('the page’s own name where no entry is lit (an admin’s provider overview), an entry first', () => {
    expect(currentEntryLabel(ADMIN_NAV, '/provider/overview', pageNameOf('/provider/overview'))).toBe(
      'Overview',
    );
    expect(currentEntryLabel(ADMIN_NAV, '/', pageNameOf('/'))).toBe('Services');
    expect(currentEntryLabel(ADMIN_NAV, '/no-such-page', pageNameOf('/no-such-page'))).toBe('Upkeep Console');
  });
});

describe('externalAdminLink', () => {
  it('keeps the base path, with or without a trailing slash, and encodes the query', () => {
    expect(
      externalAdminLink('http://localhost:8787/external-admin', 'payouts/bank-account', {
        id: 'a b',
        code: 'c&x',
      }),
    ).toBe('http://localhost:8787/external-admin/payouts/bank-account?id=a+b&code=c%26x');
    expect(externalAdminLink('https://admin.example.com/', 'provider/locations', { id: '1' })).toBe(
      'https://admin.example.com/provider/locations?id=1',
    );
  });

  it('round-trips any id and code through the query, and never carries a token', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (id, code) => {
        const url = new URL(
          externalAdminLink('https://admin.example.com/x?old=1#h', 'provider/locations', { id, code }),
        );
        expect(url.pathname).toBe('/x/provider/locations');
        expect(url.searchParams.get('id')).toBe(id);
        expect(url.searchParams.get('code')).toBe(code);
        expect(url.searchParams.has('token')).toBe(false);
        expect(url.searchParams.has('old')).toBe(false);
      }),
    );
  });
});

describe('currentProvider and canSwitchProvider', () => {
  const list = [{ id: 1 }, { id: 2 }];
  it.each([
    [2, false, { id: 2 }],
    [null, false, { id: 1 }],
    [99, false, { id: 1 }],
    [2, true, { id: 2 }],
    [null, true, null],
    [99, true, null],
  ])('chosen %j, admin %s → %j', (chosen, isAdmin, expected) => {
    expect(currentProvider(list, chosen, { isAdmin })).toEqual(expected);
  });
  it('nothing to show without providers', () => {
    expect(currentProvider([], null, { isAdmin: false })).toBeNull();
  });
  it('only a non-admin with more than one provider may switch', () => {
    expect(canSwitchProvider({ isAdmin: false }, 2)).toBe(true);
    expect(canSwitchProvider({ isAdmin: false }, 1)).toBe(false);
    expect(canSwitchProvider({ isAdmin: true }, 5)).toBe(false);
  });
});

describe('a sidebar entry’s count (the admin’s unread notifications)', () => {
  it('names the entry with its count and shows the figure; nothing for none or unknown', () => {
    expect(navCount('Notifications', 3)).toEqual({ shown: '3', name: 'Notifications, 3 unread' });
    expect(navCount('Notifications', 1_250)).toEqual({ shown: '99+', name: 'Notifications, 1,250 unread' });
    expect(navCount('Notifications', 99)?.shown).toBe('99');
    expect(navCount('Notifications', 100)?.shown).toBe('99+');
    expect(navCount('Notifications', 0)).toBeNull();
    expect(navCount('Notifications', undefined)).toBeNull();
  });

  it('any positive count: the name carries the number, the figure never grows past three characters', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (count) => {
        const badge = navCount('Notifications', count);
        expect(badge?.name).toMatch(/^Notifications, [\d,]+ unread$/);
        expect(Number(badge?.name.replace(/\D/g, ''))).toBe(count);
        expect(badge?.shown.length).toBeLessThanOrEqual(3);
      }),
    );
  });
});
