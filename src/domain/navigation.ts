/** The sidebar per role (01 §2): labels and order exactly as the spec lists them. */
export interface NavItem {
  label: string;
  to: string;
}

export const ADMIN_NAV: readonly NavItem[] = [
  { label: 'Overview', to: '/overview' },
  { label: 'Providers', to: '/providers' },
  { label: 'Users', to: '/users' },
  { label: 'Services', to: '/services' },
  { label: 'Promocodes', to: '/promocodes' },
  { label: 'Credits', to: '/credits' },
  { label: 'Pricing Tiers', to: '/pricing-tiers' },
  { label: 'Provider Onboard', to: '/provider/onboarding' },
  { label: 'Notifications', to: '/notifications' },
  { label: 'Settings', to: '/settings' },
];
