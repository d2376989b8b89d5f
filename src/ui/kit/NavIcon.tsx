import type { NavIcon as NavIconName } from '../../domain/shell/navigation';

/** Each sidebar mark as 24 × 24 stroke paths (drawn in the text colour, 1.75 px lines). */
const PATHS: Record<NavIconName | 'logout' | 'menu', string> = {
  overview: 'M3 3h7v7H3zM14 3h7v7h-7zM14 14h7v7h-7zM3 14h7v7H3z',
  appointments: 'M4 5h16v16H4zM4 10h16M8 3v4M16 3v4M8 14h3',
  providers: 'M3 9l2-5h14l2 5M4 9v11h16V9M9 20v-6h6v6M3 9h18',
  users:
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v1M16 3.5a4 4 0 0 1 0 7.5M19 14a5 5 0 0 1 3 5v2',
  services: 'M12 3l2.2 5.2L20 9l-4.2 3.8L17 19l-5-3-5 3 1.2-6.2L4 9l5.8-.8z',
  promocodes: 'M20.6 13.4l-7.2 7.2a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8zM7.5 7.5h.01',
  credits: 'M3 7h18v12H3zM3 11h18M7 15h3M17 4H6',
  'pricing-tiers': 'M9 4L3 6v14l6-2 6 2 6-2V4l-6 2zM9 4v14M15 6v14',
  onboarding: 'M5 21V4M5 4h12l-2.5 4L17 12H5',
  notifications: 'M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10 21h4',
  settings: 'M4 6h9M17 6h3M15 4v4M4 12h3M11 12h9M9 10v4M4 18h11M19 18h1M17 16v4',
  history: 'M12 21a9 9 0 1 0-9-9M3 12V7M3 12h5M12 7v5l3 2',
  profile: 'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21v-1a6 6 0 0 1 6-6h4a6 6 0 0 1 6 6v1',
  payouts: 'M3 10l9-6 9 6M5 10v8M19 10v8M9.5 10v8M14.5 10v8M3 21h18',
  address: 'M12 21s7-6 7-12a7 7 0 0 0-14 0c0 6 7 12 7 12zM12 11a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h11',
  menu: 'M4 6h16M4 12h16M4 18h16',
};

/** A sidebar entry's mark (or the phone bar's Menu); decorative (the entry's label names it). */
export function NavIcon({ name }: { name: NavIconName | 'logout' | 'menu' }) {
  return (
    <svg
      aria-hidden="true"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      style={{ flexShrink: 0 }}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
