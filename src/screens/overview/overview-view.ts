/**
 * What the Overview shows from GET /overview: one card per figure (its value, the change from the previous 30
 * days, its daily chart), the windows as a sentence, and whether the marketplace is still empty.
 */
import type { Overview, OverviewFigure } from '../../api/contract/overview';
import { changeOf, daysOf, type DayRange } from '../../domain/overview/overview';
import { formatCount, formatDay } from '../../domain/shared/format';
import { formatDollars } from '../../domain/shared/money';
import type { StatCardProps } from '../../ui/overview/StatCard';

const dayLabel = (day: string) => formatDay(day, { year: false });
const rangeLabel = (range: DayRange) => `${dayLabel(range.from)} – ${dayLabel(range.to)}`;

const count = (noun: string) => (value: number) => `${formatCount(value)} ${value === 1 ? noun : `${noun}s`}`;
const money = (value: number) => formatDollars(value);
const plain = (value: number) => formatCount(value);

type FigureKey = Exclude<keyof Overview, 'current' | 'previous' | 'providers' | 'payoutsWaiting'>;

const CARDS: readonly {
  key: FigureKey;
  label: string;
  hint: string;
  goodWhen: 'up' | 'down';
  value(value: number): string;
  each(value: number): string;
}[] = [
  {
    key: 'bookings',
    label: 'Bookings',
    hint: 'Appointments in the period',
    goodWhen: 'up',
    value: plain,
    each: count('booking'),
  },
  {
    key: 'revenue',
    label: 'Completed revenue',
    hint: 'Price of completed appointments',
    goodWhen: 'up',
    value: money,
    each: money,
  },
  {
    key: 'commission',
    label: 'Commission',
    hint: 'The marketplace’s share of that revenue',
    goodWhen: 'up',
    value: money,
    each: money,
  },
  {
    key: 'cancellations',
    label: 'Cancellations',
    hint: 'Cancelled 24 hours or more ahead',
    goodWhen: 'down',
    value: plain,
    each: count('cancellation'),
  },
  {
    key: 'lateCancellations',
    label: 'Late cancellations',
    hint: 'Cancelled under 24 hours ahead',
    goodWhen: 'down',
    value: plain,
    each: count('late cancellation'),
  },
  {
    key: 'newUsers',
    label: 'New users',
    hint: 'Accounts created',
    goodWhen: 'up',
    value: plain,
    each: count('new user'),
  },
];

export function statCards(overview: Overview): StatCardProps[] {
  const days = daysOf(overview.current).map(dayLabel);
  return CARDS.map((card) => {
    const figure: OverviewFigure = overview[card.key];
    return {
      id: card.key,
      label: card.label,
      hint: card.hint,
      goodWhen: card.goodWhen,
      value: card.value(figure.current),
      previous: card.value(figure.previous),
      change: changeOf(figure.current, figure.previous),
      chart: { values: figure.daily, days, format: card.each },
    };
  });
}

/** "Last 30 days (Jun 1 – Jun 30) against the 30 before (May 2 – May 31)". */
export function windowsLine(overview: Overview): string {
  return `Last 30 days (${rangeLabel(overview.current)}) against the 30 before (${rangeLabel(overview.previous)})`;
}

/** No providers, and no bookings or new users in either window. */
export function isEmptyMarketplace(overview: Overview): boolean {
  const quiet = (figure: OverviewFigure) => figure.current === 0 && figure.previous === 0;
  return overview.providers.started === 0 && quiet(overview.bookings) && quiet(overview.newUsers);
}
