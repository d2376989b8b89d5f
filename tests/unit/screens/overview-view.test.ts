import { describe, expect, it } from 'vitest';
import type { Overview } from '../../../src/api/contract/overview';
import { isEmptyMarketplace, statCards, windowsLine } from '../../../src/screens/overview/overview-view';

const figure = (current: number, previous: number) => ({
  current,
  previous,
  daily: Array.from({ length: 30 }, (_, day) => (day === 29 ? current : 0)),
});

const overview: Overview = {
  current: { from: '2026-06-01', to: '2026-06-30' },
  previous: { from: '2026-05-02', to: '2026-05-31' },
  bookings: figure(120, 100),
  revenue: figure(1_234_56, 0),
  commission: figure(24_691, 20_000),
  cancellations: figure(3, 4),
  lateCancellations: figure(0, 0),
  newUsers: figure(1, 2),
  providers: { started: 4, connected: 3, mapped: 2, payoutsReady: 2, live: 1 },
  payoutsWaiting: { count: 2, amountInCents: 9_000 },
};

describe('the overview view', () => {
  it('gives each figure its plain label, formatted value, change and chart', () => {
    const cards = statCards(overview);
    expect(cards.map((card) => card.label)).toEqual([
      'Bookings',
      'Completed revenue',
      'Commission',
      'Cancellations',
      'Late cancellations',
      'New users',
    ]);
    const [bookings, revenue, , cancellations, , newUsers] = cards;
    expect(bookings).toMatchObject({
      value: '120',
      previous: '100',
      change: { text: '+20%' },
      goodWhen: 'up',
    });
    expect(revenue).toMatchObject({ value: '$1,234.56', previous: '$0.00', change: { text: 'New' } });
    expect(cancellations).toMatchObject({ goodWhen: 'down', change: { text: '−25%' } });
    expect(bookings?.chart.days).toHaveLength(30);
    expect(bookings?.chart.days.at(-1)).toBe('Jun 30');
    expect(bookings?.chart.format(1)).toBe('1 booking');
    expect(newUsers?.chart.format(2)).toBe('2 new users');
    expect(revenue?.chart.format(150)).toBe('$1.50');
  });

  it('says which days are compared', () => {
    expect(windowsLine(overview)).toBe(
      'Last 30 days (Jun 1 – Jun 30) against the 30 before (May 2 – May 31)',
    );
  });

  it('calls the marketplace empty only with no providers, bookings or new users', () => {
    expect(isEmptyMarketplace(overview)).toBe(false);
    const none = figure(0, 0);
    const empty = {
      ...overview,
      bookings: none,
      newUsers: none,
      providers: { started: 0, connected: 0, mapped: 0, payoutsReady: 0, live: 0 },
    };
    expect(isEmptyMarketplace(empty)).toBe(true);
    expect(isEmptyMarketplace({ ...empty, newUsers: figure(0, 1) })).toBe(false);
  });
});
